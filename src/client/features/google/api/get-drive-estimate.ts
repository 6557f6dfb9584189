import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { driveEstimateDetailSchema } from '#domain/google.ts';

export const driveEstimateQuery = (fileId: string) =>
  queryOptions({
    queryKey: ['/api/drive/estimates', fileId] as const,
    queryFn: () => getJson(`/api/drive/estimates/${encodeURIComponent(fileId)}`, driveEstimateDetailSchema),
  });

export function useDriveEstimate(fileId: string) {
  return useQuery(driveEstimateQuery(fileId));
}
