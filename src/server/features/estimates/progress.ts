import { and, eq, inArray, isNull } from 'drizzle-orm';
import { normalizeStatus } from '#domain/estimate-status.ts';
import {
  type AddStage,
  PROMISED_DATE_CLOSED,
  PROMISED_DATE_REASON_REQUIRED,
  STAGES_ONLY_IN_PROGRESS,
  unknownStage,
} from '#domain/repair-progress.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError, forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateEvents, estimates, photos, type UserRow } from '#server/db/schema.ts';
import { notifyPromisedDateChanged, notifyStageReached } from '#server/features/notifications/shared.ts';
import { prepareUploadedPhotos } from '#server/features/photos/shared.ts';
import { findEstimateForUser, lockEstimateForUser, touchEstimates } from './estimate-access.ts';

/**
 * PATCH /api/estimates/{id} {promisedDate, promisedDateReason?}: the shop sets the day the car should
 * be ready, or moves it; a move needs a reason the customer reads. Each change is on the timeline.
 */
export async function changePromisedDate(
  db: Db,
  user: UserRow,
  id: string,
  change: { promisedDate: string; promisedDateReason?: string },
): Promise<void> {
  if (!user.isAdmin) throw forbidden();
  await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, id, user);
    const status = normalizeStatus(estimate.status);
    if (status === 'completed' || status === 'cancelled' || status === 'declined') {
      throw new AppError('conflict', PROMISED_DATE_CLOSED);
    }
    if (estimate.promisedDate === change.promisedDate) return;
    const reason = change.promisedDateReason || null;
    if (estimate.promisedDate !== null && !reason)
      throw new AppError('bad_request', PROMISED_DATE_REASON_REQUIRED);
    await tx.update(estimates).set({ promisedDate: change.promisedDate }).where(eq(estimates.id, id));
    await tx.insert(estimateEvents).values({
      estimateId: id,
      kind: 'promised_date',
      name: change.promisedDate,
      note: reason,
      createdBy: user.id,
    });
    await touchEstimates(tx, id);
    if (estimate.promisedDate !== null) await notifyPromisedDateChanged(tx, id, change.promisedDate, reason);
  });
}

/**
 * POST /api/estimates/{id}/stages: the car reached a stage of the repair, with a note and progress
 * photos (uploaded like damage photos, with the same checks). Customers are told unless it is internal.
 */
export async function addStage(
  deps: { db: Db; store: ObjectStore; stages: readonly string[] },
  user: UserRow,
  id: string,
  input: AddStage,
): Promise<void> {
  if (!user.isAdmin) throw forbidden();
  await findEstimateForUser(deps.db, id, user);
  const stage = deps.stages.find((name) => name.toLowerCase() === input.stage.toLowerCase());
  if (!stage) throw new AppError('bad_request', unknownStage(deps.stages));
  const photoIds = await prepareUploadedPhotos(deps, user, input.photos ?? []);
  await deps.db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, id, user);
    if (normalizeStatus(estimate.status) !== 'in_progress')
      throw new AppError('conflict', STAGES_ONLY_IN_PROGRESS);
    const internal = input.internal ?? false;
    const [event] = await tx
      .insert(estimateEvents)
      .values({
        estimateId: id,
        kind: 'stage',
        name: stage,
        note: input.note || null,
        internal,
        createdBy: user.id,
      })
      .returning({ id: estimateEvents.id });
    if (!event) throw new Error('stage insert returned nothing');
    if (photoIds.length > 0) await linkEventPhotos(tx, photoIds, event.id, user.id);
    await touchEstimates(tx, id);
    if (!internal) await notifyStageReached(tx, id, stage, input.note || null);
  });
}

export const PROGRESS_PHOTOS_TAKEN = 'Those photos are already attached to an estimate or a stage.';

/**
 * Photos of a timeline event (a stage's progress photos, a check-in's walk-around) belong to it, not
 * to the damage photos; each may be used once.
 */
export async function linkEventPhotos(
  tx: Db,
  photoIds: string[],
  eventId: string,
  uploaderId: string,
): Promise<void> {
  const linked = await tx
    .update(photos)
    .set({ eventId })
    .where(
      and(
        inArray(photos.id, photoIds),
        eq(photos.uploaderId, uploaderId),
        eq(photos.status, 'ready'),
        // Not yet anyone's: not a damage photo, not another stage's.
        isNull(photos.estimateId),
        isNull(photos.eventId),
      ),
    )
    .returning({ id: photos.id });
  if (linked.length !== photoIds.length) throw new AppError('conflict', PROGRESS_PHOTOS_TAKEN);
  // The timeline shows a stage's photos in the order the shop sent them (at most MAX_STAGE_PHOTOS).
  for (const [position, photoId] of photoIds.entries()) {
    await tx.update(photos).set({ position }).where(eq(photos.id, photoId));
  }
}
