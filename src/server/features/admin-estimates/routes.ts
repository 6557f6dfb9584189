import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEstimateDetailsSchema,
  changeStatusSchema,
  dropOffDayQuerySchema,
  dropOffDaySchema,
  plateEstimateListSchema,
  quoteEstimateSchema,
  scheduleDropOffSchema,
} from '#domain/admin-estimates.ts';
import { MESSAGE_MAX_LENGTH } from '#domain/messages.ts';
import { type Pricing, presentPricing } from '#domain/pricing.ts';
import { shopSettingsSchema } from '#domain/repair-progress.ts';
import type { Db } from '#server/db/client.ts';
import type { CancelStalePayments } from '#server/features/estimates/shared.ts';
import { bodyLimitForText } from '#server/http/json-body.ts';
import { adminOnly, errorBody, idParams, requireAdmin } from '#server/http/route-helpers.ts';
import type { ShopCalendarFor } from '#server/shop-calendar.ts';
import { findEstimatesByPlate } from './details.ts';
import {
  changeEstimateStatus,
  getAdminEstimateDetails,
  getDropOffDay,
  quoteEstimate,
  requestReschedule,
  scheduleDropOff,
} from './service.ts';

const plateParams = z.object({ plate: z.string() });
const detailsReply = { 200: adminEstimateDetailsSchema, '4xx': errorBody };

/** The shop's estimate page: details, plate look-up, and the quote / schedule / reschedule / status actions. */
export function adminEstimateRoutes(
  app: FastifyInstance,
  {
    db,
    pricing,
    stages,
    calendarFor,
    capacity,
    cancelStalePayments,
  }: {
    db: Db;
    pricing: Pricing;
    stages: readonly string[];
    calendarFor: ShopCalendarFor;
    /** DROP_OFF_CAPACITY. */
    capacity: number;
    /** The payments feature's, wired in app.ts. */
    cancelStalePayments: CancelStalePayments;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The labor rate, tax rate and taxed kinds new lines are priced with (the line editor's live totals),
   * and the configured repair stages (the progress card's buttons): the shop's settings in one read.
   */
  r.get(
    '/api/admin/pricing',
    { onRequest: adminOnly, schema: { response: { 200: shopSettingsSchema, '4xx': errorBody } } },
    async () => ({ ...presentPricing(pricing), repairStages: [...stages] }),
  );

  r.get(
    '/api/admin/estimates/:id/details',
    { onRequest: adminOnly, schema: { params: idParams, response: detailsReply } },
    async (request) => getAdminEstimateDetails(db, requireAdmin(request), request.params.id),
  );

  r.get(
    '/api/admin/plates/:plate/estimates',
    {
      onRequest: adminOnly,
      schema: { params: plateParams, response: { 200: plateEstimateListSchema, '4xx': errorBody } },
    },
    async (request) => findEstimatesByPlate(db, request.params.plate),
  );

  r.post(
    '/api/admin/estimates/:id/quote',
    { onRequest: adminOnly, schema: { params: idParams, body: quoteEstimateSchema, response: detailsReply } },
    async (request) => quoteEstimate({ db }, requireAdmin(request), request.params.id, request.body),
  );

  r.get(
    '/api/admin/estimates/:id/drop-off-slots',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        querystring: dropOffDayQuerySchema,
        response: { 200: dropOffDaySchema, '4xx': errorBody },
      },
    },
    async (request) =>
      getDropOffDay(
        { db, calendar: await calendarFor([request.query.date]), capacity },
        requireAdmin(request),
        request.params.id,
        request.query.date,
      ),
  );

  r.post(
    '/api/admin/estimates/:id/schedule',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: scheduleDropOffSchema, response: detailsReply },
    },
    async (request) =>
      scheduleDropOff(
        { db, calendar: await calendarFor([request.body.date]), capacity },
        requireAdmin(request),
        request.params.id,
        request.body,
      ),
  );

  r.post(
    '/api/admin/estimates/:id/reschedule',
    { onRequest: adminOnly, schema: { params: idParams, response: detailsReply } },
    async (request) => requestReschedule({ db }, requireAdmin(request), request.params.id),
  );

  r.post(
    '/api/admin/estimates/:id/status',
    {
      // The note may be as long as a message.
      bodyLimit: bodyLimitForText(MESSAGE_MAX_LENGTH),
      onRequest: adminOnly,
      schema: { params: idParams, body: changeStatusSchema, response: detailsReply },
    },
    async (request) =>
      changeEstimateStatus(
        { db, cancelStalePayments },
        requireAdmin(request),
        request.params.id,
        request.body,
      ),
  );
}
