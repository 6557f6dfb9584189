import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { openTestDatabase } from '#server/test-support/app.ts';
import { JobQueue, keyedJobId } from './job-queue.ts';
import { everyMs, recurring } from './recurring.ts';

const FAST = { pollSeconds: 0.5, superviseSeconds: 1, leaseSeconds: 30 };
const silent = { info() {}, warn() {}, error() {} };

let database: Database & { url: string };
let second: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // Another process's connections to the same database.
  second = await openDatabase({ kind: 'postgres', url: database.url });
});
afterAll(async () => {
  await second?.close();
  await database?.close();
});

const queueOn = (db: Database) => {
  if (!db.pool) throw new Error('no pool');
  return new JobQueue(db.pool, FAST, silent);
};

describe('the job queue', () => {
  it('names a keyed job the same way every time, as a UUID', () => {
    const id = keyedJobId('backup', '2026-11-28T07:00:00.000Z');
    expect(id).toBe(keyedJobId('backup', '2026-11-28T07:00:00.000Z'));
    expect(id).not.toBe(keyedJobId('backup', '2026-11-29T07:00:00.000Z'));
    expect(id).not.toBe(keyedJobId('outbox', '2026-11-28T07:00:00.000Z'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('runs each time of a schedule once, with two queues on one database', { timeout: 30_000 }, async () => {
    const runs: { by: string; at: string }[] = [];
    const [a, b] = [queueOn(database), queueOn(second)];
    for (const [by, jobs] of [
      ['a', a],
      ['b', b],
    ] as const) {
      recurring(jobs, 'tick', everyMs(1000), async (at) => {
        runs.push({ by, at: at.toISOString() });
      });
    }
    await Promise.all([a.start(), b.start()]);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await Promise.all([a.stop(), b.stop()]);
    const times = runs.map((run) => run.at);
    expect(new Set(times).size).toBe(times.length);
    // Each job row is one time, and each finished one ran here once.
    const result = await database.db.execute(
      sql`select data->>'at' as "at", state from job_queue.job where name = 'tick'`,
    );
    const jobs = (result as unknown as { rows: { at: string; state: string }[] }).rows;
    expect(new Set(jobs.map((job) => job.at)).size).toBe(jobs.length);
    expect(
      jobs
        .filter((job) => job.state === 'completed')
        .map((job) => job.at)
        .sort(),
    ).toEqual([...times].sort());
  });

  it('retries a job that fails, after a wait each time (back-off), until it succeeds', {
    timeout: 30_000,
  }, async () => {
    const jobs = queueOn(database);
    const attempts: number[] = [];
    jobs.define(
      'flaky',
      async () => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error('not yet');
      },
      { retryLimit: 5, retryDelay: 1 },
    );
    await jobs.start();
    try {
      await jobs.send('flaky', {});
      await expect.poll(() => attempts.length, { timeout: 20_000 }).toBe(3);
      await expect
        .poll(async () => {
          const done = await database.db.execute(
            sql`select retry_count as "retries" from job_queue.job where name = 'flaky' and state = 'completed'`,
          );
          return (done as unknown as { rows: { retries: number }[] }).rows.map((row) => row.retries);
        })
        .toEqual([2]);
      // Not at once: each retry waited for its delay.
      expect((attempts[1] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(400);
    } finally {
      await jobs.stop();
    }
  });

  it('refuses a job sent before the queue started, and one of a kind it does not know', async () => {
    const jobs = queueOn(database);
    jobs.define('later', async () => {});
    await expect(jobs.send('later', {})).rejects.toThrow(/before the job queue started/);
    await expect(jobs.send('unknown', {})).rejects.toThrow(/unknown job kind/);
  });
});
