import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRuns, outbox } from '#server/db/schema.ts';
import { ApiClient, TrafficLog } from '#server/test-support/reliability/api-client.ts';
import {
  type BackingDatabase,
  createAdmins,
  openBackingDatabase,
} from '#server/test-support/reliability/backing-database.ts';
import {
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '#server/test-support/reliability/server-process.ts';
import { adminEmail } from '#server/test-support/reliability/traffic.ts';
import { type SmtpTestServer, startSmtpTestServer } from '#server/test-support/smtp-stand-in.ts';

/**
 * The job queue (decision 067) with two server processes on one PostgreSQL database: each scheduled
 * job runs once, whichever server takes it, and a job whose server is killed mid-run is taken over
 * by the other. The queue looks for work every half second and supervises every second here; a job
 * (and the outbox message in hand) stays 3 s in one process's hands before another may take it.
 */
const QUEUE_ENV = {
  JOB_QUEUE_POLL_SECONDS: '0.5',
  JOB_QUEUE_SUPERVISE_SECONDS: '1',
  JOB_QUEUE_LEASE_SECONDS: '3',
};

describe('the job queue with two servers on one database', () => {
  let database: BackingDatabase;
  let smtp: SmtpTestServer;
  const servers: ServerProcess[] = [];
  const backupDir = mkdtempSync(path.join(tmpdir(), 'shop-job-queue-backups-'));

  beforeAll(async () => {
    database = await openBackingDatabase('postgres');
    await createAdmins(database, 1);
    smtp = await startSmtpTestServer();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await smtp?.stop();
    await database?.dispose();
    rmSync(backupDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) =>
    startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { ...QUEUE_ENV, SMTP_URL: smtp.url, ...env },
    }).then((server) => {
      servers.push(server);
      return server;
    });

  /** The queue's own record of a kind of job: one row per job, whatever became of it. */
  const jobsOf = (name: string) =>
    database.withDb(async (db) => {
      const result = await db.execute(
        sql`select data->>'at' as "at", state from job_queue.job where name = ${name} order by 1`,
      );
      return (result as unknown as { rows: { at: string; state: string }[] }).rows;
    });

  it('runs each scheduled backup exactly once, whichever server takes it', async () => {
    const env = { BACKUP_DIR: backupDir, BACKUP_EVERY: 'every 3s', BACKUP_KEEP: '3' };
    const [a, b] = await Promise.all([start(env), start(env)]);
    const succeeded = () =>
      database.withDb((db) =>
        db
          .select()
          .from(backupRuns)
          .where(eq(backupRuns.status, 'succeeded'))
          .orderBy(asc(backupRuns.scheduledFor)),
      );
    await waitFor(async () => (await succeeded()).length >= 4, 60_000);
    await Promise.all([a.stop(), b.stop()]);

    const jobs = await jobsOf('backup');
    const done = jobs.filter((job) => job.state === 'completed');
    // One job per scheduled time, however many servers sent it (each at start, each run its next).
    expect(new Set(jobs.map((job) => job.at)).size).toBe(jobs.length);
    expect(jobs.every((job) => ['completed', 'created'].includes(job.state))).toBe(true);
    // Each job ran once: one backup run per job, for its own time, and none refused as a duplicate.
    const runs = await database.withDb((db) =>
      db.select().from(backupRuns).orderBy(asc(backupRuns.scheduledFor)),
    );
    expect(runs.map((run) => run.scheduledFor.toISOString())).toEqual(done.map((job) => job.at));
    expect(runs.every((run) => run.status === 'succeeded')).toBe(true);
  }, 240_000);

  it('a message being sent when its server is killed is sent by the other server, once', async () => {
    const a = await start({});
    const admin = new ApiClient(a.baseUrl, new TrafficLog());
    // A password link: one e-mail, queued with its job in the request's transaction; A's send of it
    // never gets an answer.
    smtp.holdNext();
    await admin.expect([202], 'password-link', 'POST', '/api/password/link', {
      json: { email: adminEmail(0) },
    });
    await waitFor(async () => smtp.heldCount === 1, 30_000);
    const [inHand] = await database.withDb((db) => db.select().from(outbox));
    expect(inHand).toMatchObject({ status: 'sending', attempts: 1 });

    // A dies mid-send without a word; B, on the same database, takes the job over.
    await a.kill();
    const b = await start({});
    await waitFor(async () => smtp.received.length === 1, 60_000);
    // B records the send once the mail server has answered, a moment after the mail arrived there.
    const rowInHand = async () => {
      const [row] = await database.withDb((db) =>
        db
          .select()
          .from(outbox)
          .where(eq(outbox.id, inHand?.id ?? '')),
      );
      return row;
    };
    await waitFor(async () => (await rowInHand())?.status !== 'sending', 30_000);
    const sent = await rowInHand();
    // The second attempt (A's lease ran out), and the only mail received.
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(/^Message-ID:\s*<([^@>]+)@/im.exec(smtp.received[0]?.raw ?? '')?.[1]).toBe(inHand?.id);
    // The queue's job A held failed with A (its lease ran out) and was retried, by B, to the end.
    await waitFor(async () => {
      const result = await database.withDb((db) =>
        db.execute(
          sql`select count(*)::int as "count" from job_queue.job
              where name = 'outbox' and retry_count > 0 and state = 'completed'`,
        ),
      );
      return ((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0) >= 1;
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received).toHaveLength(1);
    await b.stop();
  }, 300_000);
});
