import { sendJson } from '#client/lib/api.ts';
import { type UploadTicket, uploadTicketSchema } from '#domain/photos.ts';

/** Asks the server where to PUT one photo's bytes (POST /api/objects/upload, no body). */
export function requestUploadTicket(): Promise<UploadTicket> {
  return sendJson('POST', '/api/objects/upload', undefined, uploadTicketSchema);
}
