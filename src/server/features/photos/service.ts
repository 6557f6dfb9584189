import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import { MAX_PHOTO_BYTES, photoIdFromDiskUploadPath, photoIdFromUrl } from '#domain/photos.ts';
import type { ObjectStore, StoredObject } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateEvents, estimates, type PhotoRow, photos, type UserRow } from '#server/db/schema.ts';
import { processPhoto, tooLargeError } from './image-processing.ts';
import {
  deletePhotoObjects,
  etagForKey,
  incomingObjectKey,
  type PhotoDeps,
  saveProcessedPhoto,
} from './photo-objects.ts';

export { deletePhotoObjects } from './photo-objects.ts';

export const NOT_YOUR_PHOTOS =
  'One or more photos were not uploaded by you or are already attached to an estimate.';
export const UPLOAD_NOT_FINISHED = 'A photo upload did not finish. Please retake the photo.';
export const DUPLICATE_PHOTOS = 'The same photo was sent more than once.';
export const PHOTOS_ALREADY_ATTACHED = 'One or more photos were already attached to an estimate.';

/**
 * Checks photo URLs sent with a new estimate and makes every one of them ready: each must be a photo
 * this caller uploaded that no estimate holds yet. Photos uploaded straight to S3 are checked and
 * processed here (the browser sent their bytes to the bucket, not to us). Returns the ids in order.
 */
export async function prepareUploadedPhotos(
  deps: PhotoDeps,
  user: UserRow,
  urls: string[],
): Promise<string[]> {
  const ids = await Promise.all(urls.map((url) => photoIdFromReference(deps, url)));
  if (ids.some((id) => id === null)) throw new AppError('bad_request', NOT_YOUR_PHOTOS);
  const photoIds = ids as string[];
  if (new Set(photoIds).size !== photoIds.length) throw new AppError('bad_request', DUPLICATE_PHOTOS);
  if (photoIds.length === 0) return [];

  const rows = await deps.db
    .select()
    .from(photos)
    .where(
      and(
        inArray(photos.id, photoIds),
        eq(photos.uploaderId, user.id),
        isNull(photos.estimateId),
        isNull(photos.eventId),
      ),
    );
  if (rows.length !== photoIds.length) throw new AppError('bad_request', NOT_YOUR_PHOTOS);

  for (const row of rows) {
    if (row.status === 'awaiting_upload') await finishDirectUpload(deps, row.id);
  }
  return photoIds;
}

/**
 * The photo a request names: by its photoURL, or by the uploadURL it was uploaded to (as the spec's
 * upload contract has it), with or without the query string. An uploadURL counts only when it is
 * this shop's own: the app's disk upload path (relative, or absolute on APP_URL), or the configured
 * S3 bucket's `incoming/<id>`. Anything else is null, and refused.
 */
export async function photoIdFromReference(deps: PhotoDeps, url: string): Promise<string | null> {
  const byPhotoUrl = photoIdFromUrl(url);
  if (byPhotoUrl) return byPhotoUrl;
  if (deps.store.keyFromUploadUrl) {
    const key = await deps.store.keyFromUploadUrl(url);
    const id = key?.startsWith('incoming/') ? key.slice('incoming/'.length) : null;
    return id !== null && isUuid(id) && incomingObjectKey(id) === key ? id.toLowerCase() : null;
  }
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return photoIdFromDiskUploadPath(trimmed);
  if (!deps.appUrl) return null;
  try {
    const parsed = new URL(trimmed);
    if (parsed.origin !== new URL(deps.appUrl).origin) return null;
    return photoIdFromDiskUploadPath(parsed.pathname);
  } catch {
    return null;
  }
}

/** An S3 upload: fetch `incoming/<id>`, refuse anything that is not a photo, keep the processed photo. */
async function finishDirectUpload(deps: PhotoDeps, photoId: string): Promise<void> {
  const { db, store } = deps;
  // On disk the bytes come through the app; a row still waiting means the upload never arrived.
  if (!store.createUploadUrl) throw new AppError('bad_request', UPLOAD_NOT_FINISHED);

  const incomingKey = incomingObjectKey(photoId);
  const incoming = await store.get(incomingKey);
  if (!incoming) {
    // A concurrent request may have just finished it (and removed the incoming object).
    const [row] = await db.select({ status: photos.status }).from(photos).where(eq(photos.id, photoId));
    if (row?.status === 'ready') return;
    throw new AppError('bad_request', UPLOAD_NOT_FINISHED);
  }
  const removeIncoming = () => deletePhotoObjects(store, [{ objectKey: incomingKey, thumbnailKey: null }]);
  try {
    const bytes = await readAtMost(incoming, MAX_PHOTO_BYTES);
    const processed = await processPhoto(bytes);
    await saveProcessedPhoto(deps, photoId, processed);
  } catch (error) {
    // A file refused for what it is leaves nothing stored. After any other failure (the store or the
    // database down a moment) the original stays, so sending the estimate again finishes it; one
    // never finished goes with its photo row a day later (cleanup.ts).
    if (error instanceof AppError) await removeIncoming();
    throw error;
  }
  await removeIncoming();
}

/** The whole object as one buffer, refusing (without reading on) anything over `limit` bytes. */
async function readAtMost(object: StoredObject, limit: number): Promise<Buffer> {
  if (object.size > limit) {
    object.body.destroy();
    throw tooLargeError();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of object.body as Readable) {
    total += (chunk as Buffer).length;
    if (total > limit) {
      object.body.destroy();
      throw tooLargeError();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Attaches ready photos to an estimate inside the caller's transaction, numbered from `firstPosition`.
 * Only unattached photos of `uploaderId` move; if any other was asked for, the whole change is refused.
 */
export async function linkPhotos(
  tx: Db,
  photoIds: string[],
  estimateId: string,
  uploaderId: string,
  firstPosition = 0,
): Promise<void> {
  if (photoIds.length === 0) return;
  const position = sql.join(
    [
      sql`case ${photos.id}`,
      ...photoIds.map((id, index) => sql`when ${id}::uuid then ${firstPosition + index}::integer`),
      sql`end`,
    ],
    sql` `,
  );
  const updated = await tx
    .update(photos)
    .set({ estimateId, position: sql`${position}` })
    .where(
      and(
        inArray(photos.id, photoIds),
        eq(photos.uploaderId, uploaderId),
        isNull(photos.estimateId),
        isNull(photos.eventId),
        eq(photos.status, 'ready'),
      ),
    )
    .returning({ id: photos.id });
  if (updated.length !== photoIds.length) {
    throw new AppError('conflict', PHOTOS_ALREADY_ATTACHED);
  }
}

export type PhotoVariant = 'photo' | 'thumbnail';

export interface PhotoForViewer {
  object: StoredObject;
  contentType: string;
  etag: string;
}

/**
 * A ready photo the viewer may see: admins see every photo, a customer the photos of their own
 * estimates, and the uploader their photos not yet attached. Anyone else gets the same 404 as for
 * a photo that does not exist, so ids cannot be probed.
 */
export async function findViewablePhoto(db: Db, viewer: UserRow, photoId: string): Promise<PhotoRow | null> {
  if (!isUuid(photoId)) return null;
  const mayView = viewer.isAdmin
    ? undefined
    : or(
        and(isNull(photos.estimateId), isNull(photos.eventId), eq(photos.uploaderId, viewer.id)),
        eq(estimates.userId, viewer.id),
        // A progress photo of the customer's repair, unless its stage is the shop's own.
        sql`exists (select 1 from ${estimateEvents} join ${estimates} as owned on owned.id = ${estimateEvents.estimateId}
          where ${estimateEvents.id} = ${photos.eventId} and not ${estimateEvents.internal} and owned.user_id = ${viewer.id})`,
      );
  const [row] = await db
    .select({ photo: photos })
    .from(photos)
    .leftJoin(estimates, eq(estimates.id, photos.estimateId))
    .where(and(eq(photos.id, photoId.toLowerCase()), eq(photos.status, 'ready'), mayView))
    .limit(1);
  return row?.photo ?? null;
}

/** The ETag a photo (or its thumbnail) is served with, known without reading the store. */
export function photoEtag(
  photo: Pick<PhotoRow, 'objectKey' | 'thumbnailKey'>,
  variant: PhotoVariant,
): string | null {
  const key = variant === 'photo' ? photo.objectKey : photo.thumbnailKey;
  return key ? etagForKey(key) : null;
}

/** Opens the bytes of a photo the viewer may see; null (→ 404) otherwise or when the object is gone. */
export async function openPhoto(
  store: ObjectStore,
  photo: PhotoRow,
  variant: PhotoVariant,
): Promise<PhotoForViewer | null> {
  const key = variant === 'photo' ? photo.objectKey : photo.thumbnailKey;
  if (!key) return null;
  const object = await store.get(key);
  if (!object) return null;
  const contentType = variant === 'photo' ? (photo.contentType ?? object.contentType) : 'image/webp';
  return { object, contentType, etag: etagForKey(key) };
}
