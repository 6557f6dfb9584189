import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { estimateReference } from '#domain/estimate.ts';
import { LANGUAGES } from '#domain/language.ts';
import { documentRefusal } from '#domain/repair-documents.ts';
import { lienNoticeRefusalSchema, lienNoticeStatusSchema } from '#domain/storage.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateNotFound, findEstimateForUser } from '#server/features/estimates/shared.ts';
import { hitRateLimit, type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import {
  adminOnly,
  errorBody,
  idParams,
  requireAdmin,
  requireUser,
  signedIn,
} from '#server/http/route-helpers.ts';
import { lienNoticeStatus, prepareLienNotice, recordLienNotice } from './lien-notice.ts';
import { type DocumentSettings, loadRepairDocument } from './load-repair-document.ts';
import { renderLienNoticePdf } from './render-lien-notice-pdf.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';
import { cachedPdf } from './rendered-pdf-cache.ts';

/**
 * `?language=en|es`: the document in that language. Without it, the customer's: it is their document,
 * and the shop printing it gets the very words the customer was given; the shop may ask for the
 * other language to read it itself (the statutory notices are in English in both).
 */
export const INVALID_DOCUMENT_LANGUAGE = 'language must be "en" or "es".';
const documentQuery = z.object({
  language: z.enum(LANGUAGES, { error: INVALID_DOCUMENT_LANGUAGE }).optional(),
});

/**
 * Per user, over 10 minutes, counted before the estimate is even looked up. A PDF not yet in the cache
 * takes tens of milliseconds of the server's time to draw (the first one in a process a few hundred), so one account could keep a core busy; a customer reads their
 * estimate and invoice a few times (and a retry or two), the shop prints for many customers.
 */
export const PDF_LIMITS = {
  customer: {
    name: 'pdf-user',
    max: 20,
    windowSeconds: 10 * 60,
    tooMany: 'You have opened too many estimates and invoices (PDF) in the last few minutes.',
  },
  shop: {
    name: 'pdf-shop',
    max: 200,
    windowSeconds: 10 * 60,
    tooMany: 'You have opened too many estimates and invoices (PDF) in the last few minutes.',
  },
} satisfies Record<string, RateLimit>;

/**
 * The written estimate (F.S. 559.905) and, once the repair is completed, the invoice (F.S. 559.911),
 * as PDFs for the estimate's owner and the shop; anyone else gets the same 404 as for a missing one.
 */
export function documentRoutes(
  app: FastifyInstance,
  deps: { db: Db; documents: DocumentSettings; rateLimitScale?: number },
): void {
  const { db } = deps;
  for (const kind of ['estimate', 'invoice'] as const) {
    // Untyped reply: the 200 answer is PDF bytes, not JSON.
    app.get<{ Params: { id: string }; Querystring: z.infer<typeof documentQuery> }>(
      `/api/estimates/:id/${kind}.pdf`,
      {
        onRequest: signedIn,
        schema: { params: idParams, querystring: documentQuery, response: { '4xx': errorBody } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const limit = user.isAdmin ? PDF_LIMITS.shop : PDF_LIMITS.customer;
        await hitRateLimit(db, scaledLimit(limit, deps.rateLimitScale ?? 1), user.id);
        const estimate = await findEstimateForUser(db, request.params.id, user);
        const refusal = documentRefusal(kind, estimate);
        if (refusal) throw new AppError('not_found', refusal);
        const document = await loadRepairDocument(db, estimate.id, kind, deps.documents, {
          language: request.query.language,
        });
        if (!document) throw estimateNotFound();
        // Drawn once per content: the next download of an unchanged estimate is read back (decision 075).
        const key = { estimateId: estimate.id, kind, language: document.language };
        const { pdf } = await cachedPdf(db, key, document, () => renderRepairPdf(document));
        const fileName = `${kind}-${estimateReference(estimate.id)}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  // The notice of lien (F.S. 713.585), staff only: what the desk shows, and the PDF (decision 072).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/estimates/:id/lien-notice',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: lienNoticeStatusSchema, '4xx': errorBody } },
    },
    async (request) => lienNoticeStatus(db, requireAdmin(request), request.params.id),
  );

  app.get<{ Params: { id: string }; Querystring: z.infer<typeof documentQuery> }>(
    '/api/admin/estimates/:id/lien-notice.pdf',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        querystring: documentQuery,
        response: { 409: lienNoticeRefusalSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const staff = requireAdmin(request);
      await hitRateLimit(db, scaledLimit(PDF_LIMITS.shop, deps.rateLimitScale ?? 1), staff.id);
      const outcome = await prepareLienNotice(db, deps.documents, staff, request.params.id, {
        language: request.query.language,
      });
      // Before storage begins the answer names the day the notice can be produced.
      if (outcome.kind === 'refused') {
        return reply.code(409).send({
          message: outcome.message,
          ...(outcome.availableFrom ? { availableFrom: outcome.availableFrom } : {}),
        });
      }
      const { notice } = outcome;
      const key = { estimateId: request.params.id, kind: 'lien-notice' as const, language: notice.language };
      const { pdf } = await cachedPdf(db, key, notice, () => renderLienNoticePdf(notice));
      await recordLienNotice(db, staff, request.params.id, outcome.notice);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="lien-notice-${outcome.notice.reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
