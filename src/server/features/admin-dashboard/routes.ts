import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminEstimateListQuerySchema,
  adminEstimatePageSchema,
  adminEstimateSummarySchema,
  adminVehicleListSchema,
  adminVehicleSearchQuerySchema,
} from '#domain/admin-dashboard.ts';
import type { Db } from '#server/db/client.ts';
import { adminOnly, errorBody, requireAdmin } from '#server/http/route-helpers.ts';
import { listAdminEstimates } from './list-estimates.ts';
import { searchAdminVehicles } from './list-vehicles.ts';
import { estimateSummary } from './summary.ts';

/** Polled every few seconds and different per viewer: never kept by a shared cache. */
const NO_STORE = { 'cache-control': 'private, no-store' };

export function adminDashboardRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/estimates',
    {
      onRequest: adminOnly,
      schema: {
        querystring: adminEstimateListQuerySchema,
        response: { 200: adminEstimatePageSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(NO_STORE);
      return listAdminEstimates(db, requireAdmin(request), request.query);
    },
  );

  r.get(
    '/api/admin/estimates/summary',
    { onRequest: adminOnly, schema: { response: { 200: adminEstimateSummarySchema, '4xx': errorBody } } },
    async (request, reply) => {
      reply.headers(NO_STORE);
      return estimateSummary(db, requireAdmin(request));
    },
  );

  r.get(
    '/api/admin/vehicles',
    {
      onRequest: adminOnly,
      schema: {
        querystring: adminVehicleSearchQuerySchema,
        response: { 200: adminVehicleListSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(NO_STORE);
      return searchAdminVehicles(db, requireAdmin(request), request.query);
    },
  );
}
