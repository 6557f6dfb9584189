import { apiRequest } from '#client/lib/api.ts';

/** Ends the session with POST /api/logout (a GET could be triggered by another site). */
export async function logOut(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}
