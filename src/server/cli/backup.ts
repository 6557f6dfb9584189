import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '#server/features/backup/write-backup.ts';
import { exitWithError, runBackupCommand } from './backup-command.ts';
import { UsageError } from './with-database.ts';

const USAGE = 'Usage: npm run backup -- --out FILE [--force]';

function readInput() {
  let values: { out?: string; force?: boolean };
  try {
    ({ values } = parseArgs({
      options: { out: { type: 'string' }, force: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.out) throw new UsageError(`--out is required.\n${USAGE}`);
  const file = path.resolve(values.out);
  if (existsSync(file) && !values.force) {
    throw new UsageError(`${file} already exists. Choose another name, or add --force to overwrite it.`);
  }
  if (!existsSync(path.dirname(file)))
    throw new UsageError(`The folder ${path.dirname(file)} does not exist.`);
  return { file };
}

let input: { file: string };
try {
  input = readInput();
} catch (error) {
  exitWithError(error);
}

await runBackupCommand(async ({ database, store }) => {
  const backup = await writeBackup({ database, store, file: input.file });
  const rows = backup.tables.reduce((sum, table) => sum + table.rows, 0);
  const { count: objects, bytes } = backup.objects;
  console.log(
    `Backup written to ${input.file}: ${rows} rows in ${backup.tables.length} tables, ` +
      `${objects} objects (${(bytes / 1_048_576).toFixed(1)} MB), at migration ${backup.migration.tag}.`,
  );
  if (backup.missingObjects.length > 0) {
    console.warn(
      `Warning: ${backup.missingObjects.length} photo files named in the database were not in the store ` +
        `(first: ${backup.missingObjects[0]}); the backup has the rows without them.`,
    );
  }
});
