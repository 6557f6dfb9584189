import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarQuerySchema, calendarSchema } from '#domain/calendar.ts';
import type { Db } from '#server/db/client.ts';
import { adminOnly, errorBody, requireAdmin } from '#server/http/route-helpers.ts';
import { loadCalendar } from './service.ts';

export function calendarRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The drop-off calendar of one month (?month=YYYY-MM; default: this month at the shop). */
  r.get(
    '/api/admin/calendar',
    {
      onRequest: adminOnly,
      schema: {
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema, '4xx': errorBody },
      },
    },
    async (request) => loadCalendar(db, requireAdmin(request), { month: request.query.month }),
  );
}
