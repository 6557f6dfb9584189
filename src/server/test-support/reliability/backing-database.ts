import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { type Db, openDatabase } from '#server/db/client.ts';
import { createUser } from '#server/db/factories.ts';
import { openTestDatabase } from '#server/test-support/app.ts';
import { ADMIN_PASSWORD, adminEmail } from './traffic.ts';

/**
 * The database and data folder a real server process runs on: a fresh PostgreSQL database when the
 * suite runs with TEST_DB=postgres, else the embedded database inside a temporary DATA_DIR.
 */
export interface BackingDatabase {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** For the server's DATABASE_URL; unset with the embedded database. */
  databaseUrl?: string;
  /** The disk photo store the server writes to (DATA_DIR/objects). */
  store: DiskObjectStore;
  /**
   * Runs `work` on a connection of the test's own. The embedded database allows one process at a
   * time, so with it the server must be stopped first.
   */
  withDb<T>(work: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

export async function openBackingDatabase(): Promise<BackingDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-'));
  const store = new DiskObjectStore(path.join(dataDir, 'objects'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

  if (onPostgres) {
    const database = await openTestDatabase();
    return {
      kind: 'postgres',
      dataDir,
      databaseUrl: database.url,
      store,
      withDb: (work) => work(database.db),
      async dispose() {
        await database.close();
        removeDataDir();
      },
    };
  }
  return {
    kind: 'pglite',
    dataDir,
    store,
    async withDb(work) {
      const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
      try {
        await database.migrate();
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      removeDataDir();
    },
  };
}

/** Shop accounts with a known password, made before the server starts (the app has no sign-up for them). */
export async function createAdmins(database: BackingDatabase, count: number): Promise<void> {
  await database.withDb(async (db) => {
    for (let i = 0; i < count; i++) {
      await createUser(db, {
        email: adminEmail(i),
        password: ADMIN_PASSWORD,
        isAdmin: true,
        firstName: 'Rick',
      });
    }
  });
}
