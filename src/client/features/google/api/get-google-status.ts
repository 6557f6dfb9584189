import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { googleStatusSchema } from '#domain/google.ts';

export const googleStatusQuery = queryOptions({
  queryKey: ['/api/google/status'] as const,
  queryFn: () => getJson('/api/google/status', googleStatusSchema),
});

/** Whether the server has the GOOGLE_* settings; it changes only with a restart, so it is asked once. */
export function useGoogleStatus() {
  return useQuery(googleStatusQuery);
}
