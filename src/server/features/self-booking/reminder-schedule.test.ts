import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { openTestDatabase, testConfig } from '#server/test-support/app.ts';

/**
 * The reminder is the job queue's hourly job: the server that runs the queue schedules the next
 * hour's occurrence, and a restarted server finds it there rather than adding a second (one job per
 * hour, whichever process runs it). What a run does is in reminders.test.ts.
 */

let database: Database & { url: string };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function reminderJobs(): Promise<{ startAfter: string; state: string }[]> {
  const result = await database.db.execute(
    sql`select start_after as "startAfter", state from job_queue.job where name = 'send-drop-off-reminders'`,
  );
  return (result as unknown as { rows: { startAfter: string; state: string }[] }).rows;
}

it('schedules the next hour on the job queue, once, across a restart', { timeout: 60_000 }, async () => {
  const config = testConfig({ workers: true });
  const first = await buildApp({ config, database });
  await first.ready();
  const nextHour = new Date(Math.floor(Date.now() / 3_600_000 + 1) * 3_600_000);
  const scheduled = await reminderJobs();
  expect(scheduled.map((job) => new Date(job.startAfter).getTime())).toContain(nextHour.getTime());
  await first.close();

  const second = await buildApp({ config, database });
  await second.ready();
  const again = (await reminderJobs()).filter(
    (job) => new Date(job.startAfter).getTime() === nextHour.getTime(),
  );
  expect(again).toHaveLength(1);
  await second.close();
});
