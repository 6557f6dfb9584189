// Every database's server at once, each scenario on each in turn: the figures of one bench.
import { randomBytes } from 'node:crypto';
import { type ServerProcess, startServerProcess } from '#scripts/server-process.mjs';
import { startCommand } from '#scripts/start-command.mjs';
import { type DatabaseRun, LABELS, type PreparedRun, type RunKey } from './databases.ts';
import { measureCall, type OwnerCall, ownerCalls } from './owner-pages.ts';
import { peakRssMb, sampleMemory, treeMemoryMb } from './process-memory.ts';
import {
  type People,
  preparePeople,
  runScenario,
  SCENARIOS,
  type ScenarioKey,
  type ScenarioResult,
  summarise,
} from './scenarios.ts';

/** Quiet time after the last server has started, before the first scenario. */
const SETTLE_SECONDS = 10;

export interface BenchOptions {
  /** The root of the project, with the build in dist/. */
  project: string;
  /** Node options for the servers, after `npm start`'s own (profiling…). */
  serverNodeArgs: string[];
  seconds: number;
  warmUpSeconds: number;
  scenarios: ScenarioKey[];
  /** Seconds per owner's call, one person asking (the history bench); unset: not measured. */
  ownerSecondsPerCall?: number;
}

export interface BenchOutcome {
  runs: Partial<Record<RunKey, DatabaseRun>>;
  /** The trivial route's figures on a bare node:http server, the floor it is compared with. */
  bare: ScenarioResult | null;
}

/** A bare node:http server answering what the trivial route answers. */
function startBareServer(options: BenchOptions): Promise<ServerProcess> {
  return startServerProcess({
    args: [new URL('./bare-server.mjs', import.meta.url).pathname],
    cwd: options.project,
    healthPath: '/api/health/live',
    startTimeoutMs: 30_000,
  });
}

/** The built server as `npm start` runs it (default log level, its node options and script), on loopback. */
function startServer(options: BenchOptions, env: Record<string, string>): Promise<ServerProcess> {
  // `npm start`'s node options (heap sizes) and script (the build in dist/, two malloc arenas on Linux).
  const start = startCommand(options.project);
  return startServerProcess({
    args: [...start.nodeOptions, ...options.serverNodeArgs, start.script],
    cwd: options.project,
    env: { NODE_ENV: 'production', ...env },
    // Generous: on a loaded machine loading the server's code alone has taken 15 s, and the embedded
    // PostgreSQL starts beside it.
    startTimeoutMs: 180_000,
  });
}

/** A started server with its people signed in, its memory sampled, and its figures so far. */
interface LiveRun {
  prepared: PreparedRun;
  server: ServerProcess;
  root: number;
  idle: { pssMb: number };
  sampler: ReturnType<typeof sampleMemory>;
  people: People;
  scenarios: ScenarioResult[];
  baseline: number | null;
  ownerCalls: DatabaseRun['ownerCalls'];
}

async function startRun(options: BenchOptions, prepared: PreparedRun): Promise<LiveRun> {
  const secret = randomBytes(32).toString('hex');
  const server = await startServer(options, { ...prepared.env, SESSION_SECRET: secret });
  const root = server.child.pid ?? 0;
  // Idle: started, the database open, a few seconds without requests.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idle = treeMemoryMb(root);
  console.log(
    `  ${LABELS[prepared.key]} idle: ${idle.pssMb.toFixed(0)} MB in ${idle.processes} processes (PSS)`,
  );
  const people = await preparePeople(server.baseUrl, prepared.data, secret);
  return {
    prepared,
    server,
    root,
    idle,
    sampler: sampleMemory(root),
    people,
    scenarios: [],
    baseline: null,
    ownerCalls: [],
  };
}

function finishRun(live: LiveRun): DatabaseRun {
  const peak = live.sampler.stop();
  return {
    database: LABELS[live.prepared.key],
    scenarios: live.scenarios,
    ownerCalls: live.ownerCalls,
    peakRssMb: peakRssMb(live.root),
    memory: {
      idleMb: live.idle.pssMb,
      peakMb: peak.pssMb,
      peakRssSumMb: peak.rssMb,
      processes: peak.processes,
    },
  };
}

/**
 * Every server runs at once (an idle one costs the other nothing), and each scenario runs on one
 * server, then the next, back to back, taking turns at going first: the machine's speed drifts over
 * minutes by more than the databases differ, and this way every comparison is taken within the same
 * minute.
 */
export async function benchInterleaved(
  options: BenchOptions,
  prepared: PreparedRun[],
): Promise<BenchOutcome> {
  const lives: LiveRun[] = [];
  let bareServer: ServerProcess | null = null;
  let bare: ScenarioResult | null = null;
  try {
    for (const run of prepared) lives.push(await startRun(options, run));
    bareServer = await startBareServer(options);
    // A server that has just started and gone idle compacts its heap a few seconds later (V8's memory
    // reducer); measured then, the other server's first scenario lost a third of its rate to it.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const chosen = SCENARIOS.filter((s) => options.scenarios.includes(s.key));
    for (const [index, scenario] of chosen.entries()) {
      // Each server goes first in every other scenario: the first of a pair must not always be the one
      // that meets whatever the machine was still doing.
      for (const live of index % 2 === 0 ? lives : [...lives].reverse()) {
        await runScenario(live.server.baseUrl, scenario, live.people, options.warmUpSeconds);
        const raw = await runScenario(live.server.baseUrl, scenario, live.people, options.seconds);
        const result = summarise(scenario, raw, live.baseline);
        if (scenario.key === 'baseline') live.baseline = result.requestsPerSecond;
        live.scenarios.push(result);
        console.log(
          `  ${LABELS[live.prepared.key]}: ${scenario.name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms, ${result.errors} errors`,
        );
      }
      if (scenario.key === 'baseline') {
        await runScenario(bareServer.baseUrl, scenario, NO_PEOPLE, options.warmUpSeconds);
        const raw = await runScenario(bareServer.baseUrl, scenario, NO_PEOPLE, options.seconds);
        bare = { ...summarise(scenario, raw, null), name: 'bare node:http, same answer' };
        console.log(`  bare node:http: ${Math.round(bare.requestsPerSecond)} req/s, p99 ${bare.p99Ms} ms`);
      }
    }
    await bareServer.stop();
    bareServer = null;
    if (options.ownerSecondsPerCall) await measureOwnerCalls(lives, options.ownerSecondsPerCall);
    return { runs: Object.fromEntries(lives.map((live) => [live.prepared.key, finishRun(live)])), bare };
  } finally {
    await bareServer?.stop();
    for (const live of lives) await live.server.stop();
  }
}

const NO_PEOPLE: People = { customers: [], adminCookie: '' };

/** Each owner's call on each server in turn, one person asking. */
async function measureOwnerCalls(lives: LiveRun[], seconds: number): Promise<void> {
  const callsOf = new Map<LiveRun, OwnerCall[]>();
  for (const live of lives) callsOf.set(live, await ownerCalls(live.server.baseUrl, live.people.adminCookie));
  const count = callsOf.get(lives[0] as LiveRun)?.length ?? 0;
  for (let index = 0; index < count; index++) {
    for (const live of index % 2 === 0 ? lives : [...lives].reverse()) {
      const call = callsOf.get(live)?.[index];
      if (!call) continue;
      const result = await measureCall(live.server.baseUrl, live.people.adminCookie, call, { seconds });
      live.ownerCalls?.push(result);
      console.log(
        `  ${LABELS[live.prepared.key]}: ${call.name}: p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms (${result.requests} asks, ${result.errors} errors)`,
      );
    }
  }
}
