import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANGLE_MAX_LENGTH,
  CHECK_IN_KEYS_MAX_LENGTH,
  CHECK_IN_NOTES_MAX_LENGTH,
  checkInReplySchema,
  checkInSchema,
  createdCheckInSchema,
  MAX_CHECK_IN_PHOTOS,
} from '#domain/check-in.ts';
import { PHOTO_URL_MAX_LENGTH } from '#domain/photos.ts';
import { bodyLimitForText } from '#server/http/json-body.ts';
import {
  adminOnly,
  errorBody,
  idParams,
  requireAdmin,
  requireUser,
  signedIn,
} from '#server/http/route-helpers.ts';
import { type CheckInDeps, checkInFor, presentCheckIn, recordCheckIn } from './service.ts';

/** The check-in at drop-off: the desk records it; the owner and the shop read it. */
export function checkInRoutes(app: FastifyInstance, deps: CheckInDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/estimates/:id/check-in',
    {
      bodyLimit: bodyLimitForText(
        CHECK_IN_NOTES_MAX_LENGTH +
          CHECK_IN_KEYS_MAX_LENGTH +
          MAX_CHECK_IN_PHOTOS * (PHOTO_URL_MAX_LENGTH + ANGLE_MAX_LENGTH),
      ),
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: checkInSchema,
        response: { 201: createdCheckInSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const row = await recordCheckIn(deps, requireAdmin(request), request.params.id, request.body);
      return reply.code(201).send({ id: row.id, ...presentCheckIn(row) });
    },
  );

  r.get(
    '/api/estimates/:id/check-in',
    {
      onRequest: signedIn,
      schema: {
        params: idParams,
        response: { 200: checkInReplySchema, '4xx': errorBody },
      },
    },
    async (request) => ({
      checkIn: await checkInFor(deps.db, requireUser(request), request.params.id),
      requiredAngles: [...deps.angles],
    }),
  );
}
