/**
 * What the app's per-request plumbing costs: `npm run bench:plumbing`.
 *
 * Starts two servers, one process each, on this machine: a bare `node:http` server answering what
 * GET /api/health/live answers (plumbing/bare-server.mjs), and the app's built server as `npm start`
 * runs it (same node options, two malloc arenas, request log on at `info` into a file, metrics on),
 * on a throw-away database on BENCH_DATABASE_URL's server (else TEST_DATABASE_URL's, else the
 * embedded default in a fresh DATA_DIR). autocannon then drives /api/health/live on each in turn,
 * several rounds, and the script prints each round's req/s and p99, the medians, the app's share of
 * the bare server's req/s, and the load average (other work on the machine moves every figure). A third
 * server, the bare one spending BENCH_WORK_MICROS (default 5) of CPU in each request, shows what so
 * much work per answer does to that share (decision 076: about the most that 70 % leaves).
 *
 * Only the server is bundled (esbuild, about a second); the browser app is not built, so the server
 * answers the API only, which is all this measures.
 *
 *   npm run bench:plumbing
 *   BENCH_SECONDS=5 BENCH_ROUNDS=5 npm run bench:plumbing      # per run (default 5) and rounds (default 5)
 *   BENCH_CONNECTIONS=100 npm run bench:plumbing                # autocannon connections (default 100)
 *   BENCH_SERVER_NODE_ARGS=--cpu-prof npm run bench:plumbing    # node options for the app (profiling…)
 *   BENCH_APP_ENV="LOG_LEVEL=warn" npm run bench:plumbing       # extra environment for the app
 *   BENCH_WORK_MICROS=10 npm run bench:plumbing                 # the working bare server's µs per request
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { serverBuildOptions } from '#scripts/server-build-options.mjs';
import { freePort, isHealthy, waitFor } from '#scripts/server-process.mjs';
import { startCommand } from '#scripts/start-command.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARM_UP_SECONDS = 2;
const PATH = '/api/health/live';
const TARGET_SHARE = 0.7;
const WORK_MICROS = Number(process.env.BENCH_WORK_MICROS ?? 5);
const SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const APP_ENV = Object.fromEntries(
  (process.env.BENCH_APP_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PROJECT = path.resolve(import.meta.dirname, '../..');

interface Running {
  child: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

interface Round {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  /** The server process's CPU time (user + system) per answered request: what the machine's load moves least. */
  cpuMicrosPerRequest: number;
}

/** A process's user + system CPU time so far, in microseconds (Linux: /proc/<pid>/stat, in clock ticks). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (name) ".
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100;

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

/** A throw-away database on the given server, or the embedded default when there is none. */
async function throwAwayDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-plumbing-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!POSTGRES_URL) {
    console.log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: the embedded PostgreSQL in a fresh DATA_DIR');
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => removeDir() };
  }
  const name = `shop_plumbing_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      removeDir();
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** `node <args>` with PORT set, its output into `logFile`; resolves once PATH answers 200. */
async function startServer(args: string[], env: Record<string, string>, logFile: string): Promise<Running> {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: PROJECT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  try {
    await waitFor(async () => {
      if (!running()) throw new Error(`${args.join(' ')} exited:\n${readFileSync(logFile, 'utf8')}`);
      return isHealthy(baseUrl, PATH);
    }, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    baseUrl,
    async stop() {
      if (running()) child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (running()) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function drive({ baseUrl, child }: Running, seconds: number): Promise<Round> {
  const cpuBefore = cpuMicros(child.pid ?? 0);
  const result = await autocannon({
    url: `${baseUrl}${PATH}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
  });
  const cpu = cpuMicros(child.pid ?? 0) - cpuBefore;
  const non2xx = (result as unknown as { non2xx: number }).non2xx;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + non2xx,
    cpuMicrosPerRequest: cpu / result.requests.total,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const HEADER = ' round   bare req/s  p99 ms  µs CPU    app req/s  p99 ms  µs CPU   app/bare  load average';

function row(label: string, bare: Round, app: Round, loadAverage: string): string {
  const cells = (r: Round) =>
    `${r.requestsPerSecond.toFixed(0).padStart(12)} ${String(r.p99Ms).padStart(7)} ${r.cpuMicrosPerRequest.toFixed(1).padStart(7)}`;
  return `${label.padStart(6)} ${cells(bare)} ${cells(app)} ${percent(app.requestsPerSecond / bare.requestsPerSecond).padStart(10)}  ${loadAverage}`;
}

function percent(share: number): string {
  return `${(100 * share).toFixed(1)} %`;
}

function countLines(file: string): number {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
}

async function main(): Promise<void> {
  const start = startCommand(PROJECT);
  console.log(
    `${cpus().length} CPUs, Node ${process.version}; ${ROUNDS} rounds of ${SECONDS} s per server, ${CONNECTIONS} connections, GET ${PATH}; load average ${load()}`,
  );
  await build({ ...serverBuildOptions, absWorkingDir: PROJECT });
  const workDir = mkdtempSync(path.join(tmpdir(), 'shop-plumbing-logs-'));
  const appLog = path.join(workDir, 'app.log');
  const database = await throwAwayDatabase();
  const servers: Running[] = [];
  try {
    const bare = await startServer(
      [path.join(import.meta.dirname, 'plumbing/bare-server.mjs')],
      {},
      '/dev/null',
    );
    servers.push(bare);
    const working = await startServer(
      [path.join(import.meta.dirname, 'plumbing/bare-server.mjs')],
      { WORK_MICROS: String(WORK_MICROS) },
      '/dev/null',
    );
    servers.push(working);
    const appArgs = [...start.nodeOptions, ...SERVER_NODE_ARGS, 'dist/server/main.js'];
    console.log(`App: node ${appArgs.join(' ')} (npm start's options), log into ${appLog}`);
    const app = await startServer(
      appArgs,
      {
        MALLOC_ARENA_MAX: '2',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        METRICS_TOKEN: 'bench-plumbing-metrics-token',
        ...database.env,
        ...APP_ENV,
      },
      appLog,
    );
    servers.push(app);
    const linesBefore = countLines(appLog);
    await drive(bare, WARM_UP_SECONDS);
    await drive(app, WARM_UP_SECONDS);
    await drive(working, WARM_UP_SECONDS);
    const rounds: { bare: Round; app: Round; load: string }[] = [];
    const workingShares: number[] = [];
    console.log(`\n${HEADER}`);
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Alternating which goes first, so a trend in the machine's load weighs on both alike.
      const bareFirst = round % 2 === 1;
      const first = await drive(bareFirst ? bare : app, SECONDS);
      const second = await drive(bareFirst ? app : bare, SECONDS);
      const result = { bare: bareFirst ? first : second, app: bareFirst ? second : first, load: load() };
      rounds.push(result);
      console.log(row(String(round), result.bare, result.app, result.load));
      workingShares.push((await drive(working, SECONDS)).requestsPerSecond / result.bare.requestsPerSecond);
    }
    const medianRound = (pick: (r: { bare: Round; app: Round }) => Round): Round => ({
      requestsPerSecond: median(rounds.map((r) => pick(r).requestsPerSecond)),
      p99Ms: median(rounds.map((r) => pick(r).p99Ms)),
      errors: rounds.reduce((sum, r) => sum + pick(r).errors, 0),
      cpuMicrosPerRequest: median(rounds.map((r) => pick(r).cpuMicrosPerRequest)),
    });
    const bareMedian = medianRound((r) => r.bare);
    const appMedian = medianRound((r) => r.app);
    const ratio = median(rounds.map((r) => r.app.requestsPerSecond / r.bare.requestsPerSecond));
    const cpuRatio = bareMedian.cpuMicrosPerRequest / appMedian.cpuMicrosPerRequest;
    const logged = countLines(appLog) - linesBefore;
    console.log(row('median', bareMedian, appMedian, load()));
    console.log(
      `\nThe app's share of bare node:http: ${percent(ratio)} of its req/s (median of the rounds' ratios; target ${percent(TARGET_SHARE)}): ${ratio >= TARGET_SHARE ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `CPU time per request: bare ${bareMedian.cpuMicrosPerRequest.toFixed(1)} µs, app ${appMedian.cpuMicrosPerRequest.toFixed(1)} µs (bare/app ${percent(cpuRatio)}: the share the machine's other load moves least)`,
    );
    console.log(
      `A bare server spending ${WORK_MICROS} µs of CPU in each request: ${percent(median(workingShares))} of the bare server's req/s (what that much work per answer costs under this load)`,
    );
    const errors = bareMedian.errors + appMedian.errors;
    console.log(`Errors and non-2xx answers: ${errors}. The app wrote ${logged} log lines under load.`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await database.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
