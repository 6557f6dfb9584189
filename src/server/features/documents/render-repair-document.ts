import type { Db } from '#server/db/client.ts';
import { type DocumentSettings, loadRepairDocument } from './load-repair-document.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';
import { cachedPdf } from './rendered-pdf-cache.ts';
import type { RepairDocument } from './repair-document.ts';

/**
 * The written estimate or invoice as stored now (in the caller's transaction), as plain JSON: what a
 * queued e-mail keeps so the job prints the very document the change sent, not a later one.
 */
export async function snapshotRepairDocument(
  db: Db,
  estimateId: string,
  kind: RepairDocument['kind'],
  settings: DocumentSettings,
): Promise<unknown> {
  const document = await loadRepairDocument(db, estimateId, kind, settings);
  if (!document) throw new Error(`estimate ${estimateId} not found`);
  return JSON.parse(JSON.stringify(document));
}

/** The PDF of a snapshot, from the cache when this very content was drawn before (decision 075). */
export async function printRepairDocument(db: Db, estimateId: string, snapshot: unknown): Promise<Buffer> {
  const document = repairDocumentFromJson(snapshot);
  const key = { estimateId, kind: document.kind, language: document.language };
  return (await cachedPdf(db, key, document, () => renderRepairPdf(document))).pdf;
}

/** A snapshot read back: its dates are ISO texts again in JSON. */
export function repairDocumentFromJson(snapshot: unknown): RepairDocument {
  const json = snapshot as RepairDocument;
  const date = (value: Date | string) => new Date(value);
  return {
    ...json,
    writtenAt: date(json.writtenAt),
    printedAt: date(json.printedAt),
    completedAt: json.completedAt === null ? null : date(json.completedAt),
    records: json.records.map((record) => ({ ...record, at: date(record.at) })),
  };
}
