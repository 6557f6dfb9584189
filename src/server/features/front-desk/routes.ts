import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  awaitingCustomerSchema,
  inboxSchema,
  markHandledResultSchema,
  markHandledSchema,
} from '#domain/front-desk.ts';
import type { Db } from '#server/db/client.ts';
import { adminOnly, errorBody, idParams, requireAdmin } from '#server/http/route-helpers.ts';
import { loadAwaitingCustomer } from './awaiting-customer.ts';
import { loadInbox, markMessagesHandled } from './inbox.ts';

/** Polled by the dashboard and different per moment: never kept by a shared cache. */
const NO_STORE = { 'cache-control': 'private, no-store' };

export function frontDeskRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/inbox',
    { onRequest: adminOnly, schema: { response: { 200: inboxSchema, '4xx': errorBody } } },
    async (request, reply) => {
      requireAdmin(request);
      reply.headers(NO_STORE);
      return loadInbox(db);
    },
  );

  r.get(
    '/api/admin/awaiting-customer',
    { onRequest: adminOnly, schema: { response: { 200: awaitingCustomerSchema, '4xx': errorBody } } },
    async (request, reply) => {
      requireAdmin(request);
      reply.headers(NO_STORE);
      return loadAwaitingCustomer(db);
    },
  );

  r.post(
    '/api/admin/estimates/:id/messages/handled',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        // No body (older clients, and a POST without one arrives as null): every waiting message.
        body: markHandledSchema.nullish(),
        response: { 200: markHandledResultSchema, '4xx': errorBody },
      },
    },
    async (request) => ({
      handled: await markMessagesHandled(
        db,
        requireAdmin(request),
        request.params.id,
        request.body?.upToMessageId ?? null,
      ),
    }),
  );
}
