import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { openDatabase } from '#server/db/client.ts';
import { DatabaseLockedError } from '#server/db/embedded-lock.ts';
import { findEmbeddedPostgres } from '#server/db/embedded-postgres.ts';
import { openOldPglite } from '#server/db/old-pglite.ts';
import { testConfig } from '#server/test-support/app.ts';
import { fillShop, readObjects, readTables } from '#server/test-support/backup-shop.ts';
import { movePgliteToPostgres } from './move-pglite-to-postgres.ts';

/**
 * An install from before decision 052: the shop in PGlite (DATA_DIR/db). Its first start on the
 * embedded PostgreSQL moves every row across, backed up first, and leaves the photos and the old
 * folder in place.
 */
describe.skipIf(!findEmbeddedPostgres())('moving a PGlite shop to the embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-move-'));
  const config = {
    ...testConfig(),
    dataDir,
    database: {
      kind: 'embedded-postgres' as const,
      dir: path.join(dataDir, 'postgres'),
      pgliteDir: path.join(dataDir, 'db'),
    },
    objectStore: { kind: 'disk' as const, dir: path.join(dataDir, 'objects') },
  };
  const store = new DiskObjectStore(config.objectStore.dir);
  let before: { tables: Record<string, string[]>; objects: Map<string, Buffer> };

  beforeAll(async () => {
    const pglite = await openOldPglite(config.database.pgliteDir);
    try {
      await pglite.migrate();
      await fillShop(pglite.db, store);
      before = { tables: await readTables(pglite.db), objects: await readObjects(store) };
    } finally {
      await pglite.close();
    }
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('will not open the empty PostgreSQL while the PGlite data waits to move', async () => {
    const refused = openDatabase(config.database);
    await expect(refused).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(refused).rejects.toThrow(/still in the PGlite database.*npm start/s);
  });

  it('moves every row, keeps every photo, writes a checked backup and keeps the PGlite folder aside', async () => {
    const lines: string[] = [];
    const moved = await movePgliteToPostgres(config, (line) => lines.push(line));
    expect(moved).not.toBeNull();
    expect(existsSync(moved?.backupFile ?? '')).toBe(true);
    expect(existsSync(config.database.pgliteDir)).toBe(false);
    expect(existsSync(path.join(moved?.keptPgliteDir ?? '', 'PG_VERSION'))).toBe(true);
    expect(lines.join('\n')).toContain('backing it up first');

    const postgres = await openDatabase(config.database);
    try {
      await postgres.migrate();
      expect(postgres.embedded).toEqual({ dir: config.database.dir });
      expect(await readTables(postgres.db)).toEqual(before.tables);
    } finally {
      await postgres.close();
    }
    expect(await readObjects(store)).toEqual(before.objects);
  }, 240_000);

  it('does nothing on the next start', async () => {
    const entries = readdirSync(dataDir).length;
    expect(await movePgliteToPostgres(config, () => {})).toBeNull();
    expect(readdirSync(dataDir)).toHaveLength(entries);
  });
});
