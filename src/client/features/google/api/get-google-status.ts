import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import type { GoogleStatus } from '#domain/google.ts';

export const googleStatusQuery = queryOptions({
  queryKey: ['/api/google/status'] as const,
  queryFn: () => getJson<GoogleStatus>('/api/google/status'),
});

/** Whether the server has the GOOGLE_* settings; it changes only with a restart, so it is asked once. */
export function useGoogleStatus() {
  return useQuery(googleStatusQuery);
}
