import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import type { Database } from '#server/db/client.ts';
import { openTestDatabase } from '#server/test-support/app.ts';
import {
  type ArchiveEntryBytes,
  entriesOf,
  withEntry,
  writeArchive,
} from '#server/test-support/backup-archive.ts';
import { fillShop, readObjects, readTables } from '#server/test-support/backup-shop.ts';
import { checkBackupToRestore, verifyBackup } from './read-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-format-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
let fileCount = 0;

async function archive(entries: ArchiveEntryBytes[]): Promise<string> {
  const file = path.join(workDir, `changed-${++fileCount}.tar.gz`);
  await writeArchive(file, entries);
  return file;
}

const lines = (text: string) => text.split('\n').filter(Boolean);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The format 1 file the app wrote until 1 December 2026: every object inside the manifest. */
function asFormat1(entries: ArchiveEntryBytes[]): ArchiveEntryBytes[] {
  const list = entries.find((entry) => entry.name === 'objects.jsonl');
  const objects = lines(list?.body.toString('utf8') ?? '').map((line) => JSON.parse(line));
  return withEntry(
    entries.filter((entry) => entry !== list),
    'manifest.json',
    (text) => JSON.stringify({ ...JSON.parse(text), version: 1, objects }, null, 2),
  );
}

describe('the backup file (format 2)', { timeout: 120_000 }, () => {
  let source: { database: Database; store: DiskObjectStore };
  let file: string;
  let entries: ArchiveEntryBytes[];
  beforeAll(async () => {
    source = {
      database: await openTestDatabase(),
      store: new DiskObjectStore(path.join(workDir, 'objects')),
    };
    await fillShop(source.database.db, source.store);
    file = path.join(workDir, 'shop.tar.gz');
    await writeBackup({ ...source, file });
    entries = await entriesOf(file);
  });
  afterAll(() => source?.database.close());

  it('lists its objects in an entry of their own before the manifest, which only counts them', async () => {
    const names = entries.map((entry) => entry.name);
    const objectNames = names.filter((name) => name.startsWith('objects/'));
    expect(objectNames.length).toBeGreaterThan(0);
    expect(names.slice(-2)).toEqual(['objects.jsonl', 'manifest.json']);
    expect(names.findLastIndex((name) => name.startsWith('tables/'))).toBeLessThan(
      names.indexOf(objectNames[0] ?? ''),
    );

    const list = entries.at(-2)?.body ?? Buffer.alloc(0);
    const listed = lines(list.toString('utf8')).map((line) => JSON.parse(line));
    expect(listed.map((object) => `objects/${object.key}`)).toEqual(objectNames);
    for (const object of listed) {
      const bytes = entries.find((entry) => entry.name === `objects/${object.key}`)?.body ?? Buffer.alloc(0);
      expect(object).toEqual({
        key: object.key,
        contentType: expect.any(String),
        size: bytes.length,
        sha256: sha256(bytes),
      });
    }
    const manifest = JSON.parse(entries.at(-1)?.body.toString('utf8') ?? '');
    expect(manifest.version).toBe(2);
    expect(manifest.objects).toEqual({
      count: listed.length,
      bytes: listed.reduce((sum, object) => sum + object.size, 0),
      list: { size: list.length, sha256: sha256(list) },
    });
    expect(await verifyBackup(file)).toMatchObject({ objects: { count: listed.length } });
  });

  it('still reads and restores a backup of format 1', async () => {
    const old = await archive(asFormat1(entries));
    const current = await verifyBackup(file);
    expect(await verifyBackup(old)).toEqual({ ...current, manifest: { ...current.manifest, version: 1 } });
    const target = {
      database: await openTestDatabase(),
      store: new DiskObjectStore(path.join(workDir, 'old')),
    };
    const backup = await checkBackupToRestore(old);
    try {
      const summary = await restoreBackup({ ...target, file: old, backup, force: false });
      expect(summary.objects).toBe((await readObjects(source.store)).size);
      expect(await readTables(target.database.db)).toEqual(await readTables(source.database.db));
      expect(await readObjects(target.store)).toEqual(await readObjects(source.store));
    } finally {
      await backup.discard();
      await target.database.close();
    }
  });

  it('refuses a list of objects that is missing, changed, or out of place', async () => {
    const withoutList = await archive(entries.filter((entry) => entry.name !== 'objects.jsonl'));
    await expect(verifyBackup(withoutList)).rejects.toThrow(
      `${withoutList} is incomplete: objects.jsonl is missing.`,
    );

    const shorter = await archive(
      withEntry(entries, 'objects.jsonl', (text) => lines(text).slice(1).join('\n')),
    );
    await expect(verifyBackup(shorter)).rejects.toThrow(
      `${shorter} is damaged: the checksum of objects.jsonl does not match the manifest.`,
    );

    // The list and the manifest changed together: the object whose checksum no longer matches is named.
    const [first, ...rest] = lines(entries.at(-2)?.body.toString('utf8') ?? '');
    const object = JSON.parse(first ?? '');
    const lie = `${[JSON.stringify({ ...object, sha256: '0'.repeat(64) }), ...rest].join('\n')}\n`;
    const relisted = withEntry(
      withEntry(entries, 'objects.jsonl', () => lie),
      'manifest.json',
      (text) => {
        const manifest = JSON.parse(text);
        manifest.objects.list = { size: Buffer.byteLength(lie), sha256: sha256(Buffer.from(lie)) };
        return JSON.stringify(manifest);
      },
    );
    const lying = await archive(relisted);
    await expect(verifyBackup(lying)).rejects.toThrow(
      `${lying} is damaged: the checksum of objects/${object.key} does not match the manifest.`,
    );

    // Restore writes objects as they come, with their list read beside them: none may come after it.
    const objectEntry = entries.find((entry) => entry.name.startsWith('objects/')) as ArchiveEntryBytes;
    const late = await archive([
      ...entries.filter((entry) => entry !== objectEntry).slice(0, -1),
      objectEntry,
      entries.at(-1) as ArchiveEntryBytes,
    ]);
    await expect(verifyBackup(late)).rejects.toThrow(
      `${late} does not match its manifest: ${objectEntry.name} is out of place.`,
    );

    const future = await archive(
      withEntry(entries, 'manifest.json', (text) => JSON.stringify({ ...JSON.parse(text), version: 3 })),
    );
    await expect(verifyBackup(future)).rejects.toThrow(
      `${future} was written in backup format 3; this version of the app reads formats 1 to 2. Update the app first.`,
    );
  });
});
