import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectPath } from '#server/project-path.ts';
import type { DatabaseConfig } from './database-config.ts';
import { acquireEmbeddedLock, DatabaseLockedError } from './embedded-lock.ts';
import {
  findEmbeddedPostgres,
  MEMORY_SETTINGS,
  settingsAsOptions,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';
import * as schema from './schema.ts';

/** One schema, two drivers: both are Drizzle's PostgreSQL database. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Set when the app runs PostgreSQL itself (the embedded default): what runs and where. */
  embedded?: { kind: 'postgres' | 'pglite'; dir: string };
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = projectPath('src/server/db/migrations');
/** Any fixed number: every server process agrees on it so only one migrates at a time. */
const MIGRATION_LOCK_ID = 5_190_993;

/** Connections the app's pool holds; the embedded server allows a few more (embedded-postgres.ts). */
const POOL_SIZE = 10;

export interface OpenOptions {
  /** Open the embedded PostgreSQL although a PGlite database waits to be moved into it (the move itself). */
  pgliteLeftOver?: 'ignore';
}

/** An in-memory PGlite, empty or started from a dumped data directory (`PGlite.dumpDataDir`). */
export interface MemoryDatabaseConfig {
  kind: 'pglite-memory';
  from?: Blob;
}

export async function openDatabase(
  config: DatabaseConfig | MemoryDatabaseConfig,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres({ connectionString: config.url });
  if (config.kind === 'embedded-postgres') {
    const binaries = findEmbeddedPostgres();
    if (!binaries) {
      // No PostgreSQL for this system (Windows, an unusual architecture): the in-process PGlite.
      return openPglite({ kind: 'pglite', dir: config.pgliteDir });
    }
    if (options.pgliteLeftOver !== 'ignore' && pgliteDataIn(config.pgliteDir)) {
      throw new DatabaseLockedError(
        `The shop's data is still in the PGlite database in ${config.pgliteDir}. ` +
          'Start the server once (npm start): it moves the data to PostgreSQL, with a backup first.',
      );
    }
    const release = acquireEmbeddedLock(config.dir);
    try {
      const server = await startEmbeddedPostgres(binaries, config.dir, POOL_SIZE);
      const database = openPostgres(server.connection);
      return {
        ...database,
        embedded: { kind: 'postgres', dir: config.dir },
        async close() {
          try {
            await database.close();
            await server.stop();
          } finally {
            release();
          }
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  return openPglite(config);
}

/** Whether `dir` holds a PGlite database (it keeps PostgreSQL's data folder layout). */
export function pgliteDataIn(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * PGlite's own defaults size its buffers for a database that has the machine to itself (128 MB of
 * shared buffers in its WebAssembly memory, which keeps what it once used). Where it runs the shop
 * (EMBEDDED_DATABASE=pglite, or no PostgreSQL binaries for the system) it gets the embedded
 * PostgreSQL's sizes: 100 MB less at idle and at the peak under load (decision 052).
 */
const PGLITE_SETTINGS = settingsAsOptions(MEMORY_SETTINGS);

async function openPglite(config: { kind: 'pglite'; dir: string } | MemoryDatabaseConfig): Promise<Database> {
  const release = config.kind === 'pglite' ? acquireEmbeddedLock(config.dir) : () => {};
  try {
    // PGlite's engine and driver load only where PGlite is the database (tests, Windows, the move
    // from an old install): a server on PostgreSQL never needs their megabytes of code.
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client =
      config.kind === 'pglite'
        ? new PGlite({ dataDir: config.dir, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] })
        : new PGlite({ dataDir: 'memory://', loadDataDir: config.from });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      ...(config.kind === 'pglite' ? { embedded: { kind: 'pglite' as const, dir: config.dir } } : {}),
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function openPostgres(connection: pg.PoolConfig): Database {
  const pool = new pg.Pool({ ...connection, max: POOL_SIZE });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
