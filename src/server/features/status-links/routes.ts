import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdStatusLinkSchema, statusPageSchema } from '#domain/status-links.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import { openPhoto, type PhotoVariant, photoEtag } from '#server/features/photos/shared.ts';
import { type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { errorBody, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { tokenLinkCall } from '#server/http/token-link-privacy.ts';
import {
  createStatusLink,
  findStatusPhoto,
  loadStatusPage,
  revokeStatusLinks,
  type StatusLinkSettings,
  statusLinkNotValid,
} from './service.ts';

/**
 * A page read with its photos' thumbnails is a score of requests; this leaves room for a family
 * sharing one address, and none for trying tokens in bulk (which the signature refuses anyway).
 */
const STATUS_READS_PER_IP: RateLimit = {
  name: 'status-link-ip',
  max: 300,
  windowSeconds: 10 * 60,
  tooMany: 'Too many requests.',
};

const tokenParams = z.object({ token: z.string().max(200) });
const photoParams = z.object({ token: z.string().max(200), photoId: z.string().max(64) });

export function statusLinkRoutes(
  app: FastifyInstance,
  deps: StatusLinkSettings & { db: Db; store: ObjectStore; rateLimitScale?: number },
): void {
  const { db, secret } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = scaledLimit(STATUS_READS_PER_IP, deps.rateLimitScale ?? 1);
  const publicRead = tokenLinkCall(db, limit);

  r.post(
    '/api/estimates/:id/status-link',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 201: createdStatusLinkSchema, '4xx': errorBody } },
    },
    async (request, reply) =>
      reply.code(201).send(await createStatusLink(db, deps, requireUser(request), request.params.id)),
  );

  r.delete(
    '/api/estimates/:id/status-link',
    { onRequest: signedIn, schema: { params: idParams, response: { 204: z.undefined(), '4xx': errorBody } } },
    async (request, reply) => {
      await revokeStatusLinks(db, requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/status/:token',
    {
      onRequest: publicRead,
      schema: { params: tokenParams, response: { 200: statusPageSchema, '4xx': errorBody } },
    },
    async (request) => loadStatusPage(db, secret, request.params.token),
  );

  async function servePhoto(
    request: FastifyRequest<{ Params: z.infer<typeof photoParams> }>,
    reply: FastifyReply,
    variant: PhotoVariant,
  ) {
    const { token, photoId } = request.params;
    const photo = await findStatusPhoto(db, secret, token, photoId);
    const opened = photo && photoEtag(photo, variant) ? await openPhoto(deps.store, photo, variant) : null;
    if (!opened) throw statusLinkNotValid();
    return reply
      .type(opened.contentType)
      .header('content-length', String(opened.object.size))
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(opened.object.body);
  }

  const photoSchema = { params: photoParams, response: { '4xx': errorBody } };
  r.get(
    '/api/status/:token/photos/:photoId',
    { onRequest: publicRead, schema: photoSchema },
    (request, reply) => servePhoto(request, reply, 'photo'),
  );
  r.get(
    '/api/status/:token/photos/:photoId/thumbnail',
    { onRequest: publicRead, schema: photoSchema },
    (request, reply) => servePhoto(request, reply, 'thumbnail'),
  );
}
