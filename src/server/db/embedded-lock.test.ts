import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireEmbeddedLock, DatabaseLockedError, processStartTime } from './embedded-lock.ts';

let dataDir: string;
let dbDir: string;
let lockFile: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
  dbDir = path.join(dataDir, 'db');
  lockFile = path.join(dataDir, 'db.lock');
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A pid that surely belongs to no running process: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the embedded database lock', () => {
  it('records its owner and is released', () => {
    const release = acquireEmbeddedLock(dbDir);
    expect(readFileSync(lockFile, 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('keeps a second process out while the owner runs', () => {
    const owner = process.ppid;
    writeFileSync(lockFile, `${owner} ${processStartTime(owner) ?? ''}`.trim());
    expect(() => acquireEmbeddedLock(dbDir)).toThrow(DatabaseLockedError);
    // A lock written before start times were recorded: the pid alone decides.
    writeFileSync(lockFile, String(owner));
    expect(() => acquireEmbeddedLock(dbDir)).toThrow(DatabaseLockedError);
  });

  it('takes over a lock left by a process that died (a crash, a SIGKILL)', () => {
    writeFileSync(lockFile, `${deadPid()} 12345`);
    const release = acquireEmbeddedLock(dbDir);
    expect(readFileSync(lockFile, 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it.skipIf(processStartTime(process.pid) === null)(
    'takes over a lock whose pid now belongs to another process',
    () => {
      // The pid is alive, but it started at another time than the lock's owner did.
      writeFileSync(lockFile, `${process.ppid} 1`);
      const release = acquireEmbeddedLock(dbDir);
      expect(readFileSync(lockFile, 'utf8').split(' ')[0]).toBe(String(process.pid));
      release();
    },
  );
});
