import { type BackupTarget, backupName } from '#server/adapters/backup-target/backup-target.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Database } from '#server/db/client.ts';
import { notifyBackupFailed } from '#server/features/notifications/shared.ts';
import {
  BACKUP_LEASE_SECONDS,
  claimBackupRun,
  markBackupFailed,
  markBackupSucceeded,
  renewBackupLease,
} from './backup-runs.ts';
import { verifyBackup } from './read-backup.ts';
import { writeBackup } from './write-backup.ts';

type Logger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export interface ScheduledBackupDeps {
  /** The server's own connection: on the embedded database no second one may open it. */
  database: Database;
  store: ObjectStore;
  target: BackupTarget;
  /** How many backups to keep (BACKUP_KEEP). */
  keep: number;
  log: Logger;
  leaseSeconds?: number;
}

export type ScheduledBackupOutcome =
  | { kind: 'skipped' }
  | { kind: 'succeeded'; name: string; size: number; deleted: string[] }
  | { kind: 'failed'; error: string };

/**
 * Makes the backup due at `scheduledFor`, unless another process claimed it: writes it with the same
 * writer as `npm run backup`, checks the file the way restore does (every checksum and row count,
 * without restoring), keeps it, and deletes the oldest beyond BACKUP_KEEP. A failure is recorded and
 * the shop (SHOP_NOTIFY_EMAIL) is sent one e-mail through the outbox.
 */
export async function runScheduledBackup(
  deps: ScheduledBackupDeps,
  scheduledFor: Date,
): Promise<ScheduledBackupOutcome> {
  const { database, store, target, log } = deps;
  const { db } = database;
  const leaseSeconds = deps.leaseSeconds ?? BACKUP_LEASE_SECONDS;
  const runId = await claimBackupRun(db, scheduledFor, leaseSeconds);
  if (!runId) return { kind: 'skipped' };

  const renew = setInterval(
    () => {
      renewBackupLease(db, runId, leaseSeconds).catch((error: unknown) =>
        log.warn({ err: error }, 'could not renew the backup lease'),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  renew.unref();
  try {
    const name = backupName(new Date());
    const staged = await target.stagingFile(name);
    const summary = await writeBackup({ database, store, file: staged });
    try {
      await verifyBackup(staged);
    } catch (error) {
      await target.discard(staged);
      throw error;
    }
    const size = await target.store(name, staged);
    const deleted = await deleteOldest(deps);
    await markBackupSucceeded(db, runId, { name, size });
    log.info(
      { backup: name, location: target.location, bytes: size, objects: summary.objects.count, deleted },
      'scheduled backup written and verified',
    );
    return { kind: 'succeeded', name, size, deleted };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    log.error({ err: error, location: target.location }, 'scheduled backup failed');
    try {
      await db.transaction(async (tx) => {
        await markBackupFailed(tx, runId, message);
        await notifyBackupFailed(tx, runId, { scheduledFor, location: target.location, error: message });
      });
    } catch (recordError) {
      log.error({ err: recordError }, 'could not record the failed backup or queue its e-mail');
    }
    return { kind: 'failed', error: message };
  } finally {
    clearInterval(renew);
  }
}

/** Deletes the oldest backups beyond BACKUP_KEEP (the new one counted); a failure here only warns. */
async function deleteOldest({ target, keep, log }: ScheduledBackupDeps): Promise<string[]> {
  const deleted: string[] = [];
  try {
    const names = await target.list();
    for (const name of names.slice(0, Math.max(0, names.length - keep))) {
      await target.delete(name);
      deleted.push(name);
    }
  } catch (error) {
    log.warn({ err: error, location: target.location }, 'could not delete old backups');
  }
  return deleted;
}
