import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrl } from '#domain/photos.ts';
import { createUploadedPhoto, createUser } from '#server/db/factories.ts';
import { estimates, photos, vehicles } from '#server/db/schema.ts';
import { projectPath } from '#server/project-path.ts';
import { openTestDatabase } from '#server/test-support/app.ts';
import { freePort, waitFor } from '#server/test-support/reliability/server-process.ts';

/**
 * A real server process on PostgreSQL, killed (SIGKILL) in the middle of a batch-create: after the
 * vehicle and estimate rows are written, while the photo link waits on a row lock this test holds.
 */
describe('killing the server during a batch-create', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: ChildProcess | null = null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-crash-'));

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing behind: no vehicle, no estimate, photos still free', async () => {
    const { db } = database;
    const customer = await createUser(db, { email: 'crash@example.com', password: 'crash-pass-1' });
    const first = await createUploadedPhoto(db, { uploaderId: customer.id });
    const second = await createUploadedPhoto(db, { uploaderId: customer.id });

    const port = await freePort();
    server = startServer(port, database.url ?? '', dataDir);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 60_000);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash-pass-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    // Hold the second photo's row: the server's transaction will stop at the link step.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    // Activity is read outside the blocker's transaction, which would see one frozen snapshot of it.
    const monitor = new pg.Client({ connectionString: database.url });
    await monitor.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from photos where id = $1 for update', [second.id]);

      const request = fetch(`${base}/api/estimates/batch-create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          vehicleInfo: { year: 2020, make: 'Mazda', model: 'CX-5', licensePlate: 'CRASH1' },
          photos: [photoUrl(first.id), photoUrl(second.id)],
          vinNumber: 'JM3KFBCM4L0000001',
          odometerReading: 12000,
          email: 'crash@example.com',
          phone: '',
          insuranceCompany: '',
          workDescription: 'Door dent.',
          estimateType: 'cash',
        }),
      }).catch((error: unknown) => error);

      // Wait until the server's transaction is blocked on the photo update, holding its inserts.
      let waitingPid = 0;
      await waitFor(async () => {
        const { rows } = await monitor.query(
          `select pid from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "photos"%'`,
        );
        waitingPid = rows[0]?.pid ?? 0;
        return waitingPid !== 0;
      }, 15_000);
      const { rows: written } = await monitor.query(
        `select relation::regclass::text as name from pg_locks where pid = $1 and mode = 'RowExclusiveLock'`,
        [waitingPid],
      );
      expect(written.map((row: { name: string }) => row.name)).toEqual(
        expect.arrayContaining(['vehicles', 'estimates']),
      );

      server.kill('SIGKILL');
      await request;
      await blocker.query('rollback');
      // PostgreSQL ends the dead client's session and rolls its transaction back.
      await waitFor(async () => {
        const { rows } = await monitor.query('select 1 from pg_stat_activity where pid = $1', [waitingPid]);
        return rows.length === 0;
      }, 15_000);
    } finally {
      await blocker.end();
      await monitor.end();
    }

    const [vehicleCount] = await db.select({ n: count() }).from(vehicles);
    const [estimateCount] = await db.select({ n: count() }).from(estimates);
    const [linked] = await db.select({ n: count() }).from(photos).where(isNotNull(photos.estimateId));
    expect(vehicleCount?.n).toBe(0);
    expect(estimateCount?.n).toBe(0);
    expect(linked?.n).toBe(0);
    const [still] = await db.select().from(photos).where(eq(photos.id, first.id));
    expect(still?.estimateId).toBeNull();
  }, 120_000);
});

function startServer(port: number, databaseUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', projectPath('src/server/main.ts')], {
    cwd: projectPath('.'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'c'.repeat(32),
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
}
