import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as createExtract } from 'tar-stream';
import { z } from 'zod';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupManifest,
  MANIFEST_ENTRY,
  manifestSchema,
  OBJECTS_PREFIX,
  objectEntryName,
  objectSchema,
  TABLES_PREFIX,
  tableEntryName,
} from './backup-format.ts';

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

/** Every entry but the manifest, hashed and measured as it goes by, and the manifest's text. */
async function scanArchive(file: string, onEntry: (entry: SeenEntry) => void): Promise<string | null> {
  let manifestText: string | null = null;
  for await (const entry of readArchive(file)) {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const table = entry.name.startsWith(TABLES_PREFIX);
    let size = 0;
    let lines = 0;
    for await (const chunk of entry.body) {
      hash.update(chunk);
      size += chunk.length;
      if (entry.name === MANIFEST_ENTRY) chunks.push(chunk);
      else if (table) for (const byte of chunk) if (byte === 10) lines++;
    }
    if (entry.name === MANIFEST_ENTRY) manifestText = Buffer.concat(chunks).toString('utf8');
    else onEntry({ name: entry.name, size, sha256: hash.digest('hex'), lines: table ? lines : null });
  }
  return manifestText;
}

/**
 * Reads the whole file once and checks it against its manifest (every entry's size and SHA-256, each
 * table's row count, nothing missing and nothing extra) before anything is restored from it.
 * What the file holds is kept as one running hash, not entry by entry: a ten-year shop's 600,000 photo
 * files would hold hundreds of megabytes (a nightly backup is checked inside the server). Only when the
 * two differ is the file read again, to name the entry that does not match.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const seen = createHash('sha256');
  let seenCount = 0;
  const manifestText = await scanArchive(file, (entry) => {
    seen.update(describeEntry(entry));
    seenCount += 1;
  });
  if (manifestText === null) {
    throw new BackupError(`${file} has no manifest: it is not a backup, or the backup did not finish.`);
  }
  const manifest = parseManifest(file, manifestText);
  const listed = createHash('sha256');
  let listedCount = 0;
  for (const entry of expectedEntries(manifest)) {
    listed.update(describeEntry(entry));
    listedCount += 1;
  }
  if (seenCount === listedCount && seen.digest('hex') === listed.digest('hex')) return manifest;

  const entries: SeenEntry[] = [];
  await scanArchive(file, (entry) => entries.push(entry));
  checkEntries(file, [...expectedEntries(manifest)], entries);
  throw new BackupError(`${file} changed while it was being checked. Check it again.`);
}

function parseManifest(file: string, text: string): BackupManifest {
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
      `${file} was written in backup format ${head.version}; this version of the app reads format ${BACKUP_FORMAT_VERSION}. Update the app first.`,
    );
  }
  const parsed = manifestHeadSchema.safeParse(json);
  if (!parsed.success) throw damagedManifest(file, parsed.error.issues[0]);
  // Each object is checked on its own and kept as JSON.parse made it: parsed as one array, zod would
  // copy a ten-year shop's 600,000 of them (some 150 MB more, inside the server at night).
  for (const [index, object] of parsed.data.objects.entries()) {
    const checked = objectSchema.safeParse(object);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw damagedManifest(file, issue && { ...issue, path: ['objects', index, ...issue.path] });
    }
  }
  return parsed.data as BackupManifest;
}

/** The manifest with its objects left to be checked one by one. */
const manifestHeadSchema = manifestSchema.extend({ objects: z.array(z.unknown()) });

function damagedManifest(file: string, issue: { path: PropertyKey[]; message: string } | undefined) {
  return new BackupError(
    `${file} has a damaged manifest (${issue?.path.map(String).join('.')}: ${issue?.message}).`,
  );
}

/** The entries the manifest lists, in the order the file must hold them. */
function* expectedEntries(manifest: BackupManifest): Generator<SeenEntry> {
  for (const table of manifest.tables) {
    yield { name: tableEntryName(table.name), size: table.bytes, sha256: table.sha256, lines: table.rows };
  }
  for (const object of manifest.objects) {
    yield { name: objectEntryName(object.key), size: object.size, sha256: object.sha256, lines: null };
  }
}

function checkEntries(file: string, expected: SeenEntry[], seen: SeenEntry[]): void {
  // Restore loads entries as they come, so tables must come in the manifest's (foreign-key) order.
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
  if (extra) throw new BackupError(`${file} holds ${extra.name}, which its manifest does not list.`);
  if (seen.some((entry) => !entry.name.startsWith(TABLES_PREFIX) && !entry.name.startsWith(OBJECTS_PREFIX))) {
    throw new BackupError(`${file} holds entries that are not part of a backup.`);
  }
}
