import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {}

/**
 * PGlite is single-process: two processes opening the same directory would corrupt it.
 * A lock file holding the owner's pid keeps a second process (a CLI while the server runs) out.
 * After a crash the file stays behind; it is taken over once its pid is no longer the process that
 * wrote it. The pid alone cannot tell: after a restart (a container's above all) pids repeat, so the
 * file also holds the owner's start time where the system tells it (Linux).
 */
export function acquireEmbeddedLock(dbDir: string): () => void {
  mkdirSync(dbDir, { recursive: true });
  const lockFile = path.join(path.dirname(dbDir), `${path.basename(dbDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim());
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid = '', startTime] = readFileSync(lockFile, 'utf8').trim().split(/\s+/);
      const owner = Number(pid);
      if (owner && owner !== process.pid && isRunning(owner, startTime)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dbDir} is in use by a running server (pid ${owner}). ` +
            'Stop the server first, then run this command again.',
        );
      }
      // Left behind by a process that died: take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dbDir}.`);
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the lock still runs: its pid is alive and, when known, started then. */
function isRunning(pid: number, recordedStartTime: string | undefined): boolean {
  if (!isAlive(pid)) return false;
  if (!recordedStartTime) return true;
  const startTime = processStartTime(pid);
  return startTime === null || startTime === recordedStartTime;
}

/** Linux: when the process started, in clock ticks after boot (field 22 of /proc/<pid>/stat); else null. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, is in parentheses and may hold spaces: count from after it (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
