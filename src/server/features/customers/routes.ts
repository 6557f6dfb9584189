import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerSchema, customerSearchQuerySchema } from '../../../domain/customers.js';
import type { Db } from '../../db/client.js';
import { requireAdmin } from '../../http/current-user.js';
import { searchCustomers } from './service.js';

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
