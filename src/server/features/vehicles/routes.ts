import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mergeVehiclesSchema, updateVehicleSchema } from '#domain/estimate-requests.ts';
import { vehicleSchema } from '#domain/estimate-schema.ts';
import { decodedVinSchema } from '#domain/vin.ts';
import type { VinDecoder } from '#server/adapters/vin-decoder/vpic-decoder.ts';
import type { Db } from '#server/db/client.ts';
import { adminOnly, errorBody, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { decodeVin } from './decode-vin.ts';
import { getVehicleFor, listVehiclesFor, mergeVehicles, updateVehiclePlate } from './service.ts';

const listQuery = z.object({
  q: z.string().trim().max(50, 'Search text must be at most 50 characters').optional(),
  customerId: z.uuid({ error: 'customerId must be a customer id' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(100),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int()
    .min(0, 'offset must be 0 or more')
    .max(1_000_000, 'offset is too large')
    .default(0),
});

/** The VIN is checked by the service, so a VIN that is not one is 422 with its reason. */
const decodeQuery = z.object({ vin: z.string({ error: 'vin is required' }).max(100, 'vin is too long') });

export function vehicleRoutes(
  app: FastifyInstance,
  { db, vinDecoder, rateLimitScale = 1 }: { db: Db; vinDecoder: VinDecoder; rateLimitScale?: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vehicles/decode',
    {
      onRequest: signedIn,
      schema: { querystring: decodeQuery, response: { 200: decodedVinSchema, '4xx': errorBody } },
    },
    async (request) => decodeVin(db, vinDecoder, requireUser(request), request.query.vin, rateLimitScale),
  );

  r.get(
    '/api/vehicles',
    {
      onRequest: signedIn,
      schema: { querystring: listQuery, response: { 200: z.array(vehicleSchema), '4xx': errorBody } },
    },
    async (request) => listVehiclesFor(db, requireUser(request), request.query),
  );

  r.get(
    '/api/vehicles/:id',
    { onRequest: signedIn, schema: { params: idParams, response: { 200: vehicleSchema, '4xx': errorBody } } },
    async (request) => getVehicleFor(db, requireUser(request), request.params.id),
  );

  r.patch(
    '/api/vehicles/:id',
    {
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: updateVehicleSchema,
        response: { 200: vehicleSchema, '4xx': errorBody },
      },
    },
    async (request) =>
      updateVehiclePlate(db, requireUser(request), request.params.id, request.body.licensePlate),
  );

  r.post(
    '/api/admin/vehicles/:id/merge',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: mergeVehiclesSchema,
        response: { 200: vehicleSchema, '4xx': errorBody },
      },
    },
    async (request) => mergeVehicles(db, requireUser(request), request.params.id, request.body.intoVehicleId),
  );
}
