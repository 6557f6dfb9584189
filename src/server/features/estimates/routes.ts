import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { estimateDetailSchema } from '#domain/estimate-detail.ts';
import {
  CONSENT_NOTE_MAX_LENGTH,
  LINE_DESCRIPTION_MAX_LENGTH,
  MAX_LINES,
  replaceLinesSchema,
  SUPPLEMENT_REASON_MAX_LENGTH,
} from '#domain/estimate-lines.ts';
import {
  attachPhotoSchema,
  batchCreateEstimateSchema,
  estimateReceiptSchema,
  updateEstimateSchema,
  WORK_DESCRIPTION_MAX_LENGTH,
} from '#domain/estimate-requests.ts';
import {
  createdEstimateSchema,
  ESTIMATE_PAGE_SIZE_DEFAULT,
  estimateListSchema,
  estimatePageQuerySchema,
  estimatePageSchema,
  estimateSchema,
} from '#domain/estimate-schema.ts';
import { MAX_PHOTOS_PER_ESTIMATE, PHOTO_URL_MAX_LENGTH } from '#domain/photos.ts';
import type { Pricing } from '#domain/pricing.ts';
import { addStageSchema, MAX_STAGE_PHOTOS, STAGE_NOTE_MAX_LENGTH } from '#domain/repair-progress.ts';
import { createSupplementSchema, supplementDecisionSchema, supplementSchema } from '#domain/supplements.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError, unauthorized } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { etagMatches } from '#server/http/etag.ts';
import { bodyLimitForText } from '#server/http/json-body.ts';
import { errorBody, hasSessionCookie, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { batchCreateEstimate } from './batch-create.ts';
import { attachEstimatePhoto } from './estimate-photos.ts';
import { replaceEstimateLines } from './lines-service.ts';
import { ListBodyCache } from './list-body-cache.ts';
import { findSessionWithEstimateListTag } from './list-version.ts';
import { addStage } from './progress.ts';
import {
  getEstimateFor,
  getEstimateReceipt,
  listEstimatePageFor,
  listEstimatesFor,
  updateEstimate,
} from './service.ts';
import type { CancelStalePayments } from './stale-payments.ts';
import { createSupplement, decideSupplement } from './supplements.ts';

/** About 20 KB per customer's list: room for every list a busy morning polls. */
const LIST_BODY_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The page asked for with ?page= and/or ?pageSize=, or null for the whole list (the spec's plain
 * array). Other query parameters are ignored, as before.
 */
function pagingOf(query: unknown): { page: number; pageSize: number } | null {
  const parsed = estimatePageQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid page');
  const { page, pageSize } = parsed.data;
  if (page === undefined && pageSize === undefined) return null;
  return { page: page ?? 1, pageSize: pageSize ?? ESTIMATE_PAGE_SIZE_DEFAULT };
}

/** A full list of photo URLs, each as long as allowed. */
const PHOTO_LIST_MAX_CHARACTERS = MAX_PHOTOS_PER_ESTIMATE * PHOTO_URL_MAX_LENGTH;
/** A full list of lines, each with a description as long as allowed (the numbers fit the margin). */
const LINE_LIST_MAX_CHARACTERS = MAX_LINES * (LINE_DESCRIPTION_MAX_LENGTH + 300);
const supplementParams = z.object({ id: z.string(), sid: z.string() });

export function estimateRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    store: ObjectStore;
    pricing: Pricing;
    stages: readonly string[];
    appUrl?: string;
    rateLimitScale?: number;
    /** The payments feature's, wired in app.ts (see stale-payments.ts). */
    cancelStalePayments: CancelStalePayments;
  },
): void {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listBodies = new ListBodyCache(LIST_BODY_CACHE_BYTES);

  // Untyped on purpose: the 200 answer is sent as ready JSON text (see below), not as an object.
  app.get(
    '/api/estimates',
    {
      // Polled every few seconds: the session and the list's version come in one query.
      config: { ownSessionLookup: true },
      // The list's compressed body is kept with it (below) rather than made again per request.
      compress: false,
      onRequest: hasSessionCookie,
      schema: { response: { 304: z.undefined(), '4xx': errorBody } },
    },
    async (request, reply) => {
      const session = await findSessionWithEstimateListTag(db, request.sessionId ?? '');
      if (!session) throw unauthorized();
      const { viewer } = session;
      request.userId = viewer.id;
      const paging = pagingOf(request.query);
      // A page has a tag of its own: the list's version plus which page it is.
      const tag = paging ? session.tag.replace(/"$/, `-p${paging.page}-s${paging.pageSize}"`) : session.tag;
      // private: per user; no-cache: always ask, so a change shows at the next poll.
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], tag)) return reply.code(304).send();
      if (paging) return reply.send(estimatePageSchema.encode(await listEstimatePageFor(db, viewer, paging)));
      // Encoded (and so checked) by the schema, and compressed, once per list version.
      const body =
        listBodies.get(tag) ??
        listBodies.set(tag, JSON.stringify(estimateListSchema.encode(await listEstimatesFor(db, viewer))));
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip') {
        return reply.header('content-encoding', 'gzip').send(body.gzip);
      }
      return reply.send(body.json);
    },
  );

  r.post(
    '/api/estimates/batch-create',
    {
      // The description and a full list of photo URLs; the other fields fit in the default's margin.
      bodyLimit: bodyLimitForText(WORK_DESCRIPTION_MAX_LENGTH + PHOTO_LIST_MAX_CHARACTERS),
      onRequest: signedIn,
      schema: {
        body: batchCreateEstimateSchema,
        response: { 201: createdEstimateSchema, '4xx': errorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await batchCreateEstimate(deps, requireUser(request), request.body)),
  );

  r.get(
    '/api/estimates/:id',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 200: estimateDetailSchema, '4xx': errorBody } },
    },
    async (request) => getEstimateFor(db, requireUser(request), request.params.id),
  );

  r.put(
    '/api/estimates/:id/lines',
    {
      bodyLimit: bodyLimitForText(LINE_LIST_MAX_CHARACTERS),
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: replaceLinesSchema,
        response: { 200: estimateDetailSchema, '4xx': errorBody },
      },
    },
    async (request) =>
      replaceEstimateLines(deps, requireUser(request), request.params.id, request.body.lines),
  );

  r.post(
    '/api/estimates/:id/stages',
    {
      bodyLimit: bodyLimitForText(STAGE_NOTE_MAX_LENGTH + MAX_STAGE_PHOTOS * PHOTO_URL_MAX_LENGTH),
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: addStageSchema,
        response: { 201: estimateDetailSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await addStage(deps, user, request.params.id, request.body);
      return reply.code(201).send(await getEstimateFor(db, user, request.params.id));
    },
  );

  r.post(
    '/api/estimates/:id/supplements',
    {
      bodyLimit: bodyLimitForText(
        LINE_LIST_MAX_CHARACTERS + SUPPLEMENT_REASON_MAX_LENGTH + PHOTO_LIST_MAX_CHARACTERS,
      ),
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: createSupplementSchema,
        response: { 201: supplementSchema, '4xx': errorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createSupplement(deps, requireUser(request), request.params.id, request.body)),
  );

  r.post(
    '/api/estimates/:id/supplements/:sid/decision',
    {
      bodyLimit: bodyLimitForText(CONSENT_NOTE_MAX_LENGTH),
      onRequest: signedIn,
      schema: {
        params: supplementParams,
        body: supplementDecisionSchema,
        response: { 200: supplementSchema, '4xx': errorBody },
      },
    },
    async (request) =>
      decideSupplement(deps, requireUser(request), request.params.id, request.params.sid, request.body),
  );

  r.patch(
    '/api/estimates/:id',
    {
      bodyLimit: bodyLimitForText(PHOTO_LIST_MAX_CHARACTERS),
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: updateEstimateSchema,
        response: { 200: estimateDetailSchema, '4xx': errorBody },
      },
    },
    async (request) => updateEstimate(deps, requireUser(request), request.params.id, request.body),
  );

  r.put(
    '/api/estimates/:id/photos',
    {
      onRequest: signedIn,
      schema: {
        params: idParams,
        body: attachPhotoSchema,
        response: { 200: estimateSchema, '4xx': errorBody },
      },
    },
    async (request) =>
      attachEstimatePhoto(deps, requireUser(request), request.params.id, request.body.photoURL),
  );

  /** Public: backs the confirmation page, which may be opened without signing in. */
  r.get(
    '/api/estimates/:id/receipt',
    { schema: { params: idParams, response: { 200: estimateReceiptSchema, '4xx': errorBody } } },
    async (request) => getEstimateReceipt(db, request.params.id),
  );
}
