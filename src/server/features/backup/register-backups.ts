import type { FastifyInstance } from 'fastify';
import { describeBackupSchedule } from '#domain/backup-schedule.ts';
import { createBackupTarget } from '#server/adapters/backup-target/create-backup-target.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { BackupConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { BackupScheduler } from './backup-scheduler.ts';
import type { ScheduledBackupOutcome } from './scheduled-backup.ts';

/**
 * Starts the backup scheduler when BACKUP_DIR or BACKUP_S3_BUCKET is set (and says so in the log when
 * neither is); it stops when the app closes, after finishing a backup in progress.
 */
export async function registerBackups(
  app: FastifyInstance,
  deps: {
    config: BackupConfig | null;
    database: Database;
    store: ObjectStore;
    onOutcome?: (outcome: ScheduledBackupOutcome, scheduledFor: Date) => void;
  },
): Promise<BackupScheduler | null> {
  const { config } = deps;
  if (!config) {
    app.log.info('BACKUP_DIR and BACKUP_S3_BUCKET are not set: no scheduled backups.');
    return null;
  }
  const target = await createBackupTarget(config.target);
  const scheduler = new BackupScheduler({
    database: deps.database,
    store: deps.store,
    target,
    keep: config.keep,
    schedule: config.schedule,
    log: app.log,
    onOutcome: deps.onOutcome,
  });
  app.log.info(
    `Scheduled backups ${describeBackupSchedule(config.schedule)} to ${target.location}, keeping the newest ${config.keep}.`,
  );
  scheduler.start();
  app.addHook('onClose', async () => {
    await scheduler.stop();
  });
  return scheduler;
}
