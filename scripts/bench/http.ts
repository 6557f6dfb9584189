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
import { benchInterleaved } from './http/interleaved.ts';
import { printRun, printTable } from './http/print.ts';
import { CONNECTIONS, type ScenarioKey } from './http/scenarios.ts';
import { type TargetGroup, verdicts } from './http/targets.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = (process.env.BENCH_ONLY ?? 'embedded,postgres').split(',') as RunKey[];
const CHOSEN_SCENARIOS = process.env.BENCH_SCENARIOS?.split(',') as ScenarioKey[] | undefined;
const SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const PROJECT = path.resolve(import.meta.dirname, '../..');
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
  console.log(
    `${cpus().length} CPUs, Node ${process.version}; ${SECONDS} s per scenario after ${WARM_UP_SECONDS} s warm-up; load average ${load()}`,
  );
  console.log(`Server: node ${[...START.nodeOptions, START.script].join(' ')} (npm start)`);
  build();
  const skipped: Partial<Record<RunKey, string>> = {};
  const loads: Partial<Record<RunKey, string>> = {};
  const prepared: PreparedRun[] = [];
  let runs: Partial<Record<RunKey, DatabaseRun>> = {};
  try {
    for (const key of RUNS) {
      console.log(`\n${LABELS[key]}: seeding (load average ${load()})`);
      loads[key] = load();
      const outcome = key === 'postgres' ? await preparePostgres(POSTGRES_URL) : await prepareEmbedded();
      if ('skipped' in outcome) skipped[key] = outcome.skipped;
      else prepared.push(outcome);
    }
    console.log(`\nEvery scenario on each server in turn (load average ${load()})`);
    runs = await benchInterleaved(
      {
        project: PROJECT,
        serverNodeArgs: SERVER_NODE_ARGS,
        seconds: SECONDS,
        warmUpSeconds: WARM_UP_SECONDS,
        ...(CHOSEN_SCENARIOS ? { scenarios: CHOSEN_SCENARIOS } : {}),
      },
      prepared,
    );
  } finally {
    for (const run of prepared) await run.cleanup();
  }
  for (const key of RUNS) {
    const run = runs[key];
    if (run) printRun(run, SECONDS);
  }

  const results = verdicts(runs, RUNS);
  const show = (v: { value: number; pass: boolean } | null, unit: string) =>
    v === null ? '–' : `${v.value.toFixed(unit === '' ? 0 : 1)}${unit} ${v.pass ? 'PASS' : 'FAIL'}`;
  const printGroup = (group: TargetGroup, heading: string) => {
    console.log(`\n${heading}`);
    printTable(
      ['target', ...RUNS.map((key) => LABELS[key])],
      results
        .filter((r) => r.group === group)
        .map((r) => [r.target, ...RUNS.map((key) => show(r[key], r.unit))]),
    );
  };
  printGroup(
    'issue 7',
    "Issue 7's targets, each database against its own trivial route (reported: the shares follow that route's figure, which moves most from run to run):",
  );
  printGroup(
    'issue 19',
    `Issue 19's targets: the default install must pass every one (load average now ${load()}):`,
  );
  if (runs.embedded) {
    const judged = results
      .filter((r) => r.group === 'issue 19')
      .flatMap((r) => (r.embedded ? [r.embedded] : []));
    const failed = judged.filter((v) => !v.pass).length;
    console.log(
      failed === 0
        ? `\nDefault install: PASS (issue 19's ${judged.length} targets judged)`
        : `\nDefault install: FAIL (${failed} of issue 19's ${judged.length} targets)`,
    );
  }

  const report = {
    startedAt: startedAt.toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverageAtRun: loads },
    connections: CONNECTIONS,
    secondsPerScenario: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    runs: Object.fromEntries(RUNS.map((key) => [key, runs[key] ?? { skipped: skipped[key] }])),
    targets: results,
  };
  const dir = path.join(PROJECT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path.join(dir, `http-${stamp}.json`), json);
  writeFileSync(path.join(dir, 'http-latest.json'), json);
  console.log(`\nWritten to bench-results/http-${stamp}.json and bench-results/http-latest.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
