// The benchmark's tables on the console.
import type { DatabaseRun } from './databases.ts';

export function printRun(run: DatabaseRun, seconds: number): void {
  const m = run.memory;
  console.log(
    `\n${run.database}: ${seconds} s per scenario; memory of server + database (${m.processes} processes): ` +
      `idle ${m.idleMb.toFixed(0)} MB, peak ${m.peakMb.toFixed(0)} MB PSS (${m.peakRssSumMb.toFixed(0)} MB RSS summed); ` +
      `node alone peak RSS ${run.peakRssMb.toFixed(0)} MB`,
  );
  const header = ['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs baseline'];
  const rows = run.scenarios.map((s) => [
    s.name,
    String(s.connections),
    s.requestsPerSecond.toFixed(0),
    s.p50Ms.toFixed(1),
    s.p99Ms.toFixed(1),
    String(s.errors),
    `${(100 * s.ratioToBaseline).toFixed(0)}%`,
  ]);
  printTable(header, rows);
}

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`;
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** The owner's calls side by side: p50 and p95 per database, each p95 judged against `p95TargetMs`. */
export function printOwnerCalls(runs: DatabaseRun[], p95TargetMs: number): void {
  const names = runs[0]?.ownerCalls?.map((call) => call.name) ?? [];
  printTable(
    ['call (one person asking)', ...runs.map((run) => `${run.database}: p50 / p95 ms`)],
    names.map((name) => [
      name,
      ...runs.map((run) => {
        const call = run.ownerCalls?.find((c) => c.name === name);
        if (!call) return '–';
        const verdict =
          call.errors > 0 ? `${call.errors} ERRORS` : call.p95Ms < p95TargetMs ? 'PASS' : 'FAIL';
        return `${call.p50Ms.toFixed(1)} / ${call.p95Ms.toFixed(1)} ${verdict}`;
      }),
    ]),
  );
}
