import { type BackupSchedule, nextBackupTime } from '#domain/backup-schedule.ts';
import {
  runScheduledBackup,
  type ScheduledBackupDeps,
  type ScheduledBackupOutcome,
} from './scheduled-backup.ts';

/** setTimeout takes at most ~24.8 days; longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs the scheduled backup at each time of the schedule while the server is up. Every process runs
 * one; at each time they race for the claim and one of them makes the backup. A backup still running
 * at the next time makes this process skip that time (the claim would be refused anyway).
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ScheduledBackupOutcome> | null = null;
  private stopped = true;

  constructor(
    private readonly deps: ScheduledBackupDeps & {
      schedule: BackupSchedule;
      /** Tests listen for each outcome. */
      onOutcome?: (outcome: ScheduledBackupOutcome, scheduledFor: Date) => void;
    },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.armFor(nextBackupTime(this.deps.schedule, new Date()));
  }

  /** Stops the timer and waits for a backup in progress to finish (it is not cut off half-written). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private armFor(due: Date): void {
    if (this.stopped) return;
    const wait = due.getTime() - Date.now();
    if (wait > MAX_TIMER_MS) {
      this.timer = setTimeout(() => this.armFor(due), MAX_TIMER_MS);
    } else {
      this.timer = setTimeout(() => void this.fire(due), Math.max(0, wait));
    }
    this.timer.unref();
  }

  private async fire(due: Date): Promise<void> {
    if (this.stopped) return;
    // Armed for the next time right away, so a long backup does not push the schedule back; times
    // missed while the process was held up (a suspended machine) are skipped, not made one after another.
    this.armFor(nextBackupTime(this.deps.schedule, new Date(Math.max(due.getTime(), Date.now()))));
    if (this.running) return;
    this.running = runScheduledBackup(this.deps, due).catch((error: unknown) => {
      // The claim itself failed (database unreachable): nothing was recorded, nobody to tell but the log.
      this.deps.log.error({ err: error }, 'scheduled backup could not start');
      return { kind: 'failed', error: (error as Error).message } as const;
    });
    try {
      const outcome = await this.running;
      this.deps.onOutcome?.(outcome, due);
    } finally {
      this.running = null;
    }
  }
}
