import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { ESTIMATE_PAGE_SIZE_DEFAULT, estimatePageSchema } from '#domain/estimate-schema.ts';
import { estimatesKey } from './get-estimates.ts';

/** Under the list's key, so whatever refreshes the list (a change, an approval) refreshes the page too. */
export const estimatePageKey = (page: number, pageSize: number) =>
  [...estimatesKey, 'page', page, pageSize] as const;

/** One page of the customer's whole history; polled like the list, so a new quote shows on its own. */
export const estimatePageQuery = (page: number, pageSize = ESTIMATE_PAGE_SIZE_DEFAULT) =>
  queryOptions({
    queryKey: estimatePageKey(page, pageSize),
    queryFn: () => getJson(`/api/estimates?page=${page}&pageSize=${pageSize}`, estimatePageSchema),
    refetchInterval: 5000,
    refetchOnWindowFocus: true,
    // The page shown stays while the next one loads: the list does not collapse to a spinner.
    placeholderData: keepPreviousData,
  });

export function useEstimatePage(page: number, pageSize?: number) {
  return useQuery(estimatePageQuery(page, pageSize));
}
