import type { FastifyInstance } from 'fastify';
import { describeBackupSchedule, nextBackupTime } from '#domain/backup-schedule.ts';
import { createBackupTarget } from '#server/adapters/backup-target/create-backup-target.ts';
import type { JobQueue } from '#server/adapters/job-queue/job-queue.ts';
import { recurring } from '#server/adapters/job-queue/recurring.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { BackupConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { runScheduledBackup } from './scheduled-backup.ts';

/**
 * Schedules the backups on the job queue when BACKUP_DIR or BACKUP_S3_BUCKET is set (and says so in
 * the log when neither is): one job per scheduled time, made by one process (decision 067). A
 * backup in progress when the app closes is finished first (the queue waits for its jobs).
 */
export async function registerBackups(
  app: FastifyInstance,
  deps: {
    config: BackupConfig | null;
    database: Database;
    store: ObjectStore;
    jobs: JobQueue | null;
  },
): Promise<boolean> {
  const { config, jobs } = deps;
  if (!config) {
    app.log.info('BACKUP_DIR and BACKUP_S3_BUCKET are not set: no scheduled backups.');
    return false;
  }
  if (!jobs) return false;
  const target = await createBackupTarget(config.target);
  const backup = {
    database: deps.database,
    store: deps.store,
    target,
    keep: config.keep,
    log: app.log,
  };
  recurring(
    jobs,
    'backup',
    (after) => nextBackupTime(config.schedule, after),
    async (scheduledFor) => {
      // Its own failures are recorded and mailed; only a claim that could not be made throws (retried).
      await runScheduledBackup(backup, scheduledFor);
    },
    // A long backup says it is alive; a process killed mid-backup loses the job within a minute.
    { heartbeatSeconds: 30, expireInSeconds: 6 * 3600, retryLimit: 2 },
  );
  app.log.info(
    `Scheduled backups ${describeBackupSchedule(config.schedule)} to ${target.location}, keeping the newest ${config.keep}.`,
  );
  return true;
}
