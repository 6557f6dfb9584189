import { and, desc, eq, inArray, or } from 'drizzle-orm';
import {
  CHECK_IN_CLOSED,
  type CheckInRequest,
  type CheckInView,
  checkedInForThisVisit,
  type FuelLevel,
  missingAngles,
  STATUSES_BEFORE_DROP_OFF,
  uncoveredAngles,
} from '#domain/check-in.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { photoUrl, thumbnailUrl } from '#domain/photos.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type CheckInRow, checkIns, estimateEvents, type UserRow } from '#server/db/schema.ts';
import {
  findEstimateForUser,
  linkEventPhotos,
  lockEstimateForUser,
  touchEstimates,
} from '#server/features/estimates/shared.ts';
import { prepareUploadedPhotos } from '#server/features/photos/shared.ts';

export interface CheckInDeps {
  db: Db;
  store: ObjectStore;
  appUrl?: string;
  /** The angles every check-in must photograph (SHOP_CHECK_IN_ANGLES). */
  angles: readonly string[];
}

/**
 * POST /api/admin/estimates/{id}/check-in: the desk records the car as it came in. Every required
 * angle needs a photo (400 naming the missing ones); each photo must be one the caller uploaded
 * through the app (the same check as damage and progress photos: never an outside URL). The check-in
 * is a timeline event, so the customer sees it, with its photos, on the estimate and the status link.
 */
export async function recordCheckIn(
  deps: CheckInDeps,
  staff: UserRow,
  estimateId: string,
  input: CheckInRequest,
): Promise<CheckInRow> {
  await findEstimateForUser(deps.db, estimateId, staff);
  const missing = uncoveredAngles(deps.angles, input.photos);
  if (missing.length > 0) throw new AppError('bad_request', missingAngles(missing));
  const photoIds = await prepareUploadedPhotos(
    deps,
    staff,
    input.photos.map((photo) => photo.photoURL),
  );
  return deps.db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, estimateId, staff);
    const status = normalizeStatus(estimate.status);
    if (status === 'completed' || status === 'cancelled' || status === 'declined') {
      throw new AppError('conflict', CHECK_IN_CLOSED);
    }
    const [event] = await tx
      .insert(estimateEvents)
      .values({
        estimateId,
        kind: 'check_in',
        name: 'checked_in',
        note: input.notes || null,
        createdBy: staff.id,
      })
      .returning({ id: estimateEvents.id });
    if (!event) throw new Error('check-in event insert returned nothing');
    await linkEventPhotos(tx, photoIds, event.id, staff.id);
    const [row] = await tx
      .insert(checkIns)
      .values({
        estimateId,
        eventId: event.id,
        odometer: input.odometer,
        fuel: input.fuel ?? null,
        notes: input.notes || null,
        keys: input.keys || null,
        photos: input.photos.map((photo, index) => ({
          angle: photo.angle,
          photoId: photoIds[index] as string,
        })),
        createdBy: staff.id,
      })
      .returning();
    if (!row) throw new Error('check-in insert returned nothing');
    await touchEstimates(tx, estimateId);
    return row;
  });
}

/** The estimate's latest check-in (a car may come back on another visit); null before any. */
export async function latestCheckIn(db: Db, estimateId: string): Promise<CheckInRow | null> {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(eq(checkIns.estimateId, estimateId))
    .orderBy(desc(checkIns.createdAt), desc(checkIns.id))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the car is checked in for this visit (`checkedInForThisVisit`): read from the latest of its
 * check-ins and its moves into approved or scheduled, the only events the rule looks at.
 */
export async function isCheckedInForThisVisit(db: Db, estimateId: string): Promise<boolean> {
  const latest = await db
    .select({ kind: estimateEvents.kind, name: estimateEvents.name })
    .from(estimateEvents)
    .where(
      and(
        eq(estimateEvents.estimateId, estimateId),
        or(
          eq(estimateEvents.kind, 'check_in'),
          and(eq(estimateEvents.kind, 'status'), inArray(estimateEvents.name, [...STATUSES_BEFORE_DROP_OFF])),
        ),
      ),
    )
    .orderBy(desc(estimateEvents.createdAt), desc(estimateEvents.id))
    .limit(1);
  return checkedInForThisVisit(latest);
}

/** GET /api/estimates/{id}/check-in: the owner's or the shop's read of the latest check-in. */
export async function checkInFor(db: Db, viewer: UserRow, estimateId: string): Promise<CheckInView | null> {
  const estimate = await findEstimateForUser(db, estimateId, viewer);
  const row = await latestCheckIn(db, estimate.id);
  return row ? presentCheckIn(row) : null;
}

export function presentCheckIn(row: CheckInRow): CheckInView {
  return {
    at: row.createdAt.toISOString(),
    odometer: row.odometer,
    fuel: (row.fuel as FuelLevel | null) ?? null,
    notes: row.notes,
    keys: row.keys,
    photos: row.photos.map(({ angle, photoId }) => ({
      angle,
      url: photoUrl(photoId),
      thumbnailUrl: thumbnailUrl(photoId),
    })),
  };
}
