import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { etagMatches } from '#server/http/etag.ts';
import { errorBody, requireUser } from '#server/http/route-helpers.ts';
import { findViewablePhoto, openPhoto, type PhotoVariant, photoEtag } from './service.ts';

const params = z.object({ id: z.string().max(64) });
const PHOTO_NOT_FOUND = 'Photo not found';

/** The bytes under a photo id never change, so browsers may keep them; `private` keeps them out of shared caches. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

export function photoRoutes(app: FastifyInstance, { db, store }: { db: Db; store: ObjectStore }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function servePhoto(
    request: FastifyRequest<{ Params: z.infer<typeof params> }>,
    reply: FastifyReply,
    variant: PhotoVariant,
  ) {
    const photo = await findViewablePhoto(db, requireUser(request), request.params.id);
    const etag = photo && photoEtag(photo, variant);
    if (!photo || !etag) throw new AppError('not_found', PHOTO_NOT_FOUND);

    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

    const opened = await openPhoto(store, photo, variant);
    if (!opened) {
      request.log.warn({ photoId: photo.id, variant }, 'photo object missing from the store');
      reply.removeHeader('cache-control').removeHeader('etag');
      throw new AppError('not_found', PHOTO_NOT_FOUND);
    }
    return reply
      .type(opened.contentType)
      .header('content-length', String(opened.object.size))
      .header('content-disposition', 'inline')
      .send(opened.object.body);
  }

  const schema = { params, response: { '4xx': errorBody } };
  r.get('/api/photos/:id', { schema }, (request, reply) => servePhoto(request, reply, 'photo'));
  r.get('/api/photos/:id/thumbnail', { schema }, (request, reply) => servePhoto(request, reply, 'thumbnail'));
}
