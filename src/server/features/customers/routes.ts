import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerSchema, customerSearchQuerySchema } from '#domain/customers.ts';
import type { Db } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/current-user.ts';
import { searchCustomers } from './service.ts';

const errorBody = z.object({ message: z.string() });
/** Before the query is validated: a customer hears 403 (and an anonymous caller 401) whatever they send. */
const adminOnly = async (request: FastifyRequest) => {
  requireAdmin(request);
};

export function customerRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/customers',
    {
      onRequest: adminOnly,
      schema: {
        querystring: customerSearchQuerySchema,
        response: { 200: z.array(customerSchema), '4xx': errorBody },
      },
    },
    async (request) => searchCustomers(db, requireAdmin(request), request.query.q),
  );
}
