import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminEstimateDetailsSchema } from '#domain/admin-estimates.ts';
import {
  bookDropOffSchema,
  bookedDropOffSchema,
  confirmDropOffSchema,
  dropOffLinkPageSchema,
  dropOffWindowsQuerySchema,
  openWindowListSchema,
} from '#domain/self-booking.ts';
import type { Db } from '#server/db/client.ts';
import { type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import {
  adminOnly,
  errorBody,
  idParams,
  requireAdmin,
  requireUser,
  signedIn,
} from '#server/http/route-helpers.ts';
import { tokenLinkCall } from '#server/http/token-link-privacy.ts';
import { markNoShow } from './no-show.ts';
import {
  bookDropOff,
  bookDropOffThroughLink,
  cancelDropOff,
  confirmDropOff,
  dropOffWindows,
  dropOffWindowsThroughLink,
  loadDropOffLink,
} from './service.ts';
import type { SelfBookingSettings } from './settings.ts';

/** Opening, confirming and moving through a link is a few calls; this leaves no room for trying tokens. */
const LINK_CALLS_PER_IP: RateLimit = {
  name: 'drop-off-link-ip',
  max: 60,
  windowSeconds: 10 * 60,
  tooMany: 'Too many requests.',
};

const tokenParams = z.object({ token: z.string().max(200) });

/** The customer's own drop-off (signed in, or through the reminder's link) and the shop's no-show. */
export function selfBookingRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: SelfBookingSettings; rateLimitScale?: number },
): void {
  const { db, settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linkCall = tokenLinkCall(db, scaledLimit(LINK_CALLS_PER_IP, deps.rateLimitScale ?? 1));

  r.get(
    '/api/estimates/:id/drop-off/windows',
    {
      onRequest: signedIn,
      schema: {
        params: idParams,
        querystring: dropOffWindowsQuerySchema,
        response: { 200: openWindowListSchema, '4xx': errorBody },
      },
    },
    async (request) => dropOffWindows(db, settings, requireUser(request), request.params.id, request.query),
  );

  r.post(
    '/api/estimates/:id/drop-off',
    {
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: bookDropOffSchema,
        response: { 201: bookedDropOffSchema, '4xx': errorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await bookDropOff(db, settings, requireUser(request), request.params.id, request.body)),
  );

  r.delete(
    '/api/estimates/:id/drop-off',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 200: bookedDropOffSchema, '4xx': errorBody } },
    },
    async (request) => cancelDropOff(db, settings, requireUser(request), request.params.id),
  );

  r.post(
    '/api/admin/estimates/:id/drop-off/no-show',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: adminEstimateDetailsSchema, '4xx': errorBody } },
    },
    async (request) => markNoShow(db, settings, requireAdmin(request), request.params.id),
  );

  r.get(
    '/api/drop-off-links/:token',
    {
      onRequest: linkCall,
      schema: { params: tokenParams, response: { 200: dropOffLinkPageSchema, '4xx': errorBody } },
    },
    async (request) => loadDropOffLink(db, settings, request.params.token),
  );

  r.post(
    '/api/drop-off-links/:token/confirm',
    {
      onRequest: linkCall,
      schema: {
        params: tokenParams,
        body: confirmDropOffSchema,
        response: { 200: dropOffLinkPageSchema, '4xx': errorBody },
      },
    },
    async (request) => confirmDropOff(db, settings, request.params.token, request.body.appointmentId),
  );

  r.get(
    '/api/drop-off-links/:token/windows',
    {
      onRequest: linkCall,
      schema: {
        params: tokenParams,
        querystring: dropOffWindowsQuerySchema,
        response: { 200: openWindowListSchema, '4xx': errorBody },
      },
    },
    async (request) => dropOffWindowsThroughLink(db, settings, request.params.token, request.query),
  );

  r.post(
    '/api/drop-off-links/:token',
    {
      onRequest: linkCall,
      schema: {
        params: tokenParams,
        body: bookDropOffSchema,
        response: { 201: bookedDropOffSchema, '4xx': errorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bookDropOffThroughLink(db, settings, request.params.token, request.body)),
  );
}
