/**
 * Backups at size: `npm run backup` and `npm run restore` of the history shop (BENCH_HISTORY_YEARS,
 * default 10, on the embedded default; seeded once and kept like the history bench's), each timed, its
 * memory sampled over its whole process tree (the command and the embedded PostgreSQL it starts, PSS
 * summed, peak) and the file weighed. The backup and the check a scheduled backup gets (verifyBackup) run
 * with `npm start`'s node options, since the server makes its scheduled backups itself: a step that needs
 * more than the server's heap fails here. The restore goes into a fresh DATA_DIR, removed afterwards with
 * the file (BENCH_KEEP_BACKUP=1 keeps both).
 *
 *   npm run bench -- --backup
 *   BENCH_HISTORY_YEARS=2 npx tsx scripts/bench/history-backup.ts
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startCommand } from '#scripts/start-command.mjs';
import { openDatabase } from '#server/db/client.ts';
import { databaseConfig, ensureSeeded, type HistoryShop, historyShop } from './http/history-shop.ts';
import { printTable } from './http/print.ts';
import { peakRssMb, sampleMemory } from './http/process-memory.ts';

const PROJECT = path.resolve(import.meta.dirname, '../..');
const YEARS = Number(process.env.BENCH_HISTORY_YEARS ?? 10);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KEEP = process.env.BENCH_KEEP_BACKUP === '1';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

interface CommandFigures {
  seconds: number;
  /** The command's process tree (node and the embedded PostgreSQL it starts), PSS summed, at its peak. */
  peakPssMb: number;
  /** The node process alone: its kernel high-water mark. */
  nodePeakRssMb: number;
  output: string;
  loadAverageBefore: string;
}

/**
 * `node <nodeOptions> --import tsx <script> <args>` in `env`, timed and weighed: a command as `npm run`
 * runs it (one process: npm's and tsx's own wrapper processes left out of the memory).
 */
function runScript(nodeOptions: string[], script: string, args: string[], env: Record<string, string>) {
  return new Promise<CommandFigures>((resolve, reject) => {
    const loadAverageBefore = load();
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script, ...args], {
      cwd: PROJECT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sampler = sampleMemory(child.pid ?? 0);
    let output = '';
    let nodePeak = Number.NaN;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    // The high-water mark is read while the process is still there, twice a second.
    // A process that has ended but not been reaped has no VmHWM any more (NaN): the last reading stands.
    const hwm = setInterval(() => {
      try {
        const now = peakRssMb(child.pid ?? 0);
        if (!Number.isNaN(now)) nodePeak = now;
      } catch {
        // Ended meanwhile.
      }
    }, 500);
    child.on('exit', (code) => {
      clearInterval(hwm);
      const peak = sampler.stop();
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) reject(new Error(`${script} exited ${code}:\n${output}`));
      else
        resolve({
          seconds,
          peakPssMb: peak.pssMb,
          nodePeakRssMb: nodePeak,
          output: output.trim(),
          loadAverageBefore,
        });
    });
  });
}

async function countRows(shop: HistoryShop): Promise<Record<string, number>> {
  const database = await openDatabase(databaseConfig(shop));
  try {
    const { rows } = (await database.db.execute(sql`select
      (select count(*) from users)::int as users, (select count(*) from estimates)::int as estimates,
      (select count(*) from messages)::int as messages, (select count(*) from photos)::int as photos`)) as unknown as {
      rows: Record<string, number>[];
    };
    return rows[0] ?? {};
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  console.log(
    `Backup and restore of a ${YEARS}-year history shop (embedded default); ${cpus().length} CPUs, Node ${process.version}, load average ${load()}`,
  );
  const shop = historyShop(PROJECT, 'embedded', YEARS, POSTGRES_URL);
  const seeded = await ensureSeeded(PROJECT, shop, POSTGRES_URL);
  const work = path.join(path.dirname(path.dirname(shop.marker)), `backup-${startedAt.getTime()}`);
  mkdirSync(work, { recursive: true });
  const file = path.join(work, 'shop.tar.gz');
  const restored: HistoryShop = { ...shop, dataDir: path.join(work, 'restored') };
  try {
    // A scheduled backup is written and checked inside the server: with its heap, not a command's.
    const { nodeOptions } = startCommand(PROJECT);
    const heap = nodeOptions.join(' ');
    console.log(`npm run backup, with the server's node options (${heap})…`);
    const backup = await runScript(nodeOptions, 'src/server/cli/backup.ts', ['--out', file], {
      DATA_DIR: shop.dataDir,
      DATABASE_URL: '',
      S3_BUCKET: '',
    });
    const fileMb = statSync(file).size / 1_048_576;
    console.log(`  ${backup.output}`);
    console.log(`The nightly check (verifyBackup), with the server's node options…`);
    const check = await runScript(nodeOptions, 'scripts/bench/verify-backup.ts', [file], {});
    console.log(`  ${check.output}`);
    console.log('npm run restore into a fresh DATA_DIR…');
    const restore = await runScript([], 'src/server/cli/restore.ts', ['--in', file], {
      DATA_DIR: restored.dataDir,
      DATABASE_URL: '',
      S3_BUCKET: '',
    });
    console.log(`  ${restore.output}`);
    const [before, after] = [await countRows(shop), await countRows(restored)];
    const same = JSON.stringify(before) === JSON.stringify(after);
    console.log(
      `Rows before ${JSON.stringify(before)}, after ${JSON.stringify(after)}: ${same ? 'the same' : 'DIFFERENT'}`,
    );

    console.log(
      `\nA ${YEARS}-year shop (${seeded.output.split('\n')[0] ?? ''}), load average now ${load()}:`,
    );
    printTable(
      ['step', 'time', 'file', 'peak memory (PSS, tree)', 'node peak RSS', 'load average before'],
      [
        ['seed:history (earlier run)', `${seeded.seconds.toFixed(0)} s`, '', '', '', ''],
        [
          `npm run backup (${heap})`,
          `${backup.seconds.toFixed(1)} s`,
          `${fileMb.toFixed(0)} MB`,
          `${backup.peakPssMb.toFixed(0)} MB`,
          `${backup.nodePeakRssMb.toFixed(0)} MB`,
          backup.loadAverageBefore,
        ],
        [
          `the nightly check (${heap})`,
          `${check.seconds.toFixed(1)} s`,
          '',
          `${check.peakPssMb.toFixed(0)} MB`,
          `${check.nodePeakRssMb.toFixed(0)} MB`,
          check.loadAverageBefore,
        ],
        [
          'npm run restore',
          `${restore.seconds.toFixed(1)} s`,
          '',
          `${restore.peakPssMb.toFixed(0)} MB`,
          `${restore.nodePeakRssMb.toFixed(0)} MB`,
          restore.loadAverageBefore,
        ],
      ],
    );
    const report = {
      startedAt: startedAt.toISOString(),
      years: YEARS,
      machine: { cpus: cpus().length, node: process.version, loadAverageAtEnd: load() },
      seeded,
      backup: { ...backup, fileMb },
      check,
      restore,
      rows: { before, after, same },
    };
    const dir = path.join(PROJECT, 'bench-results');
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(
      path.join(dir, `history-backup-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`),
      json,
    );
    writeFileSync(path.join(dir, 'history-backup-latest.json'), json);
    console.log('\nWritten to bench-results/history-backup-latest.json');
    if (!same) process.exitCode = 1;
  } finally {
    if (KEEP) console.log(`Kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
