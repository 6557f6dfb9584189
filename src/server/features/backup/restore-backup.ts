import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Database } from '#server/db/client.ts';
import {
  BackupError,
  type BackupManifestHead,
  type BackupObject,
  type BackupTable,
  MANIFEST_ENTRY,
  OBJECT_LIST_ENTRY,
  OBJECTS_PREFIX,
  tableEntryName,
} from './backup-format.ts';
import {
  assertTablesMatch,
  countRows,
  dropAppSchema,
  type Queryable,
  queryRows,
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
import { ObjectWrites } from './object-writes.ts';
import { type BackupToRestore, readArchive } from './read-backup.ts';
import { SortedKeys } from './sorted-keys.ts';
import { readJsonLines, readLines } from './text-lines.ts';

/** Objects written to the store at once (object-writes.ts). */
const OBJECT_WRITES_AT_ONCE = 8;

export interface RestoreOptions {
  database: Database;
  store: ObjectStore;
  file: string;
  /** What `checkBackupToRestore(file)` returned: restore trusts only a file that was checked first. */
  backup: BackupToRestore;
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
  /** Numbers whose STOP the target held and the backup did not: kept (a STOP is never undone by a restore). */
  keptOptOuts: number;
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
  backup,
  force,
}: RestoreOptions): Promise<RestoreSummary> {
  const { db } = database;
  const { manifest } = backup;
  const level = backupLevel(manifest);
  const current = await appliedMigration(db);
  let storeCount = 0;
  for await (const _ of store.list()) storeCount += 1;

  const held = await describeHeldData(database, current, storeCount);
  const heardStops = current ? await optOutsHeld(db) : [];
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

  let restoredObjects = 0;
  await inOneTransaction(database, async (client, tx) => {
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
    restoredObjects = await loadArchive(client, store, file, backup);
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

  const deletedObjects = await matchStoreToBackup(store, backup);

  const latest = latestMigration();
  if (level.index < latest.index) await database.migrate();
  return {
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    objects: restoredObjects,
    deletedObjects,
    migratedFrom: level.index < latest.index ? level.tag : null,
    keptOptOuts: await keepOptOuts(db, heardStops),
  };
}

type OptOut = { phone: string; stopped_at: string };

/**
 * The STOPs the target has heard. A restore brings back the backup's rows, but a number that said STOP
 * since the backup was made must not be texted again (47 CFR 64.1200(a)(10), decision 060).
 */
async function optOutsHeld(db: Queryable): Promise<OptOut[]> {
  const catalog = await readCatalog(db);
  if (!catalog.some((table) => table.name === 'sms_opt_outs')) return [];
  return queryRows<OptOut>(db, sql`select phone, stopped_at::text from sms_opt_outs`);
}

/** Adds back those the backup lacks; returns how many. */
async function keepOptOuts(db: Queryable, stops: readonly OptOut[]): Promise<number> {
  let kept = 0;
  for (const stop of stops) {
    const inserted = await queryRows(
      db,
      sql`insert into sms_opt_outs (phone, stopped_at) values (${stop.phone}, ${stop.stopped_at}::timestamptz)
          on conflict (phone) do nothing returning phone`,
    );
    kept += inserted.length;
  }
  return kept;
}

/** The app's migration the backup was made at; a backup from a newer app is refused. */
function backupLevel(manifest: BackupManifestHead): MigrationStep {
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

/**
 * Deletes the objects the store holds that the backup does not have (a target restored with --force),
 * and checks that every object of the backup is there. The store's keys are held as sorted bytes
 * (sorted-keys.ts), the backup's read from its list a line at a time. Returns how many were deleted.
 */
async function matchStoreToBackup(store: ObjectStore, backup: BackupToRestore): Promise<number> {
  const stored = await SortedKeys.from(store.list());
  const inBackup = new Uint8Array(stored.size);
  let missing: string | null = null;
  for await (const object of listedObjects(backup)) {
    const index = stored.indexOf(object.key);
    if (index < 0) missing ??= object.key;
    else inBackup[index] = 1;
  }
  if (missing !== null) {
    throw new BackupError(
      `The object store lacks ${missing} after the restore. Check the store and run restore again.`,
    );
  }
  let deleted = 0;
  for (const [index, flag] of inBackup.entries()) {
    if (flag === 1) continue;
    await store.delete(stored.at(index));
    deleted += 1;
  }
  return deleted;
}

/** The backup's objects, in the order the file holds them. */
function listedObjects(backup: BackupToRestore): AsyncGenerator<BackupObject> {
  return readJsonLines<BackupObject>(backup.objectListFile);
}

/**
 * Loads the file's entries as they come: each table's rows into the database, each object into the
 * store (a few at a time). Returns how many objects it wrote.
 */
async function loadArchive(
  client: pg.PoolClient,
  store: ObjectStore,
  file: string,
  backup: BackupToRestore,
): Promise<number> {
  const tables = new Map(backup.manifest.tables.map((table) => [tableEntryName(table.name), table]));
  const listed = listedObjects(backup);
  const writes = new ObjectWrites(OBJECT_WRITES_AT_ONCE);
  let objects = 0;
  try {
    for await (const entry of readArchive(file)) {
      const table = tables.get(entry.name);
      if (table) await loadTable(client, table, entry.body);
      else if (entry.name.startsWith(OBJECTS_PREFIX)) {
        // The file holds the objects in its list's order (the check before the restore saw to it).
        const { value: object } = await listed.next();
        const key = entry.name.slice(OBJECTS_PREFIX.length);
        if (object?.key !== key)
          throw new BackupError(`${file} does not match its manifest at ${entry.name}.`);
        // A few objects in memory at a time: the store takes whole objects.
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        await writes.add(() => store.put(key, Buffer.concat(chunks), object.contentType));
        objects += 1;
      } else if (entry.name !== MANIFEST_ENTRY && entry.name !== OBJECT_LIST_ENTRY) {
        throw new BackupError(`${file} holds ${entry.name}, which its manifest does not list.`);
      }
    }
  } finally {
    await listed.return(undefined);
    // Nothing is left writing once the load has ended, however it ended.
    await writes.finish().catch(() => {});
  }
  await writes.finish();
  return objects;
}

/**
 * Runs `work` in one transaction on one connection of the pool: COPY needs the driver's own client,
 * the catalog helpers take drizzle over the same connection.
 */
async function inOneTransaction(
  database: Database,
  work: (client: pg.PoolClient, tx: Queryable) => Promise<void>,
): Promise<void> {
  if (!database.pool) throw new BackupError('Restore loads into PostgreSQL only.');
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await work(client, drizzle(client) as unknown as Queryable);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Streams a table's rows into PostgreSQL with COPY: each value goes in its text form, read by the
 * column type's own input, as a cast from text would; an identity column takes the value given. The
 * rows pass through in chunks, so memory stays flat however big the table (the INSERTs of 20,000 bind
 * parameters this replaced held 1.5 GB at ten years).
 */
async function loadTable(client: pg.PoolClient, table: BackupTable, body: AsyncIterable<Buffer>) {
  const columns = table.columns.map((column) => quoteIdent(column.name)).join(', ');
  const copy = client.query(copyFrom(`copy ${quoteIdent(table.name)} (${columns}) from stdin`));
  await pipeline(Readable.from(copyText(table, body)), copy);
}

/** What COPY reads between two writes. */
const COPY_CHUNK_CHARS = 256 * 1024;

/** The table's rows in COPY's text format, a chunk at a time. */
async function* copyText(table: BackupTable, body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let chunk = '';
  for await (const line of readLines(body)) {
    chunk += `${parseRow(table, line).map(copyValue).join('\t')}\n`;
    if (chunk.length >= COPY_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as COPY's text format spells it: null as \N, and a backslash, tab or line end escaped. */
function copyValue(value: string | null): string {
  return value === null ? '\\N' : value.replaceAll(/[\\\n\r\t]/g, (char) => COPY_ESCAPES[char] ?? char);
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
