import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import type { DriveEstimateFile } from '#domain/google.ts';

/** Spec: the Drive list polls every 60 s. */
export const DRIVE_POLL_MS = 60_000;

export const driveEstimatesQuery = queryOptions({
  queryKey: ['/api/drive/estimates'] as const,
  queryFn: () => getJson<DriveEstimateFile[]>('/api/drive/estimates'),
  refetchInterval: DRIVE_POLL_MS,
});

export function useDriveEstimates() {
  return useQuery(driveEstimatesQuery);
}
