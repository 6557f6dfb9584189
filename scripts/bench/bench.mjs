// `npm run bench`: the benchmarks, with the flags given after `--` passed on.
//
//   npm run bench                        # the busy shop over HTTP, then image processing (as before)
//   npm run bench -- --history           # a decade of history over HTTP (BENCH_HISTORY_YEARS, default 10),
//                                        # then the send-quote call and a 200-line PDF (bench:pdf)
//   npm run bench -- --history --backup  # … then backup and restore of that shop, timed and weighed
//   npm run bench -- --backup            # backup and restore only
//
// Each part is its own script (scripts/bench/*.ts); this one only chooses and runs them in turn.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const KNOWN = ['--history', '--backup'];
const flags = process.argv.slice(2);
const unknown = flags.filter((flag) => !KNOWN.includes(flag));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(' ')}; usage: npm run bench [-- --history] [--backup]`);
  process.exit(2);
}
const history = flags.includes('--history');
const backup = flags.includes('--backup');

const steps = [];
if (!history && !backup) steps.push(['http.ts'], ['image-processing.ts']);
if (history) steps.push(['http.ts', '--history'], ['pdf.ts']);
if (backup) steps.push(['history-backup.ts']);

const project = path.resolve(import.meta.dirname, '../..');
for (const [script, ...args] of steps) {
  const run = spawnSync('npx', ['tsx', path.join('scripts/bench', script), ...args], {
    cwd: project,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
