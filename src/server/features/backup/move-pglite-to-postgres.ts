import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { createObjectStore } from '#server/adapters/object-store/create-object-store.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { AppConfig } from '#server/config.ts';
import { openDatabase, pgliteDataIn } from '#server/db/client.ts';
import { findEmbeddedPostgres } from '#server/db/embedded-postgres.ts';
import { openOldPglite } from '#server/db/old-pglite.ts';
import { checkBackupToRestore } from './read-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

export interface PgliteMove {
  /** The whole-shop backup written from PGlite first. */
  backupFile: string;
  /** Where the PGlite database was moved aside to (kept: delete it once the shop is checked). */
  keptPgliteDir: string;
  rows: number;
}

/**
 * An install from before decision 052 keeps its data in PGlite (DATA_DIR/db). On the first start with
 * the embedded PostgreSQL the data moves across with the app's own backup and restore: PGlite is
 * brought to the current migration, a whole-shop backup is written beside it and checked, the
 * backup's rows are restored into PostgreSQL (photos stay where they are), and only then is the
 * PGlite folder renamed aside. A start killed half-way finds PGlite where it was and starts over.
 * Returns null when there is nothing to move.
 */
export async function movePgliteToPostgres(
  config: Pick<AppConfig, 'database' | 'objectStore' | 'dataDir'>,
  log: (line: string) => void,
): Promise<PgliteMove | null> {
  const target = config.database;
  if (target.kind !== 'embedded-postgres' || !pgliteDataIn(target.pgliteDir)) return null;
  // No PostgreSQL here: openDatabase says so, and the PGlite data waits where it is.
  if (!findEmbeddedPostgres()) return null;

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const backupFile = path.join(config.dataDir, `pglite-backup-${stamp}.tar.gz`);
  const store = await createObjectStore(config);
  log(`Moving the shop's data from PGlite (${target.pgliteDir}) to PostgreSQL: backing it up first…`);

  const pglite = await openOldPglite(target.pgliteDir);
  try {
    await pglite.migrate();
    await writeBackup({ database: pglite, store, file: backupFile });
  } finally {
    await pglite.close();
  }
  const backup = await checkBackupToRestore(backupFile);
  log(`Backup written and checked: ${backupFile}. Restoring it into PostgreSQL…`);

  const postgres = await openDatabase(target, { pgliteLeftOver: 'ignore' });
  let rows: number;
  try {
    // force: a start killed during an earlier attempt may have left rows; the backup replaces them.
    const summary = await restoreBackup({
      database: postgres,
      store: objectsStayPut(store),
      file: backupFile,
      backup,
      force: true,
    });
    await postgres.migrate();
    rows = summary.rows;
  } finally {
    await postgres.close();
    await backup.discard();
  }

  const keptPgliteDir = unusedName(`${target.pgliteDir}-pglite-${stamp}`);
  renameSync(target.pgliteDir, keptPgliteDir);
  log(
    `Moved ${rows} rows to PostgreSQL in ${target.dir}. The PGlite folder is kept as ${keptPgliteDir} ` +
      'and the backup as above: delete both once the shop is checked.',
  );
  return { backupFile, keptPgliteDir, rows };
}

/**
 * The photos are already in the store the backup was read from: restoring reads the database's rows
 * only, and the store is neither written nor emptied (it is still listed, to check every object is there).
 */
function objectsStayPut(store: ObjectStore): ObjectStore {
  return {
    kind: store.kind,
    put: async () => {},
    delete: async () => {},
    get: (key) => store.get(key),
    ping: () => store.ping(),
    list: () => store.list(),
  };
}

function unusedName(base: string): string {
  let name = base;
  for (let i = 2; existsSync(name); i++) name = `${base}-${i}`;
  return name;
}
