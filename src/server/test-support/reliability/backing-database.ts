import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { loadConfig } from '#server/config.ts';
import { type Db, openDatabase } from '#server/db/client.ts';
import { createUser } from '#server/db/factories.ts';
import { openTestDatabase } from '#server/test-support/app.ts';
import { ADMIN_PASSWORD, adminEmail } from './traffic.ts';

/**
 * The database and data folder a real server process runs on: `server`, a fresh database on the
 * test run's PostgreSQL server (the server gets DATABASE_URL, as in production); `embedded`, the
 * default install, PostgreSQL run by the server itself inside a temporary DATA_DIR (decision 052).
 */
export interface BackingDatabase {
  /** `embedded`: the default without DATABASE_URL (PostgreSQL run by the server in DATA_DIR). */
  kind: 'embedded' | 'postgres';
  dataDir: string;
  /** For the server's DATABASE_URL; unset with the embedded database. */
  databaseUrl?: string;
  /** The disk photo store the server writes to (DATA_DIR/objects). */
  store: DiskObjectStore;
  /**
   * Runs `work` on a connection of the test's own. The embedded database belongs to one process at
   * a time, so with it the server must be stopped first.
   */
  withDb<T>(work: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export async function openBackingDatabase(on: BackingDatabase['kind']): Promise<BackingDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-'));
  const store = new DiskObjectStore(path.join(dataDir, 'objects'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

  if (on === 'postgres') {
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
    kind: 'embedded',
    dataDir,
    store,
    async withDb(work) {
      const { database: config } = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) });
      const database = await openDatabase(config);
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
