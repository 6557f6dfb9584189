import { createHash } from 'node:crypto';
import { canonicalJson, type JsonValue } from '#domain/canonical-json.ts';

/**
 * Bumped whenever the drawing of a document changes (layout, wording of the catalog, fonts): every
 * PDF drawn before then hashes differently and is drawn again on its next download.
 */
export const PDF_LAYOUT_VERSION = 1;

/** The fields that say when a copy was made, not what it says: left out of the hash. */
const PRINT_TIMES = new Set(['printedAt', 'producedAt']);

/**
 * SHA-256 (hex) of everything a PDF prints, language and shop details included: the same estimate
 * as before gives the same hash, any change to it a new one. The time of printing is left out, so a
 * copy drawn earlier of the very same content still counts (it prints the day it was drawn).
 */
export function documentContentHash(content: object): string {
  // Through JSON first: dates become their ISO text, undefined fields disappear.
  const plain = JSON.parse(JSON.stringify(content)) as Record<string, JsonValue>;
  for (const field of PRINT_TIMES) delete plain[field];
  return createHash('sha256')
    .update(`v${PDF_LAYOUT_VERSION}\n${canonicalJson(plain)}`)
    .digest('hex');
}
