import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  driveEstimateDetailSchema,
  driveEstimateListSchema,
  driveFileIdSchema,
  gmailInboxSchema,
  googleStatusSchema,
} from '#domain/google.ts';
import { GoogleApiError } from '#server/adapters/google/google-errors.ts';
import { adminOnly, errorBody } from '#server/http/route-helpers.ts';
import { type GoogleDeps, getDriveEstimate, googleStatus, listDriveEstimates, listInbox } from './service.ts';

const errors = { '4xx': errorBody, '5xx': errorBody };

/**
 * The admin's Google panel (spec 2, 3, 7). Google's own failures are answered as JSON the panel can
 * show: 503 when Google is not connected or not reachable, 502 when it refused, 404 for a file that
 * is not one of the shop's saved estimates.
 */
export function googleRoutes(app: FastifyInstance, deps: GoogleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/google/status',
    { onRequest: adminOnly, schema: { response: { 200: googleStatusSchema, ...errors } } },
    async () => googleStatus(deps),
  );

  r.get(
    '/api/gmail/inbox',
    { onRequest: adminOnly, schema: { response: { 200: gmailInboxSchema, ...errors } } },
    async (request, reply) => answer(request, reply, () => listInbox(deps)),
  );

  r.get(
    '/api/drive/estimates',
    { onRequest: adminOnly, schema: { response: { 200: driveEstimateListSchema, ...errors } } },
    async (request, reply) => answer(request, reply, () => listDriveEstimates(deps)),
  );

  r.get(
    '/api/drive/estimates/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: z.object({ id: driveFileIdSchema }),
        response: { 200: driveEstimateDetailSchema, ...errors },
      },
    },
    async (request, reply) => answer(request, reply, () => getDriveEstimate(deps, request.params.id)),
  );
}

async function answer<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof GoogleApiError)) throw error;
    if (error.status !== 404) request.log.warn({ detail: error.detail }, error.message);
    return reply.code(error.status).send({ message: error.message });
  }
}
