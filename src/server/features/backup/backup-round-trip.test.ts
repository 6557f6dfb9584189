import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { S3ObjectStore } from '#server/adapters/object-store/s3-store.ts';
import type { Database } from '#server/db/client.ts';
import { openEmptyPostgres, openTestDatabase } from '#server/test-support/app.ts';
import {
  createProbeTable,
  fillProbeTable,
  fillShop,
  readObjects,
  readTables,
} from '#server/test-support/backup-shop.ts';
import { type S3StandIn, startS3StandIn } from '#server/test-support/s3-stand-in.ts';
import { appliedMigration, latestMigration, migrateTo } from './migration-level.ts';
import { checkBackupToRestore, verifyBackup } from './read-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
const open: { close(): Promise<unknown> }[] = [];
let fileCount = 0;

afterEach(async () => {
  for (const resource of open.splice(0).reverse()) await resource.close();
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function track<T extends { close(): Promise<unknown> }>(resource: T): T {
  open.push(resource);
  return resource;
}

function diskStore(): DiskObjectStore {
  return new DiskObjectStore(mkdtempSync(path.join(workDir, 'objects-')));
}

/** A checked backup ready to restore, its kept list of objects removed after the test. */
async function toRestore(file: string) {
  const backup = await checkBackupToRestore(file);
  track({ close: backup.discard });
  return backup;
}

async function backUp(database: Database, store: ObjectStore) {
  const file = path.join(workDir, `backup-${++fileCount}.tar.gz`);
  const summary = await writeBackup({ database, store, file });
  const backup = await toRestore(file);
  const { manifest } = backup;
  expect(summary).toEqual({
    createdAt: manifest.createdAt,
    migration: manifest.migration,
    tables: manifest.tables,
    objects: backup.objects,
    missingObjects: manifest.missingObjects,
  });
  expect(await verifyBackup(file)).toEqual({ manifest, objects: backup.objects });
  return { file, manifest, backup };
}

/** The keys of the backup's objects, as its kept list names them. */
async function listedKeys(backup: { objectListFile: string }): Promise<string[]> {
  const text = await readFile(backup.objectListFile, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { key: string }).key);
}

/** Backs up `source`, restores into `target`, and expects every row and every object to be the same. */
async function expectRoundTrip(
  source: { database: Database; store: ObjectStore },
  target: { database: Database; store: ObjectStore },
  force: boolean,
) {
  const { file, manifest, backup } = await backUp(source.database, source.store);
  const summary = await restoreBackup({ ...target, file, backup, force });

  const sourceTables = await readTables(source.database.db);
  expect(await readTables(target.database.db)).toEqual(sourceTables);
  expect(Object.values(sourceTables).flat().length).toBe(summary.rows);
  const sourceObjects = await readObjects(source.store);
  expect(await readObjects(target.store)).toEqual(sourceObjects);
  expect(summary.objects).toBe(sourceObjects.size);
  return { manifest, summary };
}

// Opening a database is the slow part, so one source and one target serve the whole file: each test
// restores into the target with --force, and the test of older backups (which rebuilds it) comes last.
describe('backup and restore', { timeout: 180_000 }, () => {
  let s3: S3StandIn;
  let source: { database: Database; store: DiskObjectStore };
  let target: { database: Database; store: ObjectStore };
  beforeAll(async () => {
    s3 = await startS3StandIn('backup-source');
    source = { database: await openTestDatabase(), store: diskStore() };
    await fillShop(source.database.db, source.store);
    await createProbeTable(source.database.db);
    await fillProbeTable(source.database.db);
    target = { database: await openTestDatabase(), store: diskStore() };
    await createProbeTable(target.database.db);
  });
  afterAll(async () => {
    await source?.database.close();
    await target?.database.close();
    await s3?.close();
  });

  it('restores every row and every object exactly, disk store to disk store', async () => {
    const { manifest } = await expectRoundTrip(source, target, false);
    expect(manifest.migration.tag).toBe(latestMigration().tag);
    expect(manifest.missingObjects).toEqual([]);
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('estimates'));
    expect(order.indexOf('estimates')).toBeLessThan(order.indexOf('photos'));
    // The serial sequence carries on after the restored rows.
    const inserted = await target.database.db.execute(
      sql`insert into backup_probe default values returning id`,
    );
    expect((inserted as unknown as { rows: { id: number }[] }).rows[0]?.id).toBe(4);
    await target.database.db.execute(sql`delete from backup_probe where id = 4`);
  });

  it('names the photo files the database expects but the store has lost', async () => {
    const objects = await readObjects(source.store);
    const lost = [...objects.keys()].find((key) => key.endsWith('.thumb.webp')) ?? '';
    const damaged = diskStore();
    for (const [key, bytes] of objects) if (key !== lost) await damaged.put(key, bytes, 'image/webp');
    const { manifest, backup } = await backUp(source.database, damaged);
    expect(manifest.missingObjects).toEqual([lost]);
    expect(await listedKeys(backup)).not.toContain(lost);
  });

  it('moves photos from an S3 bucket to a disk store and from a disk store to a bucket', async () => {
    const bucket = new S3ObjectStore(s3.config);
    for (const [key, bytes] of await readObjects(source.store)) await bucket.put(key, bytes, 'image/jpeg');
    target.store = diskStore();
    await expectRoundTrip({ database: source.database, store: bucket }, target, true);

    const other = track(await startS3StandIn('backup-target'));
    target.store = new S3ObjectStore(other.config);
    const { summary } = await expectRoundTrip(source, target, true);
    expect(summary.deletedObjects).toBe(0);
  });

  it('refuses a target that holds data without --force, and replaces everything with it', async () => {
    const { file, backup } = await backUp(source.database, source.store);
    const emptyDatabase = track(await openEmptyPostgres('shop_backup'));
    const stale = diskStore();
    await stale.put('photos/old.jpg', Buffer.from('old'), 'image/jpeg');
    await expect(
      restoreBackup({ database: emptyDatabase, store: stale, file, backup, force: false }),
    ).rejects.toThrow(
      'The target already holds data (1 objects in the object store). Run restore with --force to replace everything.',
    );
    target.store = diskStore();
    await expect(restoreBackup({ ...target, file, backup, force: false })).rejects.toThrow(
      /holds data \(3 rows in users, .*Run restore with --force/,
    );

    target.store = stale;
    await target.database.db.execute(sql`delete from messages`);
    const summary = await restoreBackup({ ...target, file, backup, force: true });
    expect(summary.deletedObjects).toBe(1);
    expect(await readTables(target.database.db)).toEqual(await readTables(source.database.db));
    expect(await readObjects(target.store)).toEqual(await readObjects(source.store));
  });

  it('keeps every STOP the target heard since the backup: a restore never texts a number that said STOP', async () => {
    const { file, backup } = await backUp(source.database, source.store);
    await target.database.db.execute(
      sql`insert into sms_opt_outs (phone, stopped_at) values ('+18135550166', '2026-12-01T15:00:00Z')
          on conflict do nothing`,
    );
    const summary = await restoreBackup({ ...target, file, backup, force: true });
    expect(summary.keptOptOuts).toBe(1);
    const stops = await target.database.db.execute(sql`select phone from sms_opt_outs order by phone`);
    expect((stops as unknown as { rows: { phone: string }[] }).rows.map((row) => row.phone)).toContain(
      '+18135550166',
    );
    // Everything else is the backup's.
    const { sms_opt_outs: _kept, ...restored } = await readTables(target.database.db);
    const { sms_opt_outs: _backedUp, ...backedUp } = await readTables(source.database.db);
    expect(restored).toEqual(backedUp);
  });

  it('loads a backup of an older version at its own migration, then migrates it forward', async () => {
    const older = latestMigration().index - 1;
    const old = { database: track(await openEmptyPostgres('shop_backup')), store: diskStore() };
    await migrateTo(old.database.db, older);
    await old.database.db.execute(
      sql`insert into users (email, first_name, created_at) values ('old@shop.test', 'Old', '2025-05-05 05:05:05.555555+00')`,
    );
    await old.store.put('photos/old.jpg', Buffer.from('old photo'), 'image/jpeg');
    const { file, manifest } = await backUp(old.database, old.store);
    expect(manifest.migration.index).toBe(older);

    // The target is at the newest migration and full: it is rebuilt at the backup's, loaded, then migrated.
    target.store = diskStore();
    const summary = await restoreBackup({ ...target, file, backup: await toRestore(file), force: true });
    expect(summary.migratedFrom).toBe(manifest.migration.tag);
    expect((await appliedMigration(target.database.db))?.tag).toBe(latestMigration().tag);
    const restored = await readTables(target.database.db);
    // Every column the old version had comes back as it was; the newer migrations' columns get their defaults.
    const parse = (lines: string[] = []) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const oldUsers = parse((await readTables(old.database.db)).users);
    expect(parse(restored.users)).toEqual(oldUsers.map((user) => expect.objectContaining(user)));
    expect(restored.users).toHaveLength(oldUsers.length);
    expect(restored.estimates).toEqual([]);
    expect(restored.backup_probe).toBeUndefined();
    expect(await readObjects(target.store)).toEqual(await readObjects(old.store));
  });
});

describe('a restore the database refuses half way', { timeout: 180_000 }, () => {
  it('ends with the database as it was: the rows stream in one transaction', async () => {
    const source = { database: track(await openTestDatabase()), store: diskStore() };
    await fillShop(source.database.db, source.store);
    await createProbeTable(source.database.db);
    await fillProbeTable(source.database.db);
    const { file, backup } = await backUp(source.database, source.store);

    // The same table, but refusing the long note of the backup's first probe row.
    const strict = { database: track(await openTestDatabase()), store: diskStore() };
    await strict.database.db.execute(sql`create table backup_probe (id serial primary key, data bytea,
      ratio double precision, at timestamp, tags text[], doc json, note text check (length(note) < 5))`);
    await strict.database.db.execute(
      sql`insert into users (email, first_name) values ('kept@shop.test', 'Kept')`,
    );
    const before = await readTables(strict.database.db);
    await expect(restoreBackup({ ...strict, file, backup, force: true })).rejects.toThrow(
      /backup_probe_note_check/,
    );
    expect(await readTables(strict.database.db)).toEqual(before);
    // The connection went back to the pool usable.
    await expect(strict.database.db.execute(sql`select 1`)).resolves.toBeDefined();
  });
});

// A PGlite backup restored into PostgreSQL: move-pglite-to-postgres.test.ts.
describe('backup and restore into a new database', { timeout: 180_000 }, () => {
  it('restores into a PostgreSQL database that was never migrated', async () => {
    const source = { database: track(await openTestDatabase()), store: diskStore() };
    await fillShop(source.database.db, source.store);
    const blank = { database: track(await openEmptyPostgres('shop_backup')), store: diskStore() };
    await expectRoundTrip(source, blank, false);
  });
});
