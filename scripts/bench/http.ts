/**
 * How the built server holds up under load: `npm run bench:http`.
 *
 * Builds the app, fills a busy shop (200 customers, 5,000 estimates with vehicles, photos, messages,
 * sessions) and starts the built server on it as `npm start` does, for each database, all at once:
 * the embedded default (PostgreSQL run by the app in a fresh DATA_DIR, decision 052), PostgreSQL (a
 * throw-away database on BENCH_DATABASE_URL's server, dropped afterwards; skipped when that server
 * does not answer). autocannon then drives
 * each scenario over loopback on each server in turn, back to back, so the databases are compared
 * within the same minute;
 * each connection signed in as a different customer, and the script prints req/s, p50/p99, errors,
 * the ratio to a trivial route of the same server and the memory of everything the server runs (the
 * server and any database process it starts: the sum of their PSS, sampled, at its peak and idle),
 * with PASS/FAIL per target, and the verdict for the default install on issue 19's targets. The same
 * figures go to bench-results/http-<time>.json and http-latest.json.
 *
 *   npm run bench:http
 *   BENCH_SECONDS=3 npm run bench:http                   # shorter runs per scenario (default 10)
 *   BENCH_SKIP_BUILD=1 npm run bench:http                # dist/ is already the current build
 *   BENCH_DATABASE_URL=postgres://user@host:5432/db npm run bench:http
 *   BENCH_ONLY=embedded npm run bench:http               # which databases (default embedded,postgres)
 *   BENCH_SCENARIOS=baseline,list304 npm run bench:http  # some scenarios only (keys below)
 *   BENCH_SERVER_NODE_ARGS=--cpu-prof npm run bench:http # node options for the server (profiling…)
 *
 * `npm run bench -- --history` runs the same against a decade of a shop instead (issue "Fast at ten years
 * of history"): BENCH_HISTORY_YEARS years (default 10) seeded by `npm run seed:history` once and kept
 * in bench-results/history/ for the next runs, the customers' polling at 100 connections, and each of the
 * owner's pages asked by one person (p95, BENCH_OWNER_SECONDS each, default 5).
 *
 *   BENCH_HISTORY_YEARS=2 BENCH_SECONDS=3 npm run bench -- --history
 *
 * Both print the trivial route's req/s as a share of a bare node:http server answering the same.
 *
 * It uses dist/: nothing else may build while it runs. The exit code is 0 unless the run itself broke
 * (a failed target is reported, not fatal: figures depend on the machine).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { startCommand } from '#scripts/start-command.mjs';
import {
  type DatabaseRun,
  LABELS,
  type PreparedRun,
  prepareEmbedded,
  preparePostgres,
  type RunKey,
} from './http/databases.ts';
import { prepareHistory } from './http/history-shop.ts';
import { benchInterleaved } from './http/interleaved.ts';
import { printOwnerCalls, printRun, printTable } from './http/print.ts';
import {
  BUSY_SHOP_SCENARIOS,
  CONNECTIONS,
  HISTORY_SCENARIOS,
  type ScenarioKey,
  type ScenarioResult,
} from './http/scenarios.ts';
import { type TargetGroup, verdicts } from './http/targets.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = (process.env.BENCH_ONLY ?? 'embedded,postgres').split(',') as RunKey[];
const CHOSEN_SCENARIOS = process.env.BENCH_SCENARIOS?.split(',') as ScenarioKey[] | undefined;
const SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const PROJECT = path.resolve(import.meta.dirname, '../..');
const HISTORY = process.argv.includes('--history');
const HISTORY_YEARS = Number(process.env.BENCH_HISTORY_YEARS ?? 10);
const OWNER_SECONDS = Number(process.env.BENCH_OWNER_SECONDS ?? Math.min(5, SECONDS));
/** The owner's calls, one person asking: each p95 under this. */
const OWNER_P95_TARGET_MS = 100;
const START = startCommand(PROJECT);

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    console.log('BENCH_SKIP_BUILD=1: using the build already in dist/');
    return;
  }
  console.log('Building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: PROJECT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** The machine's load average: other work on it moves every figure. */
function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

async function main(): Promise<void> {
  const startedAt = new Date();
  if (!Number.isInteger(HISTORY_YEARS) || HISTORY_YEARS < 1 || HISTORY_YEARS > 30) {
    throw new Error('BENCH_HISTORY_YEARS takes a whole number of years from 1 to 30');
  }
  const shop = HISTORY ? `a ${HISTORY_YEARS}-year history shop` : 'the busy shop';
  console.log(`Benchmark of ${shop}`);
  console.log(
    `${cpus().length} CPUs, Node ${process.version}; ${SECONDS} s per scenario after ${WARM_UP_SECONDS} s warm-up; load average ${load()}`,
  );
  console.log(`Server: node ${[...START.nodeOptions, START.script].join(' ')} (npm start)`);
  build();
  const skipped: Partial<Record<RunKey, string>> = {};
  const loads: Partial<Record<RunKey, string>> = {};
  const prepared: PreparedRun[] = [];
  let runs: Partial<Record<RunKey, DatabaseRun>> = {};
  let bare: ScenarioResult | null = null;
  try {
    for (const key of RUNS) {
      console.log(`\n${LABELS[key]}: seeding (load average ${load()})`);
      loads[key] = load();
      const outcome = HISTORY
        ? await prepareHistory(PROJECT, key, HISTORY_YEARS, POSTGRES_URL)
        : key === 'postgres'
          ? await preparePostgres(POSTGRES_URL)
          : await prepareEmbedded();
      if ('skipped' in outcome) skipped[key] = outcome.skipped;
      else prepared.push(outcome);
    }
    console.log(`\nEvery scenario on each server in turn (load average ${load()})`);
    ({ runs, bare } = await benchInterleaved(
      {
        project: PROJECT,
        serverNodeArgs: SERVER_NODE_ARGS,
        seconds: SECONDS,
        warmUpSeconds: WARM_UP_SECONDS,
        scenarios: CHOSEN_SCENARIOS ?? (HISTORY ? HISTORY_SCENARIOS : BUSY_SHOP_SCENARIOS),
        ...(HISTORY ? { ownerSecondsPerCall: OWNER_SECONDS } : {}),
      },
      prepared,
    ));
  } finally {
    for (const run of prepared) await run.cleanup();
  }
  for (const key of RUNS) {
    const run = runs[key];
    if (run) printRun(run, SECONDS);
  }
  if (bare) {
    console.log(
      `\nBare node:http server, same answer as /api/health/live: ${bare.requestsPerSecond.toFixed(0)} req/s, p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms`,
    );
  }

  const results = verdicts(runs, RUNS, bare);
  const show = (v: { value: number; pass: boolean | null } | null, unit: string) =>
    v === null
      ? '–'
      : `${v.value.toFixed(unit === '' ? 0 : 1)}${unit}${v.pass === null ? '' : v.pass ? ' PASS' : ' FAIL'}`;
  const printGroup = (group: TargetGroup, heading: string) => {
    console.log(`\n${heading}`);
    printTable(
      ['target', ...RUNS.map((key) => LABELS[key])],
      results
        .filter((r) => r.groups.includes(group))
        .map((r) => [r.target, ...RUNS.map((key) => show(r[key], r.unit))]),
    );
  };
  const judged = (group: TargetGroup) =>
    results
      .filter((r) => r.groups.includes(group))
      .flatMap((r) => (r.embedded && r.embedded.pass !== null ? [r.embedded] : []));
  if (HISTORY) {
    const measured = RUNS.flatMap((key) => (runs[key] ? [runs[key]] : []));
    console.log(
      `\nThe owner's pages on ${shop}, one person asking, ${OWNER_SECONDS} s each (target p95 < ${OWNER_P95_TARGET_MS} ms):`,
    );
    printOwnerCalls(measured, OWNER_P95_TARGET_MS);
    printGroup('history', `Targets at ${HISTORY_YEARS} years of history (load average now ${load()}):`);
    const failed = judged('history').filter((v) => !v.pass).length;
    if (runs.embedded) {
      console.log(
        failed === 0
          ? `\nDefault install at ${HISTORY_YEARS} years: PASS`
          : `\nDefault install at ${HISTORY_YEARS} years: FAIL (${failed} targets)`,
      );
    }
    return writeReport(startedAt, 'http-history', {
      years: HISTORY_YEARS,
      loads,
      skipped,
      runs,
      bare,
      results,
    });
  }
  printGroup(
    'issue 7',
    "Issue 7's targets, each database against its own trivial route (reported: the shares follow that route's figure, which moves most from run to run):",
  );
  printGroup(
    'issue 19',
    `Issue 19's targets: the default install must pass every one (load average now ${load()}):`,
  );
  if (runs.embedded) {
    const issue19 = judged('issue 19');
    const failed = issue19.filter((v) => !v.pass).length;
    console.log(
      failed === 0
        ? `\nDefault install: PASS (issue 19's ${issue19.length} targets judged)`
        : `\nDefault install: FAIL (${failed} of issue 19's ${issue19.length} targets)`,
    );
  }
  writeReport(startedAt, 'http', { loads, skipped, runs, bare, results });
}

/** The figures as JSON: bench-results/<name>-<time>.json and <name>-latest.json. */
function writeReport(
  startedAt: Date,
  name: string,
  figures: {
    years?: number;
    loads: Partial<Record<RunKey, string>>;
    skipped: Partial<Record<RunKey, string>>;
    runs: Partial<Record<RunKey, DatabaseRun>>;
    bare: ScenarioResult | null;
    results: ReturnType<typeof verdicts>;
  },
): void {
  const report = {
    startedAt: startedAt.toISOString(),
    ...(figures.years ? { historyYears: figures.years } : {}),
    machine: {
      cpus: cpus().length,
      node: process.version,
      loadAverageAtRun: figures.loads,
      loadAverageAtEnd: load(),
    },
    connections: CONNECTIONS,
    secondsPerScenario: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    runs: Object.fromEntries(
      RUNS.map((key) => [key, figures.runs[key] ?? { skipped: figures.skipped[key] }]),
    ),
    bareNodeHttp: figures.bare,
    targets: figures.results,
  };
  const dir = path.join(PROJECT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path.join(dir, `${name}-${stamp}.json`), json);
  writeFileSync(path.join(dir, `${name}-latest.json`), json);
  console.log(`\nWritten to bench-results/${name}-${stamp}.json and bench-results/${name}-latest.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
