// The targets the benchmark judges each database's figures by, and the verdicts.
import type { DatabaseRun, RunKey } from './databases.ts';
import { ADMIN_CONNECTIONS, type ScenarioKey } from './scenarios.ts';

/**
 * Issue 19's targets judge the default install, against PostgreSQL in the same run, and give the
 * verdict. Issue 7's are each database's figures against its own trivial route, reported for every
 * database: on this 2-core machine, where autocannon shares the cores with the server, the trivial
 * route itself measures about 24,000 or about 41,000 req/s from one run to the next, and those shares
 * move with it.
 */
export type TargetGroup = 'issue 19' | 'issue 7';

interface Target {
  group: TargetGroup;
  name: string;
  /** `reference`: the PostgreSQL run of the same bench, for targets relative to it. */
  value(run: DatabaseRun, reference: DatabaseRun | null): number;
  unit: string;
  pass(value: number): boolean;
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

const TARGETS: Target[] = [
  {
    group: 'issue 7',
    name: '304 polling path ≥ 50% of baseline req/s',
    value: (run) => 100 * scenario(run, 'list304').ratioToBaseline,
    unit: '%',
    pass: (v) => v >= 50,
  },
  {
    group: 'issue 7',
    name: '200 list path ≥ 25% of baseline req/s',
    value: (run) => 100 * scenario(run, 'list200').ratioToBaseline,
    unit: '%',
    pass: (v) => v >= 25,
  },
  {
    group: 'issue 7',
    name: '304 polling path p99 < 50 ms (200 connections)',
    value: (run) => scenario(run, 'list304').p99Ms,
    unit: 'ms',
    pass: (v) => v < 50,
  },
  {
    group: 'issue 19',
    name: 'messages p99 < 50 ms (100 connections)',
    value: (run) => scenario(run, 'messages100').p99Ms,
    unit: 'ms',
    pass: (v) => v < 50,
  },
  {
    group: 'issue 7',
    name: `admin first list page p99 < 100 ms (${ADMIN_CONNECTIONS} connections)`,
    value: (run) => scenario(run, 'adminList').p99Ms,
    unit: 'ms',
    pass: (v) => v < 100,
  },
  {
    group: 'issue 7',
    name: `admin summary p99 < 100 ms (${ADMIN_CONNECTIONS} connections)`,
    value: (run) => scenario(run, 'adminSummary').p99Ms,
    unit: 'ms',
    pass: (v) => v < 100,
  },
  {
    group: 'issue 19',
    name: 'zero errors or timeouts (every scenario, 200 connections)',
    value: (run) => run.scenarios.reduce((sum, s) => sum + s.errors, 0),
    unit: '',
    pass: (v) => v === 0,
  },
  {
    group: 'issue 19',
    name: 'every scenario ≥ 80% of PostgreSQL req/s (lowest)',
    value: worstShareOf,
    unit: '%',
    pass: (v) => v >= 80,
  },
  {
    group: 'issue 19',
    name: 'total memory under load < 250 MB (server + database, PSS)',
    value: (run) => run.memory.peakMb,
    unit: 'MB',
    pass: (v) => v < 250,
  },
  {
    group: 'issue 19',
    name: 'total memory idle < 150 MB (server + database, PSS)',
    value: (run) => run.memory.idleMb,
    unit: 'MB',
    pass: (v) => v < 150,
  },
];

/** Each target's value and verdict for each of `keys` (null: not measured). */
export function verdicts(runs: Partial<Record<RunKey, DatabaseRun>>, keys: RunKey[]) {
  const verdict = (target: Target, run: DatabaseRun | undefined) => {
    const value = run ? target.value(run, runs.postgres ?? null) : Number.NaN;
    if (Number.isNaN(value)) return null;
    return { value, pass: target.pass(value) };
  };
  return TARGETS.map((target) => ({
    group: target.group,
    target: target.name,
    unit: target.unit,
    ...Object.fromEntries(keys.map((key) => [key, verdict(target, runs[key])])),
  })) as ({ group: TargetGroup; target: string; unit: string } & Record<
    RunKey,
    { value: number; pass: boolean } | null
  >)[];
}
