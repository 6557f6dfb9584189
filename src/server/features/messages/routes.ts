import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createMessageSchema,
  MESSAGE_MAX_LENGTH,
  messageListSchema,
  messageSchema,
} from '#domain/messages.ts';
import type { Db } from '#server/db/client.ts';
import { bodyLimitForText } from '#server/http/json-body.ts';
import { answerLanguage } from '#server/http/request-language.ts';
import { errorBody, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { listMessages, postMessage } from './service.ts';

export function messageRoutes(
  app: FastifyInstance,
  { db, rateLimitScale = 1 }: { db: Db; rateLimitScale?: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/estimates/:id/messages',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 200: messageListSchema, '4xx': errorBody } },
    },
    async (request) => listMessages(db, requireUser(request), request.params.id, answerLanguage(request)),
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
          ),
        ),
  );
}
