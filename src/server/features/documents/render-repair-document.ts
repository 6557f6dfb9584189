import type { Db } from '#server/db/client.ts';
import { type DocumentSettings, loadRepairDocument } from './load-repair-document.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';
import type { RepairDocument } from './repair-document.ts';

/** The estimate's written estimate or invoice as PDF bytes, as stored now (in the caller's transaction). */
export async function renderRepairDocument(
  db: Db,
  estimateId: string,
  kind: RepairDocument['kind'],
  settings: DocumentSettings,
): Promise<Buffer> {
  const document = await loadRepairDocument(db, estimateId, kind, settings);
  if (!document) throw new Error(`estimate ${estimateId} not found`);
  return renderRepairPdf(document);
}
