import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '#client/lib/api.ts';
import { type StatusPage, statusPageSchema } from '#domain/status-links.ts';

/** Public: the token is the key. A link that is not valid (any 404) is null, a page of its own. */
async function fetchStatusPage(token: string): Promise<StatusPage | null> {
  try {
    return await getJson(`/api/status/${encodeURIComponent(token)}`, statusPageSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useStatusPage(token: string) {
  return useQuery(queryOptions({ queryKey: ['/api/status', token], queryFn: () => fetchStatusPage(token) }));
}
