// What the documents feature offers the other features: they import it from here, never from its inner files.
export { type DocumentSettings, loadRepairDocument } from './load-repair-document.ts';
export { printRepairDocument, snapshotRepairDocument } from './render-repair-document.ts';
export { type PdfAddition, renderRepairPdf } from './render-repair-pdf.ts';
export { cachedPdf } from './rendered-pdf-cache.ts';
export type { RepairDocument } from './repair-document.ts';
export { PDF_LIMITS } from './routes.ts';
export { statutoryNotices } from './statutory-notices.ts';
