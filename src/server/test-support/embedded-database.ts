import { loadConfig } from '#server/config.ts';
import type { DatabaseConfig } from '#server/db/database-config.ts';

/**
 * The database the server and the command-line tools open in `dataDir` when DATABASE_URL is unset:
 * the embedded default (decision 052), chosen by the configuration as they choose it.
 */
export function embeddedDatabaseConfig(dataDir: string): DatabaseConfig {
  return loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }).database;
}
