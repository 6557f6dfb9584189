import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { estimateListSchema } from '#domain/estimate-schema.ts';

export const estimatesKey = ['/api/estimates'] as const;

/** Spec: the list is polled every 5 s and refreshed on focus. */
export const estimatesQuery = queryOptions({
  queryKey: estimatesKey,
  queryFn: () => getJson('/api/estimates', estimateListSchema),
  refetchInterval: 5000,
  refetchOnWindowFocus: true,
});

export function useEstimates() {
  return useQuery(estimatesQuery);
}
