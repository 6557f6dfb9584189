import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CUSTOMER_SEARCH_MORE_HEADER,
  customerListSchema,
  customerSearchQuerySchema,
} from '#domain/customers.ts';
import type { Db } from '#server/db/client.ts';
import { adminOnly, errorBody, requireAdmin } from '#server/http/route-helpers.ts';
import { searchCustomers } from './service.ts';

export function customerRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/customers',
    {
      onRequest: adminOnly,
      schema: {
        querystring: customerSearchQuerySchema,
        response: { 200: customerListSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const { customers, more } = await searchCustomers(db, requireAdmin(request), request.query.q);
      reply.header(CUSTOMER_SEARCH_MORE_HEADER, String(more));
      return customers;
    },
  );
}
