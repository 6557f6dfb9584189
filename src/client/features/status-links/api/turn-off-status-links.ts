import { apiRequest } from '#client/lib/api.ts';

/** Ends every status link of the estimate at once (DELETE …/status-link). */
export async function turnOffStatusLinks(estimateId: string): Promise<void> {
  await apiRequest('DELETE', `/api/estimates/${encodeURIComponent(estimateId)}/status-link`);
}
