import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkBackupToRestore } from '#server/features/backup/read-backup.ts';
import { restoreBackup } from '#server/features/backup/restore-backup.ts';
import { exitWithError, runBackupCommand } from './backup-command.ts';
import { UsageError } from './with-database.ts';

const USAGE = 'Usage: npm run restore -- --in FILE [--force]';

function readInput() {
  let values: { in?: string; force?: boolean };
  try {
    ({ values } = parseArgs({
      options: { in: { type: 'string' }, force: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.in) throw new UsageError(`--in is required.\n${USAGE}`);
  const file = path.resolve(values.in);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`${file} does not exist.`);
  return { file, force: values.force ?? false };
}

let input: { file: string; force: boolean };
try {
  input = readInput();
} catch (error) {
  exitWithError(error);
}

// The file is checked end to end before the database or the store is touched; its list of objects
// is kept in a work folder meanwhile, removed at the end.
const backup = await checkBackupToRestore(input.file).catch(exitWithError);

await runBackupCommand(async ({ database, store }) => {
  const summary = await restoreBackup({ database, store, file: input.file, backup, force: input.force });
  console.log(
    `Restored the backup of ${backup.manifest.createdAt}: ${summary.rows} rows, ${summary.objects} objects` +
      (summary.deletedObjects > 0 ? `, ${summary.deletedObjects} objects not in the backup deleted` : '') +
      (summary.migratedFrom ? `; migrated from ${summary.migratedFrom} to this version` : '') +
      (summary.keptOptOuts > 0
        ? `; kept the STOP of ${summary.keptOptOuts} numbers heard since the backup`
        : '') +
      '.',
  );
}, backup.discard);
