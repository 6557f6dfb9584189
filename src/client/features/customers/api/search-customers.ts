import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import {
  CUSTOMER_SEARCH_MIN_LENGTH,
  CUSTOMER_SEARCH_MORE_HEADER,
  type Customer,
  customerListSchema,
} from '#domain/customers.ts';

export const customerSearchKey = (q: string) => ['/api/customers', q] as const;

/** The matches the server lists, and whether more matched than it lists (its answer header says). */
export interface CustomerSearch {
  customers: Customer[];
  more: boolean;
}

export async function fetchCustomerSearch(q: string): Promise<CustomerSearch> {
  const response = await apiRequest('GET', `/api/customers?q=${encodeURIComponent(q)}`);
  const customers = customerListSchema.parse(await response.json());
  return { customers, more: response.headers.get(CUSTOMER_SEARCH_MORE_HEADER) === 'true' };
}

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: customerSearchKey(q),
    queryFn: () => fetchCustomerSearch(q),
    enabled: q.length >= CUSTOMER_SEARCH_MIN_LENGTH,
    // New customers register all the time: a search is worth repeating after a little while.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Admin only. `q` is the trimmed search text; nothing is asked below the minimum length. */
export function useCustomerSearch(q: string) {
  return useQuery(customerSearchQuery(q));
}
