import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '#client/lib/api.ts';
import { estimateDetailSchema } from '#domain/estimate-detail.ts';
import { estimatesKey } from './get-estimates.ts';

/** With its lines and supplements. Under the list's key, so invalidating the list refreshes every open estimate too. */
export const estimateKey = (id: string) => [...estimatesKey, id] as const;

export const estimateQuery = (id: string) =>
  queryOptions({
    queryKey: estimateKey(id),
    queryFn: () => getJson(`/api/estimates/${encodeURIComponent(id)}`, estimateDetailSchema),
  });

export function useEstimate(id: string) {
  return useQuery(estimateQuery(id));
}

/** Missing, someone else's, or not an id at all: to the customer it is simply not there. */
export function isEstimateMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
