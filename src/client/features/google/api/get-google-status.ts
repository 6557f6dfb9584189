import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoogleStatus } from '../../../../domain/google';
import { getJson } from '../../../lib/api';

export const googleStatusQuery = queryOptions({
  queryKey: ['/api/google/status'] as const,
  queryFn: () => getJson<GoogleStatus>('/api/google/status'),
});

/** Whether the server has the GOOGLE_* settings; it changes only with a restart, so it is asked once. */
export function useGoogleStatus() {
  return useQuery(googleStatusQuery);
}
