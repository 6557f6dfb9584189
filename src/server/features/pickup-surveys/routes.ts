import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeRecoverySchema,
  csiOverviewSchema,
  csiSchema,
  pickedUpSchema,
  pickupSchema,
  recoveryTaskListSchema,
  surveyAnsweredSchema,
  surveyAnswerSchema,
  surveyPageSchema,
} from '#domain/surveys.ts';
import type { Db } from '#server/db/client.ts';
import { type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { adminOnly, errorBody, idParams, requireAdmin } from '#server/http/route-helpers.ts';
import { tokenLinkCall } from '#server/http/token-link-privacy.ts';
import { answerSurvey, loadSurveyPage } from './answers.ts';
import { csiFigures, csiOverview } from './csi.ts';
import { recordPickup } from './pickup.ts';
import { closeRecoveryTask, openRecoveryTasks } from './recovery.ts';
import type { SurveySettings } from './settings.ts';

/** Reading and answering a survey is two calls; this leaves no room for trying tokens in bulk. */
const SURVEY_CALLS_PER_IP: RateLimit = {
  name: 'survey-link-ip',
  max: 60,
  windowSeconds: 10 * 60,
  tooMany: 'Too many requests.',
};

const tokenParams = z.object({ token: z.string().max(200) });

/** The pickup (the desk, the dashboard), the survey (signed out), the call-backs and the figures. */
export function pickupSurveyRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: SurveySettings; rateLimitScale?: number },
): void {
  const { db, settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = scaledLimit(SURVEY_CALLS_PER_IP, deps.rateLimitScale ?? 1);
  const publicCall = tokenLinkCall(db, limit);

  r.post(
    '/api/admin/estimates/:id/pickup',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: pickupSchema.optional(),
        response: { 200: pickedUpSchema, '4xx': errorBody },
      },
    },
    async (request) =>
      recordPickup(db, settings, requireAdmin(request), request.params.id, request.body ?? {}),
  );

  r.get(
    '/api/surveys/:token',
    {
      onRequest: publicCall,
      schema: { params: tokenParams, response: { 200: surveyPageSchema, '4xx': errorBody } },
    },
    async (request) => loadSurveyPage(db, settings, request.params.token),
  );

  r.post(
    '/api/surveys/:token',
    {
      onRequest: publicCall,
      schema: {
        params: tokenParams,
        body: surveyAnswerSchema,
        response: { 201: surveyAnsweredSchema, '4xx': errorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await answerSurvey(db, settings, request.params.token, request.body)),
  );

  r.get(
    '/api/admin/recovery',
    { onRequest: adminOnly, schema: { response: { 200: recoveryTaskListSchema, '4xx': errorBody } } },
    async () => openRecoveryTasks(db),
  );

  r.post(
    '/api/admin/recovery/:id/close',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: closeRecoverySchema,
        response: { 204: z.undefined(), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      await closeRecoveryTask(db, requireAdmin(request), request.params.id, request.body.note);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/admin/csi',
    { onRequest: adminOnly, schema: { response: { 200: csiSchema, '4xx': errorBody } } },
    async () => csiFigures(db),
  );

  r.get(
    '/api/admin/csi/overview',
    { onRequest: adminOnly, schema: { response: { 200: csiOverviewSchema, '4xx': errorBody } } },
    async () => csiOverview(db),
  );
}
