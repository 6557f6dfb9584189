import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import { photos } from '#server/db/schema.ts';
import { deletePhotoObjects, incomingObjectKey } from './photo-objects.ts';

/** A photo no estimate took within a day was abandoned (the customer closed the page, retook it…). */
export const ABANDONED_AFTER_HOURS = 24;
const BATCH = 200;

type Logger = { warn(details: object, message: string): void };

export interface AbandonedPhotosOptions {
  now?: Date;
  /**
   * Removes what a photo's upload left outside the photo store: a resumable upload whose last step
   * failed keeps its parts for a retry, and tus's own expiry passes over an upload with every byte in.
   */
  removeWaitingUpload?: (photoId: string) => Promise<void>;
}

/**
 * Deletes unattached photos older than a day, with their bytes. Rows go first: once a row is
 * gone no estimate can take the photo, so no estimate ever points at deleted bytes.
 */
export async function deleteAbandonedPhotos(
  db: Db,
  store: ObjectStore,
  log?: Logger,
  { now = new Date(), removeWaitingUpload }: AbandonedPhotosOptions = {},
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
  log: Logger = { warn: (details, message) => console.warn(message, details) },
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
