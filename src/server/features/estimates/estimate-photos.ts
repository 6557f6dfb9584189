import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Estimate } from '#domain/estimate-schema.ts';
import {
  customerMayEditPhotos,
  customerMayRemovePhotos,
  PHOTOS_CLOSED,
  PHOTOS_KEPT_AFTER_QUOTE,
} from '#domain/estimate-status.ts';
import { MAX_PHOTOS_PER_ESTIMATE, photoIdFromUrl } from '#domain/photos.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type PhotoRow, photos, type UserRow } from '#server/db/schema.ts';
import { deletePhotoObjects, linkPhotos, prepareUploadedPhotos } from '#server/features/photos/shared.ts';
import {
  estimateNotFound,
  findEstimateForUser,
  lockEstimateForUser,
  touchEstimates,
} from './estimate-access.ts';
import { loadEstimate } from './present-estimates.ts';

export const TOO_MANY_PHOTOS = `An estimate can have at most ${MAX_PHOTOS_PER_ESTIMATE} photos.`;
export const NOT_THIS_ESTIMATES_PHOTO =
  'That photo is not part of this estimate. Use Add Photo to add a new one.';
export const PHOTO_LISTED_TWICE = 'Each photo can be listed only once.';

/** A customer changes no photo of a closed estimate; the shop may. */
function refuseClosedEstimate(user: UserRow, status: string): void {
  if (!user.isAdmin && !customerMayEditPhotos(status)) throw new AppError('conflict', PHOTOS_CLOSED);
}

/** PUT /api/estimates/{id}/photos: links one photo the caller uploaded, after the others. */
export async function attachEstimatePhoto(
  deps: { db: Db; store: ObjectStore; appUrl?: string },
  user: UserRow,
  estimateId: string,
  url: string,
): Promise<Estimate> {
  const found = await findEstimateForUser(deps.db, estimateId, user);
  refuseClosedEstimate(user, found.status);
  // Checking the upload may read the object store: done before the transaction opens.
  const photoIds = await prepareUploadedPhotos(deps, user, [url]);
  await deps.db.transaction(async (tx) => {
    // The lock makes concurrent additions take turns, so the limit holds.
    const estimate = await lockEstimateForUser(tx, estimateId, user);
    // Again under the lock: the shop may have closed the estimate meanwhile.
    refuseClosedEstimate(user, estimate.status);
    const [current] = await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number | null>`max(${photos.position})` })
      .from(photos)
      .where(eq(photos.estimateId, estimateId));
    const count = Number(current?.count ?? 0);
    if (count + photoIds.length > MAX_PHOTOS_PER_ESTIMATE) throw new AppError('conflict', TOO_MANY_PHOTOS);
    const nextPosition = current?.last === null || current?.last === undefined ? 0 : Number(current.last) + 1;
    await linkPhotos(tx, photoIds, estimateId, user.id, nextPosition);
    await touchEstimates(tx, estimateId);
  });
  const estimate = await loadEstimate(deps.db, estimateId);
  if (!estimate) throw estimateNotFound();
  return estimate;
}

/**
 * PATCH /api/estimates/{id} {photos}: keeps the listed photos in the listed order and removes the
 * rest. It never adds: a URL that is not already one of this estimate's photos is refused, so a
 * photo cannot be moved here from another estimate. Removing every photo is allowed while the
 * estimate is pending; once it is quoted a customer may reorder but not drop any (the shop may).
 */
export async function reorderEstimatePhotos(
  deps: { db: Db; store: ObjectStore },
  user: UserRow,
  estimateId: string,
  urls: string[],
): Promise<void> {
  const wanted = urls.map((url) => photoIdFromUrl(url));
  if (new Set(wanted).size !== wanted.length) throw new AppError('bad_request', PHOTO_LISTED_TWICE);

  const removed = await deps.db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, estimateId, user);
    refuseClosedEstimate(user, estimate.status);
    const current = await tx
      .select({ id: photos.id, objectKey: photos.objectKey, thumbnailKey: photos.thumbnailKey })
      .from(photos)
      .where(eq(photos.estimateId, estimateId));
    const currentIds = new Set(current.map((photo) => photo.id));
    const kept = wanted.filter((id): id is string => id !== null && currentIds.has(id));
    if (kept.length !== wanted.length) throw new AppError('bad_request', NOT_THIS_ESTIMATES_PHOTO);

    const keptIds = new Set(kept);
    const gone = current.filter((photo) => !keptIds.has(photo.id));
    if (gone.length > 0 && !user.isAdmin && !customerMayRemovePhotos(estimate.status)) {
      throw new AppError('conflict', PHOTOS_KEPT_AFTER_QUOTE);
    }
    if (gone.length > 0) {
      await tx.delete(photos).where(
        and(
          eq(photos.estimateId, estimateId),
          inArray(
            photos.id,
            gone.map((photo) => photo.id),
          ),
        ),
      );
    }
    if (kept.length > 0) {
      await tx
        .update(photos)
        .set({ position: positionsInOrder(kept) })
        .where(and(eq(photos.estimateId, estimateId), inArray(photos.id, kept)));
    }
    await touchEstimates(tx, estimateId);
    return gone;
  });
  // The rows are gone for good once committed; only then may the bytes go.
  await deletePhotoObjects(deps.store, removed satisfies Pick<PhotoRow, 'objectKey' | 'thumbnailKey'>[]);
}

/** `case id when … then 0 when … then 1 … end`: every position in one statement. */
function positionsInOrder(ids: string[]): SQL<number> {
  const branches = ids.map((id, index) => sql`when ${id}::uuid then ${index}::int`);
  return sql<number>`case ${photos.id} ${sql.join(branches, sql` `)} end`;
}
