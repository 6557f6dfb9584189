import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMessageSchema,
  MESSAGE_MAX_LENGTH,
  messageListSchema,
  messageSchema,
} from '#domain/messages.ts';
import { unauthorized } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateNotFound } from '#server/features/estimates/shared.ts';
import { etagMatches } from '#server/http/etag.ts';
import { bodyLimitForText } from '#server/http/json-body.ts';
import { answerLanguage } from '#server/http/request-language.ts';
import { errorBody, hasSessionCookie, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { listMessages, postMessage } from './service.ts';
import { findSessionWithThreadTag } from './thread-version.ts';

export function messageRoutes(
  app: FastifyInstance,
  { db, rateLimitScale = 1 }: { db: Db; rateLimitScale?: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/estimates/:id/messages',
    {
      // The session is read with the thread's tag, in one round trip (thread-version.ts).
      config: { ownSessionLookup: true },
      onRequest: hasSessionCookie,
      schema: {
        params: idParams,
        response: { 200: messageListSchema, 304: z.undefined(), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const found = await findSessionWithThreadTag(db, request.sessionId ?? '', request.params.id);
      if (!found) throw unauthorized();
      request.user = found.user;
      request.userId = found.user.id;
      if (!found.tag) throw estimateNotFound();
      // private: per viewer; no-cache: the browser asks each poll, with the tag it holds.
      reply.header('etag', found.tag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], found.tag)) return reply.code(304).send();
      return listMessages(db, found.user, request.params.id, answerLanguage(request));
    },
  );

  r.post(
    '/api/estimates/:id/messages',
    {
      bodyLimit: bodyLimitForText(MESSAGE_MAX_LENGTH),
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: createMessageSchema,
        response: { 201: messageSchema, '4xx': errorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await postMessage(
            db,
            requireUser(request),
            request.params.id,
            request.body.content,
            rateLimitScale,
            request.body.upToMessageId ?? null,
          ),
        ),
  );
}
