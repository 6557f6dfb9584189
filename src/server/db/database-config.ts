import path from 'node:path';

/**
 * DATABASE_URL: that PostgreSQL server. Otherwise the embedded default (decision 052): PostgreSQL run
 * by the app in DATA_DIR/postgres (`pgliteDir`: where an install from before it may still keep its
 * PGlite database, moved across at the first start; decision 058).
 */
export type DatabaseConfig =
  | { kind: 'embedded-postgres'; dir: string; pgliteDir: string }
  | { kind: 'postgres'; url: string };

export function databaseConfig(e: { DATABASE_URL?: string }, dataDir: string): DatabaseConfig {
  if (e.DATABASE_URL) return { kind: 'postgres', url: e.DATABASE_URL };
  return {
    kind: 'embedded-postgres',
    dir: path.join(dataDir, 'postgres'),
    pgliteDir: path.join(dataDir, 'db'),
  };
}
