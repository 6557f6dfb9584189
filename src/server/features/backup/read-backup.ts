import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as createExtract } from 'tar-stream';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupManifestHead,
  type BackupObject,
  MANIFEST_ENTRY,
  manifestSchema,
  manifestV1Schema,
  OBJECT_LIST_ENTRY,
  OBJECTS_PREFIX,
  objectEntryName,
  objectSchema,
  TABLES_PREFIX,
  tableEntryName,
} from './backup-format.ts';
import { readJsonLines, readLines, workFile } from './text-lines.ts';

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Read it or leave it: whatever is left unread is skipped before the next entry. */
  body: AsyncIterable<Buffer>;
}

/** The archive's entries in order, decompressed on the fly; a damaged file ends in a BackupError. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = createExtract();
  const feeding = pipeline(createReadStream(file), createGunzip(), extract);
  // The iterator below reports the same failure; this only keeps it from going unhandled.
  feeding.catch(() => {});
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file')
        throw new BackupError(`${file} is not a backup file (unexpected ${entry.header.type} entry).`);
      yield {
        name: entry.header.name,
        size: entry.header.size ?? 0,
        body: readBody(file, entry as AsyncIterable<Buffer>),
      };
      for await (const _ of entry) {
        // Drained: the archive moves on only once this entry has been read to its end.
      }
    }
  } catch (error) {
    throw damaged(file, error);
  } finally {
    extract.destroy();
  }
}

/** An entry's bytes; a read failing half way (a file cut short) is reported as a damaged file. */
async function* readBody(file: string, entry: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* entry;
  } catch (error) {
    throw damaged(file, error);
  }
}

function damaged(file: string, error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  return new BackupError(`${file} is damaged or is not a backup file (${(error as Error).message}).`);
}

/** What a checked backup holds: its manifest without the objects, and how many objects and bytes. */
export interface CheckedBackup {
  manifest: BackupManifestHead;
  objects: { count: number; bytes: number };
}

/** A checked backup with its list of objects kept beside it, for restoreBackup to read in step. */
export interface BackupToRestore extends CheckedBackup {
  /** One object a line (BackupObject as JSON), in the order the file holds them. */
  objectListFile: string;
  /** Removes the kept list. */
  discard(): Promise<void>;
}

/**
 * Reads the whole file once and checks it against its manifest (every entry's size and SHA-256, each
 * table's row count, nothing missing, nothing extra, nothing out of order) before anything is restored
 * from it. What the file holds is kept as running hashes, never entry by entry: a ten-year shop's
 * 600,000 photo files would hold hundreds of megabytes, and the nightly backup is checked inside the
 * server, whose heap is 128 MB. Only when the hashes differ is the file read again, to name the entry
 * that does not match.
 */
export async function verifyBackup(file: string): Promise<CheckedBackup> {
  return checkBackup(file, null);
}

/** verifyBackup, keeping the file's list of objects in a work file that restore reads as it goes. */
export async function checkBackupToRestore(file: string): Promise<BackupToRestore> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  const discard = () => rm(workDir, { recursive: true, force: true });
  const objectListFile = path.join(workDir, OBJECT_LIST_ENTRY);
  try {
    return { ...(await checkBackup(file, objectListFile)), objectListFile, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

interface SeenEntry {
  name: string;
  size: number;
  sha256: string;
  /** A table's rows (its lines); null for an object. */
  lines: number | null;
}

/** One entry as the file holds it or the manifest lists it, in a form both are hashed in. */
const describeEntry = (entry: SeenEntry) =>
  `${entry.name}\u0000${entry.size}\u0000${entry.sha256}\u0000${entry.lines ?? '-'}\n`;

/** A running hash of entries in order, and their count. */
class EntryDigest {
  private readonly hash = createHash('sha256');
  count = 0;
  bytes = 0;

  add(entry: SeenEntry): void {
    this.hash.update(describeEntry(entry));
    this.count += 1;
    this.bytes += entry.size;
  }

  /** Equal digests mean the same entries in the same order. */
  digest(): string {
    return `${this.count}:${this.hash.digest('hex')}`;
  }
}

const objectEntry = (object: BackupObject): SeenEntry => ({
  name: objectEntryName(object.key),
  size: object.size,
  sha256: object.sha256,
  lines: null,
});

/** What one pass over the file saw. */
interface Scan {
  tables: EntryDigest;
  objects: EntryDigest;
  /** Format 2's object list, as its entry holds it. */
  list: { size: number; sha256: string; objects: EntryDigest } | null;
  manifestText: string | null;
}

/**
 * Every entry, hashed and measured as it goes by, in the order a backup must hold them: tables, then
 * objects, then (format 2) their list, then the manifest. `onEntry` sees each table and object;
 * `onListed` each object of the list, which is copied to `listCopy` when one is given.
 */
async function scanArchive(
  file: string,
  handlers: {
    onEntry?: (entry: SeenEntry) => Promise<void>;
    onListed?: (object: BackupObject) => Promise<void>;
  },
  listCopy: string | null,
): Promise<Scan> {
  const scan: Scan = {
    tables: new EntryDigest(),
    objects: new EntryDigest(),
    list: null,
    manifestText: null,
  };
  for await (const entry of readArchive(file)) {
    if (scan.manifestText !== null) throw notListed(file, entry.name);
    if (entry.name === MANIFEST_ENTRY) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      scan.manifestText = Buffer.concat(chunks).toString('utf8');
    } else if (entry.name === OBJECT_LIST_ENTRY) {
      if (scan.list) throw notListed(file, entry.name);
      scan.list = await readObjectList(file, entry.body, handlers.onListed, listCopy);
    } else {
      const table = entry.name.startsWith(TABLES_PREFIX);
      if (!table && !entry.name.startsWith(OBJECTS_PREFIX)) {
        throw new BackupError(`${file} holds entries that are not part of a backup.`);
      }
      // Restore loads entries as they come: tables before objects, objects before their list.
      if (scan.list || (table && scan.objects.count > 0)) throw outOfPlace(file, entry.name);
      const hash = createHash('sha256');
      let size = 0;
      let lines = 0;
      for await (const chunk of entry.body) {
        hash.update(chunk);
        size += chunk.length;
        if (table) for (const byte of chunk) if (byte === 10) lines++;
      }
      const seen = { name: entry.name, size, sha256: hash.digest('hex'), lines: table ? lines : null };
      (table ? scan.tables : scan.objects).add(seen);
      await handlers.onEntry?.(seen);
    }
  }
  return scan;
}

/** Format 2's list of objects, a line at a time: each line checked, hashed as an entry, copied. */
async function readObjectList(
  file: string,
  body: AsyncIterable<Buffer>,
  onListed: ((object: BackupObject) => Promise<void>) | undefined,
  listCopy: string | null,
): Promise<NonNullable<Scan['list']>> {
  const hash = createHash('sha256');
  const copy = listCopy ? workFile(listCopy) : null;
  let size = 0;
  const bytes = async function* () {
    for await (const chunk of body) {
      hash.update(chunk);
      size += chunk.length;
      await copy?.write(chunk);
      yield chunk;
    }
  };
  const objects = new EntryDigest();
  try {
    let line = 0;
    for await (const text of readLines(bytes())) {
      line += 1;
      const object = parseListedObject(file, text, line);
      objects.add(objectEntry(object));
      await onListed?.(object);
    }
  } catch (error) {
    await copy?.close().catch(() => {});
    throw error;
  }
  await copy?.close();
  return { size, sha256: hash.digest('hex'), objects };
}

function parseListedObject(file: string, text: string, line: number): BackupObject {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(
      `${file} has a damaged list of objects (${OBJECT_LIST_ENTRY} line ${line}: not JSON).`,
    );
  }
  const checked = objectSchema.safeParse(json);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  throw new BackupError(
    `${file} has a damaged list of objects (${OBJECT_LIST_ENTRY} line ${line}, ${issue?.path.map(String).join('.')}: ${issue?.message}).`,
  );
}

/** The manifest as the file's format has it: format 1's objects become a list like format 2's. */
interface ReadManifest {
  head: BackupManifestHead;
  /** Format 2: what the manifest says of the list entry. */
  list: { count: number; bytes: number; size: number; sha256: string } | null;
  /** Format 1: the objects the manifest itself lists. */
  objects: BackupObject[] | null;
}

async function checkBackup(file: string, listCopy: string | null): Promise<CheckedBackup> {
  const scan = await scanArchive(file, {}, listCopy);
  if (scan.manifestText === null) {
    throw new BackupError(`${file} has no manifest: it is not a backup, or the backup did not finish.`);
  }
  const manifest = parseManifest(file, scan.manifestText);
  const listed = { tables: new EntryDigest(), objects: new EntryDigest() };
  for (const table of manifest.head.tables) listed.tables.add(tableEntry(table));
  if (manifest.objects) {
    if (scan.list) throw notListed(file, OBJECT_LIST_ENTRY);
    for (const object of manifest.objects) listed.objects.add(objectEntry(object));
    if (listCopy) await writeObjectList(listCopy, manifest.objects);
  } else {
    checkListEntry(file, scan.list, manifest.list);
    if (scan.list) listed.objects = scan.list.objects;
  }
  if (scan.tables.digest() === listed.tables.digest() && scan.objects.digest() === listed.objects.digest()) {
    return { manifest: manifest.head, objects: { count: listed.objects.count, bytes: listed.objects.bytes } };
  }
  await nameTheMismatch(file, manifest);
  throw new BackupError(`${file} changed while it was being checked. Check it again.`);
}

const tableEntry = (table: BackupManifestHead['tables'][number]): SeenEntry => ({
  name: tableEntryName(table.name),
  size: table.bytes,
  sha256: table.sha256,
  lines: table.rows,
});

/** Format 2's list entry against what the manifest says of it. */
function checkListEntry(file: string, seen: Scan['list'], listed: ReadManifest['list']): void {
  if (!listed) return;
  if (!seen) throw new BackupError(`${file} is incomplete: ${OBJECT_LIST_ENTRY} is missing.`);
  if (seen.size !== listed.size || seen.sha256 !== listed.sha256) {
    throw new BackupError(
      `${file} is damaged: the checksum of ${OBJECT_LIST_ENTRY} does not match the manifest.`,
    );
  }
  if (seen.objects.count !== listed.count || seen.objects.bytes !== listed.bytes) {
    throw new BackupError(
      `${file} is damaged: ${OBJECT_LIST_ENTRY} lists ${seen.objects.count} objects of ${seen.objects.bytes} bytes, the manifest ${listed.count} of ${listed.bytes}.`,
    );
  }
}

async function writeObjectList(file: string, objects: BackupObject[]): Promise<void> {
  const output = workFile(file);
  for (const object of objects) await output.write(`${JSON.stringify(object)}\n`);
  await output.close();
}

function parseManifest(file: string, text: string): ReadManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} has a damaged manifest (not JSON).`);
  }
  const head = json as { format?: unknown; version?: unknown };
  if (head?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup of this app.`);
  if (typeof head.version === 'number' && head.version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written in backup format ${head.version}; this version of the app reads formats 1 to ${BACKUP_FORMAT_VERSION}. Update the app first.`,
    );
  }
  if (head.version === 1) return parseManifestV1(file, json);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw damagedManifest(file, parsed.error.issues[0]);
  const { objects, ...rest } = parsed.data;
  return { head: rest, list: { count: objects.count, bytes: objects.bytes, ...objects.list }, objects: null };
}

/** Format 1: each object is checked on its own and kept as JSON.parse made it (zod would copy them all). */
function parseManifestV1(file: string, json: unknown): ReadManifest {
  const parsed = manifestV1Schema.safeParse(json);
  if (!parsed.success) throw damagedManifest(file, parsed.error.issues[0]);
  for (const [index, object] of parsed.data.objects.entries()) {
    const checked = objectSchema.safeParse(object);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw damagedManifest(file, issue && { ...issue, path: ['objects', index, ...issue.path] });
    }
  }
  const { objects, ...rest } = parsed.data;
  return { head: rest, list: null, objects: objects as BackupObject[] };
}

function damagedManifest(file: string, issue: { path: PropertyKey[]; message: string } | undefined) {
  return new BackupError(
    `${file} has a damaged manifest (${issue?.path.map(String).join('.')}: ${issue?.message}).`,
  );
}

function notListed(file: string, name: string): BackupError {
  return new BackupError(`${file} holds ${name}, which its manifest does not list.`);
}

function outOfPlace(file: string, name: string): BackupError {
  return new BackupError(`${file} does not match its manifest: ${name} is out of place.`);
}

/**
 * Reads the file again to name the first entry that differs from the manifest. The objects on both
 * sides go through work files, a line each, and are compared in step: never all in memory.
 */
async function nameTheMismatch(file: string, manifest: ReadManifest): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'shop-backup-check-'));
  const [seenFile, listedFile] = [path.join(workDir, 'seen'), path.join(workDir, 'listed')];
  const line = (entry: SeenEntry) => `${JSON.stringify(entry)}\n`;
  try {
    const seenTables: SeenEntry[] = [];
    const seenObjects = workFile(seenFile);
    const listedObjects = workFile(listedFile);
    await scanArchive(
      file,
      {
        onEntry: async (entry) => {
          if (entry.lines === null) await seenObjects.write(line(entry));
          else seenTables.push(entry);
        },
        onListed: (object) => listedObjects.write(line(objectEntry(object))),
      },
      null,
    );
    for (const object of manifest.objects ?? []) await listedObjects.write(line(objectEntry(object)));
    await Promise.all([seenObjects.close(), listedObjects.close()]);
    compareEntries(file, manifest.head.tables.map(tableEntry), seenTables);
    const seen = readJsonLines<SeenEntry>(seenFile);
    const listed = readJsonLines<SeenEntry>(listedFile);
    for (;;) {
      const [want, got] = [await listed.next(), await seen.next()];
      if (want.done && got.done) return;
      compareEntries(file, want.done ? [] : [want.value], got.done ? [] : [got.value]);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The first difference between the entries the manifest lists and those the file holds, as an error. */
function compareEntries(file: string, expected: SeenEntry[], seen: SeenEntry[]): void {
  for (const [index, want] of expected.entries()) {
    const got = seen[index];
    if (!got) throw new BackupError(`${file} is incomplete: ${want.name} is missing.`);
    if (got.name !== want.name) {
      throw new BackupError(
        `${file} does not match its manifest: found ${got.name} where ${want.name} belongs.`,
      );
    }
    if (got.size !== want.size || got.sha256 !== want.sha256) {
      throw new BackupError(`${file} is damaged: the checksum of ${want.name} does not match the manifest.`);
    }
    if (want.lines !== null && got.lines !== want.lines) {
      throw new BackupError(
        `${file} is damaged: ${want.name} holds ${got.lines} rows, the manifest says ${want.lines}.`,
      );
    }
  }
  const extra = seen[expected.length];
  if (extra) throw notListed(file, extra.name);
}
