import { StringDecoder } from 'node:string_decoder';
import { type SQL, sql } from 'drizzle-orm';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Database } from '#server/db/client.ts';
import {
  BackupError,
  type BackupManifest,
  type BackupTable,
  MANIFEST_ENTRY,
  OBJECTS_PREFIX,
  tableEntryName,
} from './backup-format.ts';
import {
  assertTablesMatch,
  countRows,
  dropAppSchema,
  type Queryable,
  quoteIdent,
  readCatalog,
  resetSequences,
  useExactTextForms,
} from './database-catalog.ts';
import {
  appliedMigration,
  knownMigrations,
  latestMigration,
  type MigrationStep,
  migrateTo,
} from './migration-level.ts';
import { readArchive } from './read-backup.ts';

/** Bind parameters per INSERT, well under PostgreSQL's 65,535. */
const PARAMETERS_PER_INSERT = 20_000;

export interface RestoreOptions {
  database: Database;
  store: ObjectStore;
  file: string;
  /** What `verifyBackup(file)` returned: restore trusts only a file that was checked first. */
  manifest: BackupManifest;
  /** Replace a database or store that already holds data. */
  force: boolean;
}

export interface RestoreSummary {
  rows: number;
  objects: number;
  /** Objects the store held that the backup does not have, deleted to match it. */
  deletedObjects: number;
  /** Set when the backup came from an older version and the database was migrated after loading. */
  migratedFrom: string | null;
}

/**
 * Replaces the database's rows and the store's objects with the backup's. The database is first
 * brought to the backup's own migration, the rows are loaded in one transaction, and only then is it
 * migrated to this version: an older backup goes through the same migrations the live data did.
 */
export async function restoreBackup({
  database,
  store,
  file,
  manifest,
  force,
}: RestoreOptions): Promise<RestoreSummary> {
  const { db } = database;
  const level = backupLevel(manifest);
  const current = await appliedMigration(db);
  const storeKeys: string[] = [];
  for await (const key of store.list()) storeKeys.push(key);

  const held = await describeHeldData(database, current, storeKeys.length);
  if (held && !force) {
    throw new BackupError(
      `The target already holds data (${held}). Run restore with --force to replace everything.`,
    );
  }
  if (current && current.index > level.index) {
    // Newer tables cannot take older rows: start from a blank schema at the backup's level.
    await dropAppSchema(db);
    await migrateTo(db, level.index);
  } else if (!current || current.index < level.index) {
    await migrateTo(db, level.index);
  }
  const catalog = await readCatalog(db);
  assertTablesMatch(manifest.tables, catalog);

  const objects = new Set<string>();
  await db.transaction(async (tx) => {
    await useExactTextForms(tx);
    // The status-history trigger stands aside: the events table is restored as it was.
    await tx.execute(sql`select set_config('shop.restoring', 'on', true)`);
    if (catalog.length > 0) {
      await tx.execute(
        sql.raw(
          `truncate table ${catalog.map((table) => quoteIdent(table.name)).join(', ')} restart identity cascade`,
        ),
      );
    }
    const tables = new Map(manifest.tables.map((table) => [tableEntryName(table.name), table]));
    const contentTypes = new Map(manifest.objects.map((object) => [object.key, object.contentType]));
    for await (const entry of readArchive(file)) {
      const table = tables.get(entry.name);
      if (table) await loadTable(tx, table, entry.body);
      else if (entry.name.startsWith(OBJECTS_PREFIX)) {
        const key = entry.name.slice(OBJECTS_PREFIX.length);
        // One object in memory at a time: the store takes whole objects.
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        await store.put(key, Buffer.concat(chunks), contentTypes.get(key) ?? 'application/octet-stream');
        objects.add(key);
      } else if (entry.name !== MANIFEST_ENTRY) {
        throw new BackupError(`${file} holds ${entry.name}, which its manifest does not list.`);
      }
    }
    for (const table of manifest.tables) {
      const count = await countRows(tx, table.name);
      if (count !== table.rows) {
        throw new BackupError(
          `Restoring ${table.name} gave ${count} rows instead of ${table.rows}; nothing was changed.`,
        );
      }
    }
    await resetSequences(tx);
  });

  const stale = storeKeys.filter((key) => !objects.has(key));
  for (const key of stale) await store.delete(key);
  await checkStore(store, manifest);

  const latest = latestMigration();
  if (level.index < latest.index) await database.migrate();
  return {
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    objects: objects.size,
    deletedObjects: stale.length,
    migratedFrom: level.index < latest.index ? level.tag : null,
  };
}

/** The app's migration the backup was made at; a backup from a newer app is refused. */
function backupLevel(manifest: BackupManifest): MigrationStep {
  const known = knownMigrations();
  const step = known[manifest.migration.index];
  if (step?.tag === manifest.migration.tag) return step;
  if (manifest.migration.index > latestMigration().index) {
    throw new BackupError(
      `This backup comes from a newer version of the app (migration ${manifest.migration.tag}; this version ends at ${latestMigration().tag}). Update the app, then restore.`,
    );
  }
  throw new BackupError(
    `This backup was made at migration ${manifest.migration.tag}, which this app does not know.`,
  );
}

/** A short account of what the target holds ("12 rows in users, 3 objects…"), or null when it is empty. */
async function describeHeldData(database: Database, current: MigrationStep | null, objectCount: number) {
  const parts: string[] = [];
  if (current) {
    for (const table of await readCatalog(database.db)) {
      const count = await countRows(database.db, table.name);
      if (count > 0) parts.push(`${count} rows in ${table.name}`);
    }
  }
  if (objectCount > 0) parts.push(`${objectCount} objects in the object store`);
  return parts.length > 0 ? parts.join(', ') : null;
}

async function checkStore(store: ObjectStore, manifest: BackupManifest): Promise<void> {
  const present = new Set<string>();
  for await (const key of store.list()) present.add(key);
  const missing = manifest.objects.filter((object) => !present.has(object.key));
  if (missing.length > 0 || present.size !== manifest.objects.length) {
    throw new BackupError(
      `The object store holds ${present.size} objects after the restore, the backup ${manifest.objects.length}` +
        (missing[0] ? ` (${missing[0].key} is missing)` : '') +
        '. Check the store and run restore again.',
    );
  }
}

/** Inserts a table's rows in batches, each value cast from its text form to the column's type. */
async function loadTable(tx: Queryable, table: BackupTable, body: AsyncIterable<Buffer>): Promise<void> {
  const columns = sql.raw(table.columns.map((column) => quoteIdent(column.name)).join(', '));
  const types = table.columns.map((column) => sql.raw(column.type));
  const batchSize = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / table.columns.length));
  let batch: SQL[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(
      sql`insert into ${sql.raw(quoteIdent(table.name))} (${columns}) overriding system value values ${sql.join(batch, sql`, `)}`,
    );
    batch = [];
  };
  for await (const line of readLines(body)) {
    const values = parseRow(table, line);
    batch.push(
      sql`(${sql.join(
        values.map((value, index) => sql`${value}::text::${types[index]}`),
        sql`, `,
      )})`,
    );
    if (batch.length >= batchSize) await flush();
  }
  await flush();
}

function parseRow(table: BackupTable, line: string): (string | null)[] {
  const values: unknown = JSON.parse(line);
  if (
    !Array.isArray(values) ||
    values.length !== table.columns.length ||
    values.some((value) => value !== null && typeof value !== 'string')
  ) {
    throw new BackupError(`A row of ${table.name} in the backup does not fit its columns.`);
  }
  return values as (string | null)[];
}

async function* readLines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.write(chunk);
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}
