// The targets the benchmark judges each database's figures by, and the verdicts.
import type { DatabaseRun, RunKey } from './databases.ts';
import { ADMIN_CONNECTIONS, type ScenarioKey, type ScenarioResult } from './scenarios.ts';

/**
 * Issue 19's targets judge the default install, against PostgreSQL in the same run, and give the
 * verdict. Issue 7's are each database's figures against its own trivial route, reported for every
 * database: on this 2-core machine, where autocannon shares the cores with the server, the trivial
 * route itself measures about 24,000 or about 41,000 req/s from one run to the next, and those shares
 * move with it.
 */
export type TargetGroup = 'issue 19' | 'issue 7' | 'history';

interface Target {
  groups: TargetGroup[];
  name: string;
  /**
   * `reference`: the PostgreSQL run of the same bench, for targets relative to it; `bare`: the trivial
   * route on a bare node:http server.
   */
  value(run: DatabaseRun, reference: DatabaseRun | null, bare: ScenarioResult | null): number;
  unit: string;
  /** Unset: a figure reported, not judged. */
  pass?(value: number): boolean;
}

/** A scenario left out by BENCH_SCENARIOS has no figures (NaN): its targets are not judged. */
const scenario = (run: DatabaseRun, key: ScenarioKey) =>
  run.scenarios.find((s) => s.key === key) ?? {
    ratioToBaseline: Number.NaN,
    p99Ms: Number.NaN,
    requestsPerSecond: Number.NaN,
  };

/** The lowest share of PostgreSQL's req/s any scenario reaches (issue 19: every one at 80% or more). */
function worstShareOf(run: DatabaseRun, reference: DatabaseRun | null): number {
  if (!reference || reference === run) return Number.NaN;
  const shares = run.scenarios
    .map((s) => s.requestsPerSecond / scenario(reference, s.key).requestsPerSecond)
    .filter((share) => !Number.isNaN(share));
  return shares.length > 0 ? 100 * Math.min(...shares) : Number.NaN;
}

/** The slowest of the owner's calls, one person asking (history bench): its p95. */
function slowestOwnerCall(run: DatabaseRun): number {
  const p95s = (run.ownerCalls ?? []).map((call) => call.p95Ms);
  return p95s.length > 0 ? Math.max(...p95s) : Number.NaN;
}

const TARGETS: Target[] = [
  {
    groups: ['history'],
    name: "customers' list poll (304) p99 < 50 ms (100 connections)",
    value: (run) => scenario(run, 'list304at100').p99Ms,
    unit: 'ms',
    pass: (v) => v < 50,
  },
  {
    groups: ['history'],
    name: "every owner's call p95 < 100 ms, one person (slowest)",
    value: slowestOwnerCall,
    unit: 'ms',
    pass: (v) => v < 100,
  },
  {
    groups: ['issue 7', 'history'],
    name: 'trivial route req/s as % of bare node:http (reported)',
    value: (run, _reference, bare) =>
      100 * (scenario(run, 'baseline').requestsPerSecond / (bare?.requestsPerSecond ?? Number.NaN)),
    unit: '%',
  },
  {
    groups: ['issue 7'],
    name: '304 polling path ≥ 50% of baseline req/s',
    value: (run) => 100 * scenario(run, 'list304').ratioToBaseline,
    unit: '%',
    pass: (v) => v >= 50,
  },
  {
    groups: ['issue 7'],
    name: '200 list path ≥ 25% of baseline req/s',
    value: (run) => 100 * scenario(run, 'list200').ratioToBaseline,
    unit: '%',
    pass: (v) => v >= 25,
  },
  {
    groups: ['issue 7'],
    name: '304 polling path p99 < 50 ms (200 connections)',
    value: (run) => scenario(run, 'list304').p99Ms,
    unit: 'ms',
    pass: (v) => v < 50,
  },
  {
    groups: ['issue 19'],
    name: 'messages p99 < 50 ms (100 connections)',
    value: (run) => scenario(run, 'messages100').p99Ms,
    unit: 'ms',
    pass: (v) => v < 50,
  },
  {
    // The estimate page's poll, as the browser sends it: with the thread's tag (the full answer, the
    // first time the page opens, is in the scenario table).
    groups: ['history'],
    name: 'messages poll, unchanged (304) p99 < 50 ms (100 connections)',
    value: (run) => scenario(run, 'messages304at100').p99Ms,
    unit: 'ms',
    pass: (v) => v < 50,
  },
  {
    groups: ['issue 7'],
    name: `admin first list page p99 < 100 ms (${ADMIN_CONNECTIONS} connections)`,
    value: (run) => scenario(run, 'adminList').p99Ms,
    unit: 'ms',
    pass: (v) => v < 100,
  },
  {
    groups: ['issue 7'],
    name: `admin summary p99 < 100 ms (${ADMIN_CONNECTIONS} connections)`,
    value: (run) => scenario(run, 'adminSummary').p99Ms,
    unit: 'ms',
    pass: (v) => v < 100,
  },
  {
    groups: ['issue 19', 'history'],
    name: 'zero errors or timeouts (every scenario)',
    value: (run) => run.scenarios.reduce((sum, s) => sum + s.errors, 0),
    unit: '',
    pass: (v) => v === 0,
  },
  {
    groups: ['issue 19'],
    name: 'every scenario ≥ 80% of PostgreSQL req/s (lowest)',
    value: worstShareOf,
    unit: '%',
    pass: (v) => v >= 80,
  },
  {
    groups: ['issue 19', 'history'],
    name: 'total memory under load < 250 MB (server + database, PSS)',
    value: (run) => run.memory.peakMb,
    unit: 'MB',
    pass: (v) => v < 250,
  },
  {
    groups: ['issue 19'],
    name: 'total memory idle < 150 MB (server + database, PSS)',
    value: (run) => run.memory.idleMb,
    unit: 'MB',
    pass: (v) => v < 150,
  },
];

/** Each target's value and verdict for each of `keys` (null: not measured; pass null: reported only). */
export function verdicts(
  runs: Partial<Record<RunKey, DatabaseRun>>,
  keys: RunKey[],
  bare: ScenarioResult | null,
) {
  const verdict = (target: Target, run: DatabaseRun | undefined) => {
    const value = run ? target.value(run, runs.postgres ?? null, bare) : Number.NaN;
    if (Number.isNaN(value)) return null;
    return { value, pass: target.pass ? target.pass(value) : null };
  };
  return TARGETS.map((target) => ({
    groups: target.groups,
    target: target.name,
    unit: target.unit,
    ...Object.fromEntries(keys.map((key) => [key, verdict(target, runs[key])])),
  })) as ({ groups: TargetGroup[]; target: string; unit: string } & Record<
    RunKey,
    { value: number; pass: boolean | null } | null
  >)[];
}
