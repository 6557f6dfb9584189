import type { Db } from './client.ts';
import { type Database, migrationsFolder } from './client.ts';
import { acquireEmbeddedLock } from './embedded-lock.ts';
import * as schema from './schema.ts';

/**
 * The PGlite database of an install from before decision 052 (DATA_DIR/db), opened only to move its
 * data into PostgreSQL once (features/backup/move-pglite-to-postgres.ts). PGlite runs no shop any
 * more (decision 058); its engine and driver load here and nowhere else.
 */
export async function openOldPglite(dir: string): Promise<Database> {
  const release = acquireEmbeddedLock(dir);
  try {
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
    // The migrations are brought up to date before the move, and 0022's search indexes need pg_trgm.
    const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
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
