import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '#domain/language.ts';
import type { Db } from '#server/db/client.ts';
import { renderedDocuments } from '#server/db/schema.ts';
import { documentContentHash } from './document-hash.ts';

export type CachedDocumentKind = 'estimate' | 'invoice' | 'lien-notice' | 'authorization';

export interface CachedDocumentKey {
  estimateId: string;
  kind: CachedDocumentKind;
  language: Language;
}

/**
 * The PDF of `content` (decision 075): from `rendered_documents` when the stored copy of this
 * estimate's document in this language hashes the same, else drawn by `render` and stored in place
 * of the older copy. Two first downloads at once may both draw it; the last one stored stays.
 */
export async function cachedPdf(
  db: Db,
  key: CachedDocumentKey,
  content: object,
  render: () => Promise<Buffer>,
): Promise<{ pdf: Buffer; fromCache: boolean }> {
  const contentHash = documentContentHash(content);
  const [stored] = await db
    .select({ pdf: renderedDocuments.pdf })
    .from(renderedDocuments)
    .where(
      and(
        eq(renderedDocuments.estimateId, key.estimateId),
        eq(renderedDocuments.kind, key.kind),
        eq(renderedDocuments.language, key.language),
        eq(renderedDocuments.contentHash, contentHash),
      ),
    )
    .limit(1);
  if (stored) return { pdf: stored.pdf, fromCache: true };

  const pdf = await render();
  await db
    .insert(renderedDocuments)
    .values({ ...key, contentHash, pdf })
    .onConflictDoUpdate({
      target: [renderedDocuments.estimateId, renderedDocuments.kind, renderedDocuments.language],
      set: { contentHash, pdf, renderedAt: sql`now()` },
    });
  return { pdf, fromCache: false };
}
