import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type EstimateRow, estimates, type UserRow } from '#server/db/schema.ts';

export const estimateNotFound = () => new AppError('not_found', 'Estimate not found');

/** What decides which estimates someone sees. */
export type Viewer = Pick<UserRow, 'id' | 'isAdmin'>;

/** The estimates a user may see: their own, or every one for an admin. */
export function estimatesVisibleTo(viewer: Viewer): SQL | undefined {
  return viewer.isAdmin ? undefined : eq(estimates.userId, viewer.id);
}

/**
 * The estimate if this user may see it; another customer's estimate is answered exactly like a
 * missing one, so ids cannot be probed.
 */
export async function findEstimateForUser(db: Db, id: string, user: UserRow): Promise<EstimateRow> {
  if (!isUuid(id)) throw estimateNotFound();
  const [row] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, id), estimatesVisibleTo(user)))
    .limit(1);
  if (!row) throw estimateNotFound();
  return row;
}

/** As findEstimateForUser, inside a transaction, holding the row until it ends (one change at a time). */
export async function lockEstimateForUser(tx: Db, id: string, user: UserRow): Promise<EstimateRow> {
  if (!isUuid(id)) throw estimateNotFound();
  const [row] = await tx
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, id), estimatesVisibleTo(user)))
    .limit(1)
    .for('update');
  if (!row) throw estimateNotFound();
  return row;
}

/**
 * Marks estimates as changed. The list's ETag is built from updated_at, so every change that shows
 * in an estimate (its fields, photos, amounts, vehicle) must call this in the same transaction.
 */
export async function touchEstimates(tx: Db, ids: string | string[] | SQL): Promise<void> {
  const where =
    typeof ids === 'string' ? eq(estimates.id, ids) : Array.isArray(ids) ? inArray(estimates.id, ids) : ids;
  if (Array.isArray(ids) && ids.length === 0) return;
  await tx.update(estimates).set({ updatedAt: sql`clock_timestamp()` }).where(where);
}
