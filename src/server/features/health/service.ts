import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { type Db, pingDatabase } from '#server/db/client.ts';
import { migrationsApplied } from '#server/db/migration-status.ts';

/** A check that has not answered by then counts as failed: a probe must not hang with its target. */
const READINESS_CHECK_TIMEOUT_MS = 3000;

export const READINESS_CHECKS = ['database', 'migrations', 'objectStore'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** Whether the database answers at all. */
export function databaseAnswers(db: Db): Promise<boolean> {
  return pingDatabase(db);
}

/**
 * Runs the readiness checks side by side: the database answers, it has every migration this version
 * ships, and the photo store is reachable. Returns the reason of each check that failed (none: ready).
 */
export async function failedReadinessChecks(
  db: Db,
  store: ObjectStore,
): Promise<Partial<Record<ReadinessCheck, string>>> {
  const checks: Record<ReadinessCheck, () => Promise<unknown>> = {
    database: async () => {
      if (!(await pingDatabase(db))) throw new Error('select 1 failed');
    },
    migrations: async () => {
      if (!(await migrationsApplied(db))) throw new Error('pending migrations');
    },
    objectStore: () => store.ping(),
  };
  const outcomes = await Promise.allSettled(READINESS_CHECKS.map((name) => withTimeout(checks[name]())));
  const reasons: Partial<Record<ReadinessCheck, string>> = {};
  READINESS_CHECKS.forEach((name, i) => {
    const outcome = outcomes[i];
    if (outcome?.status === 'rejected') reasons[name] = reasonOf(outcome.reason);
  });
  return reasons;
}

function withTimeout<T>(check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

function reasonOf(reason: unknown): string {
  // The message only: a database error's parameters or an SDK's request never reach the log.
  return (reason instanceof Error ? reason.message : String(reason)).slice(0, 200);
}
