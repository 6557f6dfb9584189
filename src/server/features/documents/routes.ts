import type { FastifyInstance } from 'fastify';
import { estimateReference } from '#domain/estimate.ts';
import { documentRefusal } from '#domain/repair-documents.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateNotFound, findEstimateForUser } from '#server/features/estimates/shared.ts';
import { errorBody, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { type DocumentSettings, loadRepairDocument } from './load-repair-document.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';

/**
 * The written estimate (F.S. 559.905) and, once the repair is completed, the invoice (F.S. 559.911),
 * as PDFs for the estimate's owner and the shop; anyone else gets the same 404 as for a missing one.
 */
export function documentRoutes(app: FastifyInstance, deps: { db: Db; documents: DocumentSettings }): void {
  const { db } = deps;
  for (const kind of ['estimate', 'invoice'] as const) {
    // Untyped reply: the 200 answer is PDF bytes, not JSON.
    app.get<{ Params: { id: string } }>(
      `/api/estimates/:id/${kind}.pdf`,
      { onRequest: signedIn, schema: { params: idParams, response: { '4xx': errorBody } } },
      async (request, reply) => {
        const estimate = await findEstimateForUser(db, request.params.id, requireUser(request));
        const refusal = documentRefusal(kind, estimate);
        if (refusal) throw new AppError('not_found', refusal);
        const document = await loadRepairDocument(db, estimate.id, kind, deps.documents);
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
