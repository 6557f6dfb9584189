import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { openDatabase } from '#server/db/client.ts';
import { acquireEmbeddedLock } from '#server/db/embedded-lock.ts';
import { verifyBackup } from '#server/features/backup/read-backup.ts';
import { projectPath } from '#server/project-path.ts';
import { entriesOf, withEntry, writeArchive } from '#server/test-support/backup-archive.ts';
import { fillShop, readObjects, readTables } from '#server/test-support/backup-shop.ts';
import { embeddedDatabaseConfig } from '#server/test-support/embedded-database.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-cli-'));
const shopDir = path.join(workDir, 'shop');
const copyDir = path.join(workDir, 'copy');
const backupFile = path.join(workDir, 'shop.tar.gz');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function run(command: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', projectPath(`src/server/cli/${command}.ts`), ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
      encoding: 'utf8',
      cwd: projectPath(),
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function readShop(dataDir: string) {
  const database = await openDatabase(embeddedDatabaseConfig(dataDir));
  try {
    return {
      tables: await readTables(database.db),
      objects: await readObjects(new DiskObjectStore(path.join(dataDir, 'objects'))),
    };
  } finally {
    await database.close();
  }
}

// The embedded database and its lock are what these commands must handle; PostgreSQL runs the same code.
describe('npm run backup / npm run restore', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const database = await openDatabase(embeddedDatabaseConfig(shopDir));
    await database.migrate();
    await fillShop(database.db, new DiskObjectStore(path.join(shopDir, 'objects')));
    await database.close();
  });

  it('refuses missing arguments and an existing file, before touching the database', () => {
    const noOut = run('backup', shopDir);
    expect(noOut.status).toBe(1);
    expect(noOut.stderr).toContain(
      'Error: --out is required.\nUsage: npm run backup -- --out FILE [--force]',
    );
    const noIn = run('restore', copyDir);
    expect(noIn.status).toBe(1);
    expect(noIn.stderr).toContain('Error: --in is required.\nUsage: npm run restore -- --in FILE [--force]');
    const missing = run('restore', copyDir, '--in', path.join(workDir, 'none.tar.gz'));
    expect(missing.stderr).toContain(`Error: ${path.join(workDir, 'none.tar.gz')} does not exist.`);

    writeFileSync(path.join(workDir, 'taken.tar.gz'), 'something else');
    const taken = run('backup', shopDir, '--out', path.join(workDir, 'taken.tar.gz'));
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('already exists. Choose another name, or add --force to overwrite it.');
  });

  it('backs up one data folder and restores it into another, every row and every object', async () => {
    const backup = run('backup', shopDir, '--out', backupFile);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/Backup written to .*shop\.tar\.gz: \d+ rows in \d+ tables, 7 objects/);

    const restore = run('restore', copyDir, '--in', backupFile);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/Restored the backup of .*: \d+ rows, 7 objects\./);

    const [original, copy] = [await readShop(shopDir), await readShop(copyDir)];
    expect(copy.tables).toEqual(original.tables);
    expect(copy.objects).toEqual(original.objects);
  });

  it('refuses to restore over data without --force, and while a server holds the database', () => {
    const again = run('restore', copyDir, '--in', backupFile);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      /Error: The target already holds data \(\d+ rows in users, .*\)\. Run restore with --force/,
    );

    const release = acquireEmbeddedLock(path.join(copyDir, 'postgres'));
    try {
      const locked = run('restore', copyDir, '--in', backupFile, '--force');
      expect(locked.status).toBe(1);
      expect(locked.stderr).toContain('is in use by a running server');
      expect(locked.stderr).toContain('Stop the server first');
    } finally {
      release();
    }
  });

  it('refuses a damaged file before it touches anything', async () => {
    const bytes = readFileSync(backupFile);
    const cut = path.join(workDir, 'cut.tar.gz');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(verifyBackup(cut)).rejects.toThrow(`${cut} is damaged or is not a backup file`);

    const flipped = path.join(workDir, 'flipped.tar.gz');
    const changed = Buffer.from(bytes);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = (changed[middle] ?? 0) ^ 0xff;
    writeFileSync(flipped, changed);
    await expect(verifyBackup(flipped)).rejects.toThrow(`${flipped} is damaged`);

    const notBackup = path.join(workDir, 'notes.txt');
    writeFileSync(notBackup, 'just some notes');
    await expect(verifyBackup(notBackup)).rejects.toThrow('is damaged or is not a backup file');

    // A well-formed archive whose contents no longer match the manifest's checksums.
    const entries = await entriesOf(backupFile);
    const edited = withEntry(entries, 'tables/users.jsonl', (text) =>
      text.replace('boss@shop.test', 'evil@shop.test'),
    );
    const tampered = path.join(workDir, 'tampered.tar.gz');
    await writeArchive(tampered, edited);
    await expect(verifyBackup(tampered)).rejects.toThrow(
      `${tampered} is damaged: the checksum of tables/users.jsonl does not match the manifest.`,
    );
    const viaCommand = run('restore', copyDir, '--in', tampered, '--force');
    expect(viaCommand.status).toBe(1);
    expect(viaCommand.stderr).toContain('the checksum of tables/users.jsonl does not match the manifest');

    const withoutManifest = path.join(workDir, 'unfinished.tar.gz');
    await writeArchive(withoutManifest, entries.slice(0, -1));
    await expect(verifyBackup(withoutManifest)).rejects.toThrow('has no manifest');

    const withoutPhoto = path.join(workDir, 'short.tar.gz');
    await writeArchive(
      withoutPhoto,
      entries.filter((entry) => entry.name !== 'objects/photos/every-byte.png'),
    );
    await expect(verifyBackup(withoutPhoto)).rejects.toThrow('does not match its manifest');

    // A list of objects that is itself damaged is named down to the line and the field.
    const damagedList = path.join(workDir, 'damaged-list.tar.gz');
    await writeArchive(
      damagedList,
      withEntry(entries, 'objects.jsonl', (text) =>
        text.replace(/"sha256":"[0-9a-f]+"/, '"sha256":"not a checksum"'),
      ),
    );
    await expect(verifyBackup(damagedList)).rejects.toThrow(
      `${damagedList} has a damaged list of objects (objects.jsonl line 1, sha256: `,
    );
  });

  it('refuses a backup made by a newer version of the app', async () => {
    const entries = await entriesOf(backupFile);
    const newer = withEntry(entries, 'manifest.json', (text) =>
      JSON.stringify({ ...JSON.parse(text), migration: { index: 99, tag: '0099_from_the_future' } }),
    );
    const file = path.join(workDir, 'newer.tar.gz');
    await writeArchive(file, newer);
    const result = run('restore', copyDir, '--in', file, '--force');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Error: This backup comes from a newer version of the app (migration 0099_from_the_future',
    );
  });
});
