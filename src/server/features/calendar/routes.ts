import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarQuerySchema, calendarSchema } from '#domain/calendar.ts';
import type { Db } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/current-user.ts';
import { loadCalendar } from './service.ts';

const errorBody = z.object({ message: z.string() });
/** Before the query is validated: a customer hears 403 (and an anonymous caller 401) whatever they send. */
const adminOnly = async (request: FastifyRequest) => {
  requireAdmin(request);
};

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
