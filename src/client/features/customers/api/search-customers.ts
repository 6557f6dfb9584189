import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { CUSTOMER_SEARCH_MIN_LENGTH, customerListSchema } from '#domain/customers.ts';

export const customerSearchKey = (q: string) => ['/api/customers', q] as const;

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: customerSearchKey(q),
    queryFn: () => getJson(`/api/customers?q=${encodeURIComponent(q)}`, customerListSchema),
    enabled: q.length >= CUSTOMER_SEARCH_MIN_LENGTH,
    // New customers register all the time: a search is worth repeating after a little while.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Admin only. `q` is the trimmed search text; nothing is asked below the minimum length. */
export function useCustomerSearch(q: string) {
  return useQuery(customerSearchQuery(q));
}
