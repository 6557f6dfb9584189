import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** Rows read per query while dumping a table: memory stays flat however big the table is. */
const PAGE_SIZE = 1000;

export interface WriteBackupOptions {
  database: Database;
  store: ObjectStore;
  /** The backup file; written as `<file>.partial-…` and renamed into place once complete. */
  file: string;
}

/**
 * Writes the whole shop (every table, every stored object) to one file. The tables come from one
 * read-only REPEATABLE READ transaction, so they agree with each other; objects are streamed one by one.
 */
export async function writeBackup({ database, store, file }: WriteBackupOptions): Promise<BackupManifest> {
  const migration = await appliedMigration(database.db);
  if (!migration) throw new BackupError('The database has no tables yet: there is nothing to back up.');

  const workDir = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const snapshot = await dumpTables(database, workDir);
    const pack = createPack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    // If writing the file fails, stop feeding the archive at once rather than after every object.
    written.catch((error: unknown) => pack.destroy(error as Error));

    for (const table of snapshot.tables) {
      await addEntry(
        pack,
        { name: tableEntryName(table.name), size: table.bytes },
        createReadStream(dumpFile(workDir, table.name)),
      );
    }
    const objects = await addObjects(pack, store);
    const presentKeys = new Set(objects.map((object) => object.key));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migration: { index: migration.index, tag: migration.tag },
      source: { database: database.driver, objectStore: store.kind },
      tables: snapshot.tables,
      objects,
      missingObjects: snapshot.referencedKeys.filter((key) => !presentKeys.has(key)).sort(),
    };
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(workDir, { recursive: true, force: true });
  }
}

const dumpFile = (workDir: string, table: string) => path.join(workDir, `${table}.jsonl`);

/** Reads every table inside one snapshot into JSON-lines files, and the object keys photo rows name. */
async function dumpTables(database: Database, workDir: string) {
  return database.db.transaction(
    async (tx) => {
      await useExactTextForms(tx);
      const catalog = await readCatalog(tx);
      const tables: BackupTable[] = [];
      for (const table of catalog) tables.push(await dumpTable(tx, table, dumpFile(workDir, table.name)));
      return { tables, referencedKeys: await readPhotoKeys(tx, catalog) };
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

/** Keys of the images and thumbnails of uploaded photos, to report any the store has lost. */
async function readPhotoKeys(tx: Queryable, catalog: CatalogTable[]): Promise<string[]> {
  const photos = catalog.find((table) => table.name === 'photos');
  const has = (name: string) => photos?.columns.some((column) => column.name === name) ?? false;
  if (!has('object_key') || !has('thumbnail_key') || !has('status')) return [];
  const rows = await queryRows<{ objectKey: string; thumbnailKey: string | null }>(
    tx,
    sql`select object_key as "objectKey", thumbnail_key as "thumbnailKey" from photos where status = 'ready'`,
  );
  return rows.flatMap((row) => (row.thumbnailKey ? [row.objectKey, row.thumbnailKey] : [row.objectKey]));
}

/** Streams every object of the store into the archive, one at a time, in key order. */
async function addObjects(pack: Pack, store: ObjectStore): Promise<BackupObject[]> {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  keys.sort();
  const objects: BackupObject[] = [];
  for (const key of keys) {
    const object = await store.get(key);
    // Deleted since it was listed (a photo removed while the backup ran): nothing to keep.
    if (!object) continue;
    const { size, sha256 } = await addEntry(
      pack,
      { name: objectEntryName(key), size: object.size },
      object.body,
    );
    objects.push({ key, contentType: object.contentType, size, sha256 });
  }
  return objects;
}

/** Adds one entry of known size to the archive, hashing the bytes on their way through. */
function addEntry(
  pack: Pack,
  header: { name: string; size: number },
  source: AsyncIterable<Buffer>,
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
