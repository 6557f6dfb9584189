import type { FastifyInstance } from 'fastify';
import { RESUMABLE_UPLOAD_PATH } from '#domain/photos.ts';

/** The tus protocol by hand, through `inject`: what @uppy/tus sends from the browser. */
export const TUS_HEADERS = { 'tus-resumable': '1.0.0' };

export async function startTusUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  length: number,
  metadata = 'step b3ZlcnZpZXc=',
) {
  return app.inject({
    method: 'POST',
    url: RESUMABLE_UPLOAD_PATH,
    headers: { ...TUS_HEADERS, ...headers, 'upload-length': String(length), 'upload-metadata': metadata },
  });
}

export function patchTus(
  app: FastifyInstance,
  location: string,
  headers: Record<string, string>,
  offset: number,
  chunk: Buffer,
) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS_HEADERS,
      ...headers,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: chunk,
  });
}

export function headTus(app: FastifyInstance, location: string, headers: Record<string, string>) {
  return app.inject({ method: 'HEAD', url: location, headers: { ...TUS_HEADERS, ...headers } });
}

/** Sends `bytes` from `from` on in chunks; answers the last PATCH's reply. */
export async function sendTusChunks(
  app: FastifyInstance,
  location: string,
  headers: Record<string, string>,
  bytes: Buffer,
  chunkSize: number,
  from = 0,
) {
  let offset = from;
  for (;;) {
    const chunk = bytes.subarray(offset, offset + chunkSize);
    const res = await patchTus(app, location, headers, offset, chunk);
    offset += chunk.length;
    if (res.statusCode !== 204 || offset >= bytes.length) return res;
  }
}
