import { createObjectStore } from '#server/adapters/object-store/create-object-store.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { ConfigError, loadConfig, loadDotEnv } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { DatabaseLockedError } from '#server/db/embedded-lock.ts';
import { EmbeddedPostgresError } from '#server/db/embedded-postgres.ts';
import { BackupError } from '#server/features/backup/backup-format.ts';
import { UsageError } from './with-database.ts';

/**
 * Runs `backup` or `restore`: the configured database (not migrated here: backup records the level it
 * finds, restore chooses its own) and object store, the same settings the server reads.
 * Expected failures print one plain line and exit 1. `cleanUp` runs before the exit, whichever it is.
 */
export async function runBackupCommand(
  task: (target: { database: Database; store: ObjectStore }) => Promise<void>,
  cleanUp: () => Promise<void> = async () => {},
) {
  let database: Database | null = null;
  try {
    loadDotEnv();
    const config = loadConfig();
    database = await openDatabase(config.database);
    await task({ database, store: await createObjectStore(config) });
    await database.close();
    await cleanUp();
    process.exit(0);
  } catch (error) {
    if (database) await database.close().catch(() => {});
    await cleanUp().catch(() => {});
    exitWithError(error);
  }
}

export function exitWithError(error: unknown): never {
  const expected =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof BackupError;
  console.error(expected ? `Error: ${(error as Error).message}` : error);
  process.exit(1);
}
