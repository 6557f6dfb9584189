import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import { photos } from '#server/db/schema.ts';
import {
  consoleLogger,
  deletePhotoObjects,
  INCOMING_PREFIX,
  incomingObjectKey,
  type PhotoLogger,
  UPLOAD_URL_TTL_SECONDS,
} from './photo-objects.ts';

/** A photo no estimate took within a day was abandoned (the customer closed the page, retook it…). */
export const ABANDONED_AFTER_HOURS = 24;
/**
 * How old an object under incoming/ must be before the sweep judges it: older than an upload URL
 * lives, so nothing can write its key again once it is deleted; the hour more allows for the bucket's
 * clock and for an upload still arriving when its URL expired.
 */
export const INCOMING_SWEPT_AFTER_SECONDS = UPLOAD_URL_TTL_SECONDS + 60 * 60;
const BATCH = 200;

export interface AbandonedPhotosOptions {
  now?: Date;
  /**
   * Removes what a photo's upload left outside the photo store: a resumable upload whose last step
   * failed keeps its parts for a retry, and tus's own expiry passes over an upload with every byte in.
   */
  removeWaitingUpload?: (photoId: string) => Promise<void>;
}

/**
 * Deletes unattached photos older than a day, with their bytes, then sweeps what S3 uploads left
 * under incoming/ (sweepIncomingUploads). Answers how many photos it deleted.
 */
export async function deleteAbandonedPhotos(
  db: Db,
  store: ObjectStore,
  log: PhotoLogger = consoleLogger,
  options: AbandonedPhotosOptions = {},
): Promise<number> {
  const deleted = await deleteAbandonedRows(db, store, log, options);
  await sweepIncomingUploads(db, store, log, options.now);
  return deleted;
}

/**
 * Rows go first: once a row is gone no estimate can take the photo, so no estimate ever points at
 * deleted bytes.
 */
async function deleteAbandonedRows(
  db: Db,
  store: ObjectStore,
  log: PhotoLogger,
  { now = new Date(), removeWaitingUpload }: AbandonedPhotosOptions,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_HOURS * 3_600_000);
  let deleted = 0;
  for (;;) {
    const batch = await db
      .select({ id: photos.id })
      .from(photos)
      .where(and(isNull(photos.estimateId), isNull(photos.eventId), lt(photos.createdAt, cutoff)))
      .limit(BATCH);
    if (batch.length === 0) return deleted;
    const rows = await db
      .delete(photos)
      .where(
        and(
          inArray(
            photos.id,
            batch.map((row) => row.id),
          ),
          isNull(photos.estimateId),
          isNull(photos.eventId),
          lt(photos.createdAt, cutoff),
        ),
      )
      .returning({
        id: photos.id,
        status: photos.status,
        objectKey: photos.objectKey,
        thumbnailKey: photos.thumbnailKey,
      });
    // An S3 upload never attached may still have its original bytes waiting under incoming/.
    const waiting = rows.filter((row) => row.status === 'awaiting_upload');
    const incoming = waiting.map((row) => ({ objectKey: incomingObjectKey(row.id), thumbnailKey: null }));
    await deletePhotoObjects(store, [...rows, ...incoming], log);
    if (removeWaitingUpload) await removeWaitingUploads(waiting, removeWaitingUpload, log);
    deleted += rows.length;
    if (batch.length < BATCH) return deleted;
  }
}

/** Best effort, like deletePhotoObjects: a failure is logged, and the other uploads still go. */
async function removeWaitingUploads(
  rows: { id: string }[],
  remove: (photoId: string) => Promise<void>,
  log: PhotoLogger,
): Promise<void> {
  await Promise.all(
    rows.map(async (row) => {
      try {
        await remove(row.id);
      } catch (error) {
        log.warn({ err: error, photoId: row.id }, 'could not remove an upload in progress');
      }
    }),
  );
}

/**
 * Deletes every object under incoming/ older than an upload URL lives (INCOMING_SWEPT_AFTER_SECONDS)
 * unless its photo is still waiting for it: `awaiting_upload` and less than a day old, so the customer
 * may yet send the estimate. The rest would never be read again, and nothing else deletes it: an
 * original PUT again after its photo was attached, one whose delete failed, one whose row is gone.
 * Answers how many objects it deleted (a failed delete is logged, and tried again the next hour).
 */
export async function sweepIncomingUploads(
  db: Db,
  store: ObjectStore,
  log: PhotoLogger = consoleLogger,
  now = new Date(),
): Promise<number> {
  if (!store.listWithDates) return 0;
  const writtenBefore = now.getTime() - INCOMING_SWEPT_AFTER_SECONDS * 1000;
  const waitingSince = new Date(now.getTime() - ABANDONED_AFTER_HOURS * 3_600_000);
  let swept = 0;
  let keys: string[] = [];
  for await (const object of store.listWithDates(INCOMING_PREFIX)) {
    // An object of unknown age may be under a URL that still works: left alone.
    if (!object.lastModified || object.lastModified.getTime() > writtenBefore) continue;
    keys.push(object.key);
    if (keys.length === BATCH) {
      swept += await sweepKeys(db, store, log, keys, waitingSince);
      keys = [];
    }
  }
  if (keys.length > 0) swept += await sweepKeys(db, store, log, keys, waitingSince);
  if (swept > 0) log.warn({ count: swept }, 'deleted uploads left under incoming/');
  return swept;
}

/** Deletes the keys whose photo is not waiting for them; answers how many. */
async function sweepKeys(
  db: Db,
  store: ObjectStore,
  log: PhotoLogger,
  keys: string[],
  waitingSince: Date,
): Promise<number> {
  const ids = keys.map((key) => key.slice(INCOMING_PREFIX.length)).filter(isUuid);
  const waiting =
    ids.length === 0
      ? []
      : await db
          .select({ id: photos.id })
          .from(photos)
          .where(
            and(
              inArray(photos.id, ids),
              eq(photos.status, 'awaiting_upload'),
              gte(photos.createdAt, waitingSince),
            ),
          );
  const kept = new Set(waiting.map((row) => incomingObjectKey(row.id)));
  const leftovers = keys.filter((key) => !kept.has(key));
  await deletePhotoObjects(
    store,
    leftovers.map((objectKey) => ({ objectKey, thumbnailKey: null })),
    log,
  );
  return leftovers.length;
}
