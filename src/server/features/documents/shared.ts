// What the documents feature offers the other features: they import it from here, never from its inner files.
export type { DocumentSettings } from './load-repair-document.ts';
export { renderRepairDocument } from './render-repair-document.ts';
export type { RepairDocument } from './repair-document.ts';
