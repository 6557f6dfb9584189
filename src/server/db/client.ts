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
import { EmbeddedPostgresError, findEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.ts';
import * as schema from './schema.ts';

/** Drizzle's PostgreSQL database (node-postgres, or PGlite while an old install's data moves: old-pglite.ts). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The connection pool under `db` (PostgreSQL only): the job queue shares it. */
  pool?: pg.Pool;
  /** Set when the app runs PostgreSQL itself (the embedded default): where its data folder is. */
  embedded?: { dir: string };
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

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres({ connectionString: config.url });
  const binaries = findEmbeddedPostgres();
  if (!binaries) {
    // Decision 058: PGlite no longer stands in where the platform has no PostgreSQL package.
    throw new EmbeddedPostgresError(
      `There is no embedded PostgreSQL for ${process.platform}-${process.arch}. ` +
        'Set DATABASE_URL to a PostgreSQL server (postgres://user:password@host:5432/shop) and start again.',
    );
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
      embedded: { dir: config.dir },
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

/** Whether `dir` holds a PGlite database (it keeps PostgreSQL's data folder layout). */
export function pgliteDataIn(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

function openPostgres(connection: pg.PoolConfig): Database {
  const pool = new pg.Pool({ ...connection, max: POOL_SIZE });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
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
