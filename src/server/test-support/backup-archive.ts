import { readFileSync, writeFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/** A backup file's entries in order, whole, for making changed copies of it. */
export interface ArchiveEntryBytes {
  name: string;
  body: Buffer;
}

export async function entriesOf(file: string): Promise<ArchiveEntryBytes[]> {
  const entries: ArchiveEntryBytes[] = [];
  const reader = extract();
  reader.end(gunzipSync(readFileSync(file)));
  for await (const entry of reader) entries.push({ name: entry.header.name, body: await buffer(entry) });
  return entries;
}

export async function writeArchive(file: string, entries: ArchiveEntryBytes[]): Promise<void> {
  const writer = pack();
  for (const entry of entries) writer.entry({ name: entry.name }, entry.body);
  writer.finalize();
  writeFileSync(file, gzipSync(await buffer(writer)));
}

/** The entries with one entry's body replaced by what `change` makes of its text. */
export function withEntry(
  entries: ArchiveEntryBytes[],
  name: string,
  change: (text: string) => string,
): ArchiveEntryBytes[] {
  return entries.map((entry) =>
    entry.name === name ? { name, body: Buffer.from(change(entry.body.toString('utf8'))) } : entry,
  );
}
