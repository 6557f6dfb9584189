import { ConfigError, loadConfig, loadDotEnv } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { DatabaseLockedError } from '#server/db/embedded-lock.ts';
import { EmbeddedPostgresError } from '#server/db/embedded-postgres.ts';

/**
 * Runs a command-line task against the configured database; expected failures print plainly and exit 1.
 * `readInput` runs first, so bad arguments are reported without touching the database.
 */
export async function runWithDatabase<Input>(
  readInput: () => Input,
  task: (database: Database, input: Input) => Promise<void>,
): Promise<void> {
  let database: Database | null = null;
  try {
    const input = readInput();
    loadDotEnv();
    const config = loadConfig();
    database = await openDatabase(config.database);
    await database.migrate();
    await task(database, input);
    await database.close();
    process.exit(0);
  } catch (error) {
    if (database) await database.close().catch(() => {});
    if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError ||
      error instanceof EmbeddedPostgresError
    ) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

/** Bad input on the command line: the message says what to fix. */
export class UsageError extends Error {}
