import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DiskBackupTarget } from '#server/adapters/backup-target/disk-backup-target.ts';
import { S3BackupTarget } from '#server/adapters/backup-target/s3-backup-target.ts';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { S3ObjectStore } from '#server/adapters/object-store/s3-store.ts';
import { buildApp } from '#server/app.ts';
import type { BackupConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { backupRuns } from '#server/db/schema.ts';
import { openTestDatabase, testConfig } from '#server/test-support/app.ts';
import { fillShop, readObjects, readTables } from '#server/test-support/backup-shop.ts';
import { embeddedDatabaseConfig } from '#server/test-support/embedded-database.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { startS3StandIn } from '#server/test-support/s3-stand-in.ts';
import { claimBackupRun, lastBackupAt, markBackupSucceeded } from './backup-runs.ts';
import { checkBackupToRestore, verifyBackup } from './read-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import { runScheduledBackup } from './scheduled-backup.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'shop-scheduled-backup-test-'));
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const folder = (name: string) => mkdtempSync(path.join(workDir, `${name}-`));

function backupConfig(dir: string, keep: number): BackupConfig {
  return { target: { kind: 'disk', dir }, schedule: { kind: 'interval', ms: 1000 }, keep };
}

async function startApp(database: Database, store: DiskObjectStore, backup: BackupConfig | null) {
  const lines: string[] = [];
  // The backups are jobs of the job queue, which runs where `workers` is on, from the app's start.
  const app = await buildApp({
    config: testConfig({ backup, logLevel: 'info', workers: true }),
    database,
    store,
    logStream: { write: (line) => lines.push(line) },
  });
  cleanups.push(() => app.close());
  await app.ready();
  return { app, lines };
}

async function succeededRuns(database: Database) {
  return database.db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'succeeded'))
    .orderBy(asc(backupRuns.scheduledFor));
}

async function waitForBackups(database: Database, count: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = await succeededRuns(database);
    if (runs.length >= count) return runs;
    if (Date.now() > deadline) throw new Error(`only ${runs.length} of ${count} backups were made`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const silentLog = { info() {}, warn() {}, error() {} };

describe('scheduled backups', { timeout: 180_000 }, () => {
  it('makes a verified backup at each scheduled time and keeps the newest BACKUP_KEEP; the newest restores into a fresh data directory exactly', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const store = new DiskObjectStore(folder('objects'));
    await fillShop(database.db, store);
    expect(await lastBackupAt(database.db)).toBeNull();

    const dir = path.join(folder('backups'), 'nightly');
    const { app, lines } = await startApp(database, store, backupConfig(dir, 2));
    expect(lines.join('')).toContain(`Scheduled backups every 1s to ${dir}, keeping the newest 2.`);
    await waitForBackups(database, 3);
    await app.close();

    // Stopped cleanly: no backup half-written, no further backups.
    const runs = await succeededRuns(database);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(
      runs
        .slice(-2)
        .map((run) => run.name)
        .sort(),
    );
    for (const file of files) await verifyBackup(path.join(dir, file));
    expect(await lastBackupAt(database.db)).toEqual(runs.at(-1)?.finishedAt);

    // The restore drill: the newest backup, into a new embedded database and photo folder.
    const newest = path.join(dir, files.at(-1) ?? '');
    const fresh = folder('fresh-data-dir');
    const target = {
      database: await openDatabase(embeddedDatabaseConfig(fresh)),
      store: new DiskObjectStore(path.join(fresh, 'objects')),
    };
    cleanups.push(() => target.database.close());
    const backup = await checkBackupToRestore(newest);
    cleanups.push(backup.discard);
    const summary = await restoreBackup({ ...target, file: newest, backup, force: false });
    expect(summary.objects).toBeGreaterThan(0);
    const { backup_runs: restoredRuns, ...restored } = await readTables(target.database.db);
    const { backup_runs: _sourceRuns, ...source } = await readTables(database.db);
    expect(restored).toEqual(source);
    expect(Object.keys(restored)).toContain('photos');
    expect(await readObjects(target.store)).toEqual(await readObjects(store));
    // backup_runs is as it was when the snapshot was read: this very backup still running.
    const newestRun = runs.at(-1);
    expect(restoredRuns?.map((row) => JSON.parse(row))).toContainEqual(
      expect.objectContaining({ id: newestRun?.id, status: 'running', name: null }),
    );
  });

  it('says at start that there are no scheduled backups without BACKUP_DIR or BACKUP_S3_BUCKET', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const { lines } = await startApp(database, new DiskObjectStore(folder('objects')), null);
    expect(lines.join('')).toContain('BACKUP_DIR and BACKUP_S3_BUCKET are not set: no scheduled backups.');
  });

  it('queues one failure e-mail to SHOP_NOTIFY_EMAIL when the backup cannot be written', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const store = new DiskObjectStore(folder('objects'));
    const base = testConfig();
    // buildApp gives the notifications their settings (where the shop's own e-mail goes).
    const app = await buildApp({
      config: testConfig({ mail: { ...base.mail, shopNotifyEmail: 'alerts@shop.test' } }),
      database,
      store,
    });
    cleanups.push(() => app.close());

    // A folder under a file: it can be neither created nor written, even by root.
    const blocker = path.join(folder('blocked'), 'a-file');
    writeFileSync(blocker, 'not a folder');
    const target = new DiskBackupTarget(path.join(blocker, 'backups'));
    const due = new Date('2026-11-24T07:00:00Z');
    const deps = { database, store, target, keep: 2, log: silentLog };
    const outcome = await runScheduledBackup(deps, due);
    expect(outcome.kind).toBe('failed');
    // The same scheduled time is not tried (nor reported) twice.
    expect(await runScheduledBackup(deps, due)).toEqual({ kind: 'skipped' });

    const mails = await queuedEmails(database.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.topic).toBe('backup_failed');
    expect(mails[0]?.payload.to).toBe('alerts@shop.test');
    expect(mails[0]?.payload.subject).toBe('Backup failed: Nov 24, 2026 2:00 AM');
    expect(mails[0]?.payload.text).toContain(`Backup location: ${target.location}`);
    expect(mails[0]?.payload.text).toContain('ENOTDIR');
    const [run] = await database.db.select().from(backupRuns);
    expect(run).toMatchObject({ status: 'failed', scheduledFor: due });
    expect(run?.error).toContain('ENOTDIR');
    expect(await lastBackupAt(database.db)).toBeNull();
  });

  it('keeps backups in a bucket (BACKUP_S3_BUCKET), verified before upload, the newest BACKUP_KEEP', async () => {
    const s3 = await startS3StandIn('shop-backups');
    cleanups.push(() => s3.close());
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const store = new DiskObjectStore(folder('objects'));
    await fillShop(database.db, store);
    const target = new S3BackupTarget(s3.config);
    const deps = { database, store, target, keep: 1, log: silentLog };
    const first = await runScheduledBackup(deps, new Date('2026-11-24T07:00:00Z'));
    const second = await runScheduledBackup(deps, new Date('2026-11-25T07:00:00Z'));
    expect(first.kind).toBe('succeeded');
    expect(second).toMatchObject({ kind: 'succeeded', deleted: [first.kind === 'succeeded' && first.name] });
    const names = await target.list();
    expect(names).toEqual([second.kind === 'succeeded' && second.name]);
    const object = await new S3ObjectStore(s3.config).get(names[0] ?? '');
    if (!object) throw new Error('the backup is not in the bucket');
    const file = path.join(folder('download'), 'backup.tar.gz');
    await writeFile(file, await buffer(object.body));
    expect((await verifyBackup(file)).objects.count).toBeGreaterThan(0);
  });

  it("reports the last backup's age to Prometheus (shop_backup_age_seconds) once the server makes backups", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const store = new DiskObjectStore(folder('objects'));
    const token = 'metrics-token-for-backup-age';
    const app = await buildApp({
      config: testConfig({ backup: backupConfig(folder('backups'), 2), metricsToken: token, workers: true }),
      database,
      store,
    });
    cleanups.push(() => app.close());
    const scrape = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: `Bearer ${token}` },
        })
      ).body;

    expect(await scrape()).toMatch(/^shop_backup_age_seconds \+Inf$/m);
    await waitForBackups(database, 1);
    const age = Number(/^shop_backup_age_seconds ([\d.e+-]+)$/m.exec(await scrape())?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('gives each scheduled time to one claimant, and none while a run holds its lease', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const { db } = database;
    const first = new Date('2026-11-24T07:00:00Z');
    const second = new Date('2026-11-25T07:00:00Z');

    const [a, b] = await Promise.all([claimBackupRun(db, first), claimBackupRun(db, first)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    // Another time, while the first run is still within its lease: not yet.
    expect(await claimBackupRun(db, second)).toBeNull();
    await markBackupSucceeded(db, a ?? b ?? '', { name: 'shop-x.tar.gz', size: 1 });
    expect(await lastBackupAt(db)).toBeInstanceOf(Date);
    expect(await claimBackupRun(db, first)).toBeNull();
    const next = await claimBackupRun(db, second, 0);
    expect(next).not.toBeNull();
    // A run whose process died holds nobody up once its lease has passed.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await claimBackupRun(db, new Date('2026-11-26T07:00:00Z'))).not.toBeNull();
  });
});

// Two app instances on one database: a PostgreSQL server's (the embedded one is one process's).
describe('scheduled backups with two servers on one PostgreSQL database', { timeout: 180_000 }, () => {
  it('makes one backup per scheduled time, not one per server', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const objects = folder('objects');
    await fillShop(database.db, new DiskObjectStore(objects));
    const second = await openDatabase({ kind: 'postgres', url: database.url });
    cleanups.push(() => second.close());

    const dir = folder('backups');
    const config = backupConfig(dir, 100);
    await startApp(database, new DiskObjectStore(objects), config);
    await startApp(second, new DiskObjectStore(objects), config);
    await waitForBackups(database, 4);
    for (const cleanup of cleanups.splice(2).reverse()) await cleanup();

    const runs = await succeededRuns(database);
    const scheduled = runs.map((run) => run.scheduledFor.getTime());
    expect(new Set(scheduled).size).toBe(runs.length);
    expect(readdirSync(dir).sort()).toEqual(runs.map((run) => run.name).sort());
    const all = await database.db.execute(sql`select count(*)::int as "count" from backup_runs`);
    expect((all as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(runs.length);
  });
});
