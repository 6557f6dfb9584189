import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { estimateReference } from '#domain/estimate.ts';
import { LANGUAGES } from '#domain/language.ts';
import { documentRefusal } from '#domain/repair-documents.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateNotFound, findEstimateForUser } from '#server/features/estimates/shared.ts';
import { errorBody, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { type DocumentSettings, loadRepairDocument } from './load-repair-document.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';

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
 * The written estimate (F.S. 559.905) and, once the repair is completed, the invoice (F.S. 559.911),
 * as PDFs for the estimate's owner and the shop; anyone else gets the same 404 as for a missing one.
 */
export function documentRoutes(app: FastifyInstance, deps: { db: Db; documents: DocumentSettings }): void {
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
        const estimate = await findEstimateForUser(db, request.params.id, requireUser(request));
        const refusal = documentRefusal(kind, estimate);
        if (refusal) throw new AppError('not_found', refusal);
        const document = await loadRepairDocument(db, estimate.id, kind, deps.documents, {
          language: request.query.language,
        });
        if (!document) throw estimateNotFound();
        const pdf = await renderRepairPdf(document);
        const fileName = `${kind}-${estimateReference(estimate.id)}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }
}
