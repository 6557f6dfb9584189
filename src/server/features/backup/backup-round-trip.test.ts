import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from '../../adapters/object-store/disk-store.js';
import type { ObjectStore } from '../../adapters/object-store/object-store.js';
import { S3ObjectStore } from '../../adapters/object-store/s3-store.js';
import { type Database, openDatabase } from '../../db/client.js';
import { type S3StandIn, startS3StandIn } from '../../test-support/s3-stand-in.js';
import { openTestDatabase } from '../../test-support/test-app.js';
import {
  createProbeTable,
  fillProbeTable,
  fillShop,
  openEmptyPostgres,
  readObjects,
  readTables,
} from './backup-test-shop.js';
import { appliedMigration, latestMigration, migrateTo } from './migration-level.js';
import { verifyBackup } from './read-backup.js';
import { restoreBackup } from './restore-backup.js';
import { writeBackup } from './write-backup.js';

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

async function backUp(database: Database, store: ObjectStore) {
  const file = path.join(workDir, `backup-${++fileCount}.tar.gz`);
  const manifest = await writeBackup({ database, store, file });
  return { file, manifest };
}

/** Backs up `source`, restores into `target`, and expects every row and every object to be the same. */
async function expectRoundTrip(
  source: { database: Database; store: ObjectStore },
  target: { database: Database; store: ObjectStore },
) {
  const { file, manifest } = await backUp(source.database, source.store);
  const verified = await verifyBackup(file);
  expect(verified).toEqual(manifest);
  const summary = await restoreBackup({ ...target, file, manifest: verified, force: false });

  const sourceTables = await readTables(source.database.db);
  expect(await readTables(target.database.db)).toEqual(sourceTables);
  expect(Object.values(sourceTables).flat().length).toBe(summary.rows);
  const sourceObjects = await readObjects(source.store);
  expect(await readObjects(target.store)).toEqual(sourceObjects);
  expect(summary.objects).toBe(sourceObjects.size);
  return { manifest, summary };
}

describe('backup and restore', { timeout: 120_000 }, () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn('backup-source');
  });
  afterAll(() => s3?.close());

  it('restores every row and every object exactly, disk store to disk store', async () => {
    const source = { database: track(await openTestDatabase()), store: diskStore() };
    await fillShop(source.database.db, source.store);
    await createProbeTable(source.database.db);
    await fillProbeTable(source.database.db);
    const target = { database: track(await openTestDatabase()), store: diskStore() };
    await createProbeTable(target.database.db);

    const { manifest } = await expectRoundTrip(source, target);
    expect(manifest.migration.tag).toBe(latestMigration().tag);
    expect(manifest.missingObjects).toEqual([]);
    expect(manifest.tables.map((table) => table.name).indexOf('users')).toBeLessThan(
      manifest.tables.map((table) => table.name).indexOf('estimates'),
    );
    // The serial sequence carries on after the restored rows.
    const inserted = await target.database.db.execute(
      sql`insert into backup_probe default values returning id`,
    );
    expect((inserted as unknown as { rows: { id: number }[] }).rows[0]?.id).toBe(4);
  });

  it('moves photos between an S3 bucket and a disk store both ways', async () => {
    const bucket = new S3ObjectStore(s3.config);
    const source = { database: track(await openTestDatabase()), store: bucket };
    await fillShop(source.database.db, source.store);
    const onDisk = { database: track(await openTestDatabase()), store: diskStore() };
    await expectRoundTrip(source, onDisk);

    const other = track(await startS3StandIn('backup-target'));
    const inBucket = { database: track(await openTestDatabase()), store: new S3ObjectStore(other.config) };
    const { summary } = await expectRoundTrip(onDisk, inBucket);
    expect(summary.deletedObjects).toBe(0);
  });

  it('refuses a target that holds data, and replaces everything with --force', async () => {
    const source = { database: track(await openTestDatabase()), store: diskStore() };
    await fillShop(source.database.db, source.store);
    const { file } = await backUp(source.database, source.store);
    const manifest = await verifyBackup(file);

    const target = { database: track(await openTestDatabase()), store: diskStore() };
    await target.store.put('photos/old.jpg', Buffer.from('old'), 'image/jpeg');
    await expect(restoreBackup({ ...target, file, manifest, force: false })).rejects.toThrow(
      'The target already holds data (1 objects in the object store). Run restore with --force to replace everything.',
    );
    await fillShop(target.database.db, diskStore());
    await expect(restoreBackup({ ...target, file, manifest, force: false })).rejects.toThrow(
      /holds data \(3 rows in users, .*Run restore with --force/,
    );

    const summary = await restoreBackup({ ...target, file, manifest, force: true });
    expect(summary.deletedObjects).toBe(1);
    expect(await readTables(target.database.db)).toEqual(await readTables(source.database.db));
    expect(await readObjects(target.store)).toEqual(await readObjects(source.store));
  });

  it('loads a backup of an older version at its own migration, then migrates it forward', async () => {
    const older = latestMigration().index - 1;
    const source = { database: track(await openDatabase({ kind: 'pglite-memory' })), store: diskStore() };
    await migrateTo(source.database.db, older);
    await source.database.db.execute(
      sql`insert into users (email, first_name, created_at) values ('old@shop.test', 'Old', '2025-05-05 05:05:05.555555+00')`,
    );
    const { file, manifest } = await backUp(source.database, source.store);
    expect(manifest.migration.index).toBe(older);

    // A target already at the newest migration is rebuilt at the backup's, loaded, then migrated.
    const target = { database: track(await openTestDatabase()), store: diskStore() };
    const summary = await restoreBackup({
      ...target,
      file,
      manifest: await verifyBackup(file),
      force: false,
    });
    expect(summary.migratedFrom).toBe(manifest.migration.tag);
    expect((await appliedMigration(target.database.db))?.tag).toBe(latestMigration().tag);
    expect((await readTables(target.database.db)).users).toEqual(
      (await readTables(source.database.db)).users,
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('backup and restore across PGlite and PostgreSQL', { timeout: 120_000 }, () => {
  it('restores a PGlite backup into PostgreSQL and a PostgreSQL backup into PGlite', async () => {
    const embedded = { database: track(await openDatabase({ kind: 'pglite-memory' })), store: diskStore() };
    await embedded.database.migrate();
    await fillShop(embedded.database.db, embedded.store);
    await createProbeTable(embedded.database.db);
    await fillProbeTable(embedded.database.db);

    const server = { database: track(await openEmptyPostgres(serverUrl ?? '')), store: diskStore() };
    await server.database.migrate();
    await createProbeTable(server.database.db);
    await expectRoundTrip(embedded, server);

    const back = { database: track(await openDatabase({ kind: 'pglite-memory' })), store: diskStore() };
    await back.database.migrate();
    await createProbeTable(back.database.db);
    await expectRoundTrip(server, back);
  });

  it('restores into a PostgreSQL database that was never migrated', async () => {
    const embedded = { database: track(await openDatabase({ kind: 'pglite-memory' })), store: diskStore() };
    await embedded.database.migrate();
    await fillShop(embedded.database.db, embedded.store);
    const blank = { database: track(await openEmptyPostgres(serverUrl ?? '')), store: diskStore() };
    await expectRoundTrip(embedded, blank);
  });
});
