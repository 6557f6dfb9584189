import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { plateEstimateListSchema } from '#domain/admin-estimates.ts';

export const plateEstimatesQuery = (plate: string) =>
  queryOptions({
    queryKey: ['/api/admin/plates', plate, 'estimates'] as const,
    queryFn: () =>
      getJson(`/api/admin/plates/${encodeURIComponent(plate)}/estimates`, plateEstimateListSchema),
  });

/** The estimates of the vehicles with this plate, newest first. */
export function usePlateEstimates(plate: string) {
  return useQuery(plateEstimatesQuery(plate));
}
