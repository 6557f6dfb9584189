import { and, asc, eq, isNull } from 'drizzle-orm';
import { personName } from '#domain/admin-dashboard.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { isUuid } from '#domain/ids.ts';
import { RECOVERY_ALREADY_CLOSED, type RecoveryTask } from '#domain/surveys.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, recoveryTasks, surveys, type UserRow, users, vehicles } from '#server/db/schema.ts';

/** GET /api/admin/recovery: the open "Call back" tasks, oldest first (the longest wait is called first). */
export async function openRecoveryTasks(db: Db): Promise<RecoveryTask[]> {
  const rows = await db
    .select({
      id: recoveryTasks.id,
      openedAt: recoveryTasks.openedAt,
      estimateId: surveys.estimateId,
      score: surveys.score,
      comment: surveys.comment,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      contactEmail: estimates.contactEmail,
      phone: estimates.contactPhone,
      accountPhone: users.phone,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(recoveryTasks)
    .innerJoin(surveys, eq(surveys.id, recoveryTasks.surveyId))
    .innerJoin(estimates, eq(estimates.id, surveys.estimateId))
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(isNull(recoveryTasks.closedAt))
    .orderBy(asc(recoveryTasks.openedAt), asc(recoveryTasks.id));
  return rows.map((row) => ({
    id: row.id,
    estimateId: row.estimateId,
    customerName: personName(row.firstName, row.lastName) ?? row.contactEmail ?? row.email,
    phone: row.phone ?? row.accountPhone ?? null,
    vehicle: vehicleTitle(row),
    score: row.score ?? 0,
    comment: row.comment,
    openedAt: row.openedAt.toISOString(),
  }));
}

/** POST /api/admin/recovery/{id}/close: staff say what was done; the task leaves the open list. */
export async function closeRecoveryTask(db: Db, staff: UserRow, id: string, note: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'Call-back task not found');
  const closed = await db
    .update(recoveryTasks)
    .set({ closedAt: new Date(), closedBy: staff.id, closeNote: note })
    .where(and(eq(recoveryTasks.id, id), isNull(recoveryTasks.closedAt)))
    .returning({ id: recoveryTasks.id });
  if (closed.length > 0) return;
  const [exists] = await db
    .select({ id: recoveryTasks.id })
    .from(recoveryTasks)
    .where(eq(recoveryTasks.id, id));
  throw exists
    ? new AppError('conflict', RECOVERY_ALREADY_CLOSED)
    : new AppError('not_found', 'Call-back task not found');
}
