import { apiRequest } from '#client/lib/api.ts';
import { type UploadTicket, uploadTicketSchema } from '#domain/photos.ts';

/** Asks the server where to PUT one photo's bytes (POST /api/objects/upload, no body). */
export async function requestUploadTicket(): Promise<UploadTicket> {
  const response = await apiRequest('POST', '/api/objects/upload');
  return uploadTicketSchema.parse(await response.json());
}
