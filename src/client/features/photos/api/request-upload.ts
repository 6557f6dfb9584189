import { sendJson } from '#client/lib/api.ts';
import { type UploadTicket, uploadTicketSchema } from '#domain/photos.ts';

/**
 * Asks the server where to PUT one photo's bytes (POST /api/objects/upload). The file's size, when
 * known, is signed into an S3 upload URL, so the bucket takes exactly that many bytes and no more.
 */
export function requestUploadTicket(size?: number): Promise<UploadTicket> {
  return sendJson(
    'POST',
    '/api/objects/upload',
    size === undefined ? undefined : { size },
    uploadTicketSchema,
  );
}
