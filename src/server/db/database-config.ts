import path from 'node:path';

/**
 * DATABASE_URL: that PostgreSQL server. Otherwise the embedded default (decision 052): PostgreSQL run
 * by the app in DATA_DIR/postgres (`pgliteDir`: where an older install's PGlite database may still be,
 * to move across, and the fallback where no PostgreSQL binaries exist), or PGlite when
 * EMBEDDED_DATABASE=pglite.
 */
export type DatabaseConfig =
  | { kind: 'pglite'; dir: string }
  | { kind: 'embedded-postgres'; dir: string; pgliteDir: string }
  | { kind: 'postgres'; url: string };

export interface DatabaseEnv {
  DATABASE_URL?: string;
  EMBEDDED_DATABASE: 'postgres' | 'pglite';
}

export function databaseConfig(e: DatabaseEnv, dataDir: string): DatabaseConfig {
  if (e.DATABASE_URL) return { kind: 'postgres', url: e.DATABASE_URL };
  const pgliteDir = path.join(dataDir, 'db');
  if (e.EMBEDDED_DATABASE === 'pglite') return { kind: 'pglite', dir: pgliteDir };
  return { kind: 'embedded-postgres', dir: path.join(dataDir, 'postgres'), pgliteDir };
}
