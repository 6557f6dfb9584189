import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { backupRuns } from '#server/db/schema.ts';

/** How long a claimed run holds off the others; renewed every third of it while the backup runs. */
export const BACKUP_LEASE_SECONDS = 15 * 60;
/** Finished runs are kept this long, for people reading the table. */
const KEEP_RUNS_DAYS = 90;
/** Serialises claims across processes (pg_advisory_xact_lock; PGlite has it too). Any fixed number. */
const CLAIM_LOCK = 7_310_042;

/**
 * Claims the backup due at `scheduledFor` for this process. Exactly one process gets each scheduled
 * time (its row is unique), and none gets one while another's run still holds its lease. Returns the
 * run's id, or null when another process has it.
 */
export async function claimBackupRun(
  db: Db,
  scheduledFor: Date,
  leaseSeconds = BACKUP_LEASE_SECONDS,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Two claims at once take turns, so "is another one running?" and the insert are one step.
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const [busy] = await tx
      .select({ id: backupRuns.id })
      .from(backupRuns)
      .where(and(eq(backupRuns.status, 'running'), gt(backupRuns.leaseUntil, sql`now()`)))
      .limit(1);
    if (busy) return null;
    const [claimed] = await tx
      .insert(backupRuns)
      .values({ scheduledFor, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .onConflictDoNothing({ target: backupRuns.scheduledFor })
      .returning({ id: backupRuns.id });
    return claimed?.id ?? null;
  });
}

export async function renewBackupLease(db: Db, id: string, leaseSeconds = BACKUP_LEASE_SECONDS) {
  await db
    .update(backupRuns)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')));
}

export async function markBackupSucceeded(db: Db, id: string, result: { name: string; size: number }) {
  await db
    .update(backupRuns)
    .set({ status: 'succeeded', finishedAt: sql`now()`, name: result.name, size: result.size })
    .where(eq(backupRuns.id, id));
  await db
    .delete(backupRuns)
    .where(lt(backupRuns.startedAt, sql`now() - make_interval(days => ${KEEP_RUNS_DAYS})`));
}

export async function markBackupFailed(db: Db, id: string, error: string) {
  await db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error })
    .where(eq(backupRuns.id, id));
}

/**
 * When the last scheduled backup that was written and verified finished, or null when none has: what
 * a metrics endpoint reports as the backup's age.
 */
export async function lastBackupAt(db: Db): Promise<Date | null> {
  const [last] = await db
    .select({ at: backupRuns.finishedAt })
    .from(backupRuns)
    .where(eq(backupRuns.status, 'succeeded'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return last?.at ?? null;
}
