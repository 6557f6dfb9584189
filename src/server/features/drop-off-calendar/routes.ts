import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dropOffBookingSchema } from '#domain/drop-off-booking.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { findActiveAppointment } from '#server/features/admin-estimates/shared.ts';
import { estimateNotFound, findEstimateForUser } from '#server/features/estimates/shared.ts';
import { errorBody, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { dropOffEvent } from './drop-off-event.ts';
import { loadDropOffEventParts } from './service.ts';

export const NO_DROP_OFF_BOOKED = 'No drop-off is booked for this estimate yet.';

/**
 * The booked drop-off, as data for the estimate page's card and as an "Add to calendar" file: the
 * estimate's owner and the shop; others get 404.
 */
export function dropOffCalendarRoutes(
  app: FastifyInstance,
  deps: { db: Db; shop: ShopInfo; appUrl: string },
): void {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/estimates/:id/drop-off',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 200: dropOffBookingSchema, '4xx': errorBody } },
    },
    async (request) => {
      const { id } = await findEstimateForUser(db, request.params.id, requireUser(request));
      return { dropOff: await findActiveAppointment(db, id) };
    },
  );
  // Untyped reply: the 200 answer is an iCalendar file, not JSON.
  app.get<{ Params: { id: string } }>(
    '/api/estimates/:id/drop-off.ics',
    { onRequest: signedIn, schema: { params: idParams, response: { '4xx': errorBody } } },
    async (request, reply) => {
      const { id, userId } = await findEstimateForUser(db, request.params.id, requireUser(request));
      const { estimate, appointment, sequence, language } = await loadDropOffEventParts(db, id, userId);
      if (!estimate) throw estimateNotFound();
      if (!appointment) throw new AppError('not_found', NO_DROP_OFF_BOOKED);
      const reference = estimateReference(id);
      const ics = dropOffEvent({
        estimateId: id,
        sequence,
        date: appointment.date,
        slot: appointment.slot,
        instructions: appointment.instructions,
        reference,
        vehicle: vehicleTitle(estimate.vehicle),
        shop: deps.shop,
        estimateUrl: `${deps.appUrl}/estimate/${id}`,
        uidDomain: new URL(deps.appUrl).hostname,
        language,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="drop-off-${reference}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
}
