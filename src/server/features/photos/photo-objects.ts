import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import { type PhotoRow, photos } from '#server/db/schema.ts';
import type { ProcessedPhoto } from './image-processing.ts';

/**
 * Where a new photo row points before its bytes arrive. Finished photos get keys with a random
 * suffix of their own, so two racing uploads for one row never overwrite each other's bytes.
 */
export function placeholderObjectKey(photoId: string): string {
  return `photos/${photoId}.jpg`;
}

/** How long an upload URL works: enough for a slow phone connection, short enough not to linger. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Where the browser PUTs the original bytes when it uploads straight to S3; removed once processed. */
export const INCOMING_PREFIX = 'incoming/';

export function incomingObjectKey(photoId: string): string {
  return `${INCOMING_PREFIX}${photoId}`;
}

/** Stored bytes never change under a key, so a hash of the key is a strong validator. */
export function etagForKey(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

export type PhotoLogger = { warn(details: object, message: string): void };

/** Where best-effort failures go when the caller gives no logger (the CLI, tests). */
export const consoleLogger: PhotoLogger = { warn: (details, message) => console.warn(message, details) };

export interface PhotoDeps {
  db: Db;
  store: ObjectStore;
  /** APP_URL: an absolute disk upload URL must point at it. */
  appUrl?: string;
}

/**
 * Stores a processed photo and its thumbnail and marks the row ready. Returns null when another
 * request finished this row first; this attempt's objects are removed again.
 */
export async function saveProcessedPhoto(
  { db, store }: PhotoDeps,
  photoId: string,
  processed: ProcessedPhoto,
): Promise<PhotoRow | null> {
  const suffix = randomBytes(6).toString('hex');
  const objectKey = `photos/${photoId}-${suffix}.jpg`;
  const thumbnailKey = `photos/${photoId}-${suffix}.thumb.webp`;
  await store.put(objectKey, processed.photo.data, processed.photo.contentType);
  await store.put(thumbnailKey, processed.thumbnail.data, processed.thumbnail.contentType);
  const [row] = await db
    .update(photos)
    .set({
      status: 'ready',
      objectKey,
      thumbnailKey,
      contentType: processed.photo.contentType,
      sizeBytes: processed.photo.data.length,
      width: processed.photo.width,
      height: processed.photo.height,
    })
    .where(and(eq(photos.id, photoId), eq(photos.status, 'awaiting_upload')))
    .returning();
  if (!row) await deletePhotoObjects(store, [{ objectKey, thumbnailKey }]);
  return row ?? null;
}

/** Best effort: a missing object is fine and a failing store is logged, never thrown. */
export async function deletePhotoObjects(
  store: ObjectStore,
  rows: Pick<PhotoRow, 'objectKey' | 'thumbnailKey'>[],
  log: PhotoLogger = consoleLogger,
): Promise<void> {
  const keys = rows.flatMap((row) =>
    row.thumbnailKey ? [row.objectKey, row.thumbnailKey] : [row.objectKey],
  );
  await Promise.all(
    keys.map(async (key) => {
      try {
        await store.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete a photo object');
      }
    }),
  );
}
