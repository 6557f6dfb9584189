import type { JobKindOptions, JobQueue } from './job-queue.ts';

/** The first time of a schedule strictly after `after`. */
export type NextTime = (after: Date) => Date;

/** Every whole `ms` since 1970 (UTC): the same instants in every process, whatever its start time. */
export function everyMs(ms: number): NextTime {
  return (after) => new Date((Math.floor(after.getTime() / ms) + 1) * ms);
}

export const HOURLY = everyMs(3600_000);

/**
 * A job that comes back on a schedule: each occurrence is one job, named by its time, so however
 * many processes send it (each at start, and each run sends the next) there is one job per time and
 * one process runs it. The next occurrence is sent before the run, so a long or failing run does not
 * push the schedule back; occurrences missed while every process was down come down to one, run
 * at the next start. A run that throws is retried with back-off; the next occurrence stays on time.
 *
 *   recurring(jobs, 'delete-expired-status-links', HOURLY, () => deleteExpiredStatusLinks(db));
 */
export function recurring(
  jobs: JobQueue,
  name: string,
  next: NextTime,
  run: (scheduledFor: Date) => Promise<void>,
  options?: JobKindOptions,
): void {
  const send = (at: Date) =>
    jobs.send(name, { at: at.toISOString() }, { startAfter: at, key: at.toISOString() });
  jobs.define<{ at: string }>(
    name,
    async ({ at }) => {
      const due = new Date(at);
      await send(next(new Date(Math.max(due.getTime(), Date.now()))));
      await run(due);
    },
    options,
  );
  jobs.whenStarted(async () => {
    await send(next(new Date()));
  });
}
