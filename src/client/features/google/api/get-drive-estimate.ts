import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import type { DriveEstimateDetail } from '#domain/google.ts';

export const driveEstimateQuery = (fileId: string) =>
  queryOptions({
    queryKey: ['/api/drive/estimates', fileId] as const,
    queryFn: () => getJson<DriveEstimateDetail>(`/api/drive/estimates/${encodeURIComponent(fileId)}`),
  });

export function useDriveEstimate(fileId: string) {
  return useQuery(driveEstimateQuery(fileId));
}
