import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { driveEstimateListSchema } from '#domain/google.ts';

/** Spec: the Drive list polls every 60 s. */
export const DRIVE_POLL_MS = 60_000;

export const driveEstimatesQuery = queryOptions({
  queryKey: ['/api/drive/estimates'] as const,
  queryFn: () => getJson('/api/drive/estimates', driveEstimateListSchema),
  refetchInterval: DRIVE_POLL_MS,
});

export function useDriveEstimates() {
  return useQuery(driveEstimatesQuery);
}
