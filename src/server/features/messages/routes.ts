import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMessageSchema, messageSchema } from '#domain/messages.ts';
import type { Db } from '#server/db/client.ts';
import { requireUser } from '#server/http/current-user.ts';
import { listMessages, postMessage } from './service.ts';

const errorBody = z.object({ message: z.string() });
const idParams = z.object({ id: z.string() });
/** Runs before the body is validated, so an anonymous caller always hears 401 first. */
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

export function messageRoutes(
  app: FastifyInstance,
  { db, rateLimitScale = 1 }: { db: Db; rateLimitScale?: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/estimates/:id/messages',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 200: z.array(messageSchema), '4xx': errorBody } },
    },
    async (request) => listMessages(db, requireUser(request), request.params.id),
  );

  r.post(
    '/api/estimates/:id/messages',
    {
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
