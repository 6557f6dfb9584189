import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { pack as createPack, type Header, type Pack } from 'tar-stream';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Database } from '#server/db/client.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupManifest,
  type BackupObject,
  type BackupTable,
  MANIFEST_ENTRY,
  OBJECT_LIST_ENTRY,
  objectEntryName,
  tableEntryName,
} from './backup-format.ts';
import {
  type CatalogTable,
  type Queryable,
  queryRows,
  quoteIdent,
  readCatalog,
  useExactTextForms,
} from './database-catalog.ts';
import { appliedMigration } from './migration-level.ts';
import { SortedKeys } from './sorted-keys.ts';

/** Rows read per query while dumping a table: memory stays flat however big the table is. */
const PAGE_SIZE = 1000;

export interface WriteBackupOptions {
  database: Database;
  store: ObjectStore;
  /** The backup file; written as `<file>.partial-…` and renamed into place once complete. */
  file: string;
}

/** What a backup holds, as the commands report it; the file's manifest has every entry's checksum. */
export interface BackupSummary {
  createdAt: string;
  migration: BackupManifest['migration'];
  tables: BackupTable[];
  objects: { count: number; bytes: number };
  /** Keys that ready photo rows name but the store did not have. */
  missingObjects: string[];
}

/**
 * Writes the whole shop (every table, every stored object) to one file. The tables come from one
 * read-only REPEATABLE READ transaction, so they agree with each other; objects are streamed one by one.
 * What grows with the shop goes through files in a work folder, not memory: the tables' rows, the
 * photo keys the rows name and the list of objects (a nightly backup runs inside the server; at ten
 * years, 600,000 objects held in memory with their manifest took 850 MB). The list is an entry of its
 * own (format 2), so the manifest stays small whatever the shop's size.
 */
export async function writeBackup({ database, store, file }: WriteBackupOptions): Promise<BackupSummary> {
  const migration = await appliedMigration(database.db);
  if (!migration) throw new BackupError('The database has no tables yet: there is nothing to back up.');

  const workDir = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const tables = await dumpTables(database, workDir);
    const pack = createPack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    // If writing the file fails, stop feeding the archive at once rather than after every object.
    written.catch((error: unknown) => pack.destroy(error as Error));

    for (const table of tables) {
      await addEntry(
        pack,
        { name: tableEntryName(table.name), size: table.bytes },
        createReadStream(dumpFile(workDir, table.name)),
      );
    }
    const objectLines = path.join(workDir, OBJECT_LIST_ENTRY);
    const objects = await addObjects(pack, store, objectLines);
    const summary: BackupSummary = {
      createdAt: new Date().toISOString(),
      migration: { index: migration.index, tag: migration.tag },
      tables,
      objects: { count: objects.count, bytes: objects.bytes },
      missingObjects: await missingObjects(path.join(workDir, PHOTO_KEYS), objects.present),
    };
    const list = await addEntry(
      pack,
      { name: OBJECT_LIST_ENTRY, size: (await stat(objectLines)).size },
      createReadStream(objectLines),
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: summary.createdAt,
      migration: summary.migration,
      source: { database: database.driver, objectStore: store.kind },
      tables: summary.tables,
      objects: { ...summary.objects, list },
      missingObjects: summary.missingObjects,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    await addEntry(pack, { name: MANIFEST_ENTRY, size: manifestBytes.length }, [manifestBytes]);
    pack.finalize();
    await written;
    await rename(partial, file);
    return summary;
  } finally {
    await rm(partial, { force: true });
    await rm(workDir, { recursive: true, force: true });
  }
}

/** In the work folder: the photo keys ready rows name (beside each table's rows and the list). */
const PHOTO_KEYS = 'photo-keys.txt';

const dumpFile = (workDir: string, table: string) => path.join(workDir, `${table}.jsonl`);

/** Reads every table inside one snapshot into JSON-lines files, and the object keys photo rows name. */
async function dumpTables(database: Database, workDir: string) {
  return database.db.transaction(
    async (tx) => {
      await useExactTextForms(tx);
      const catalog = await readCatalog(tx);
      const tables: BackupTable[] = [];
      for (const table of catalog) tables.push(await dumpTable(tx, table, dumpFile(workDir, table.name)));
      await dumpPhotoKeys(tx, catalog, path.join(workDir, PHOTO_KEYS));
      return tables;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpTable(tx: Queryable, table: CatalogTable, file: string): Promise<BackupTable> {
  const hash = createHash('sha256');
  const output = await open(file, 'wx');
  let rows = 0;
  let bytes = 0;
  try {
    const values = sql.raw(
      `array_to_json(array[${table.columns.map((column) => `${quoteIdent(column.name)}::text`).join(', ')}]::text[])::text`,
    );
    const from = sql.raw(quoteIdent(table.name));
    const key = table.keyColumn;
    let after: string | null = null;
    for (;;) {
      const page: { row: string; key: string | null }[] = key
        ? await queryRows(
            tx,
            sql`select ${values} as "row", ${sql.raw(quoteIdent(key.name))}::text as "key" from ${from}
                ${after === null ? sql`` : sql`where ${sql.raw(quoteIdent(key.name))} > ${after}::${sql.raw(key.type)}`}
                order by ${sql.raw(quoteIdent(key.name))} limit ${PAGE_SIZE}`,
          )
        : await queryRows(tx, sql`select ${values} as "row", null as "key" from ${from}`);
      if (page.length === 0) break;
      // Re-serialised so the file's bytes do not depend on how the server spaces its JSON.
      const text = page.map((entry) => `${JSON.stringify(JSON.parse(entry.row))}\n`).join('');
      const chunk = Buffer.from(text, 'utf8');
      hash.update(chunk);
      await output.write(chunk);
      rows += page.length;
      bytes += chunk.length;
      after = page.at(-1)?.key ?? null;
      if (!key || page.length < PAGE_SIZE) break;
    }
  } finally {
    await output.close();
  }
  return { name: table.name, columns: table.columns, rows, bytes, sha256: hash.digest('hex') };
}

/**
 * Keys of the images and thumbnails of uploaded photos, one per line, to report any the store has lost;
 * read a page at a time.
 */
async function dumpPhotoKeys(tx: Queryable, catalog: CatalogTable[], file: string): Promise<void> {
  const output = await open(file, 'wx');
  try {
    const photos = catalog.find((table) => table.name === 'photos');
    const has = (name: string) => photos?.columns.some((column) => column.name === name) ?? false;
    if (!has('id') || !has('object_key') || !has('thumbnail_key') || !has('status')) return;
    let after: string | null = null;
    for (;;) {
      const page: { id: string; objectKey: string; thumbnailKey: string | null }[] = await queryRows(
        tx,
        sql`select id::text as "id", object_key as "objectKey", thumbnail_key as "thumbnailKey" from photos
            where status = 'ready' ${after === null ? sql`` : sql`and id > ${after}::uuid`}
            order by id limit ${PAGE_SIZE}`,
      );
      if (page.length === 0) break;
      const keys = page.flatMap((row) =>
        row.thumbnailKey ? [row.objectKey, row.thumbnailKey] : [row.objectKey],
      );
      await output.write(`${keys.join('\n')}\n`);
      after = page.at(-1)?.id ?? null;
      if (page.length < PAGE_SIZE) break;
    }
  } finally {
    await output.close();
  }
}

/** The photo keys of `keysFile` that are not among the objects written, sorted. */
async function missingObjects(keysFile: string, present: (key: string) => boolean): Promise<string[]> {
  const missing: string[] = [];
  const lines = createInterface({ input: createReadStream(keysFile), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const key of lines) if (key !== '' && !present(key)) missing.push(key);
  return missing.sort();
}

/**
 * Streams every object of the store into the archive, one at a time, in key order (their UTF-8 bytes,
 * as S3 lists them), and writes each one's line of the list to `linesFile`. Returns how many, their
 * bytes, and a check of whether a key was written. The keys are held as bytes (sorted-keys.ts), not
 * strings: the nightly backup runs inside the server, whose heap is 128 MB.
 */
async function addObjects(pack: Pack, store: ObjectStore, linesFile: string) {
  const keys = await SortedKeys.from(store.list());
  // Deleted since it was listed (a photo removed while the backup ran): not in the backup.
  const gone = new Set<string>();
  const lines = await open(linesFile, 'wx');
  let pending = '';
  let count = 0;
  let bytes = 0;
  try {
    for (const key of keys) {
      const object = await store.get(key);
      if (!object) {
        gone.add(key);
        continue;
      }
      const { size, sha256 } = await addEntry(
        pack,
        { name: objectEntryName(key), size: object.size },
        object.body,
      );
      const line: BackupObject = { key, contentType: object.contentType, size, sha256 };
      pending += `${JSON.stringify(line)}\n`;
      if (pending.length >= LINES_PER_WRITE_CHARS) {
        await lines.write(pending);
        pending = '';
      }
      count += 1;
      bytes += size;
    }
    await lines.write(pending);
  } finally {
    await lines.close();
  }
  const present = (key: string) => !gone.has(key) && keys.has(key);
  return { count, bytes, present };
}

/** What the list's lines gather before a write. */
const LINES_PER_WRITE_CHARS = 64 * 1024;

/** Adds one entry of known size to the archive, hashing the bytes on their way through. */
function addEntry(
  pack: Pack,
  header: { name: string; size: number },
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<{ size: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let size = 0;
    const fields: Partial<Header> & { name: string } = { ...header, mode: 0o600, mtime: new Date(0) };
    const entry = pack.entry(fields, (error) => {
      if (error) reject(error);
      else resolve({ size, sha256: hash.digest('hex') });
    });
    (async () => {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        if (!entry.write(chunk)) await new Promise<void>((drained) => entry.once('drain', () => drained()));
      }
      entry.end(undefined);
    })().catch((error: unknown) => {
      entry.destroy(error as Error);
      reject(error);
    });
  });
}
