import { sendJson } from '#client/lib/api.ts';
import { createdStatusLinkSchema } from '#domain/status-links.ts';

/** A new read-only link to the estimate's status page (POST …/status-link, no body). */
export function createStatusLink(estimateId: string): Promise<{ url: string }> {
  return sendJson(
    'POST',
    `/api/estimates/${encodeURIComponent(estimateId)}/status-link`,
    undefined,
    createdStatusLinkSchema,
  );
}
