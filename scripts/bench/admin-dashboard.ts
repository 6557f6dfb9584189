/**
 * How fast the admin dashboard answers with a busy shop's data: 200 customers, 5,000 estimates
 * with vehicles, photos, messages and payments (the data of `npm run bench:http`). Builds a
 * throw-away embedded PostgreSQL (and, when BENCH_DATABASE_URL names a PostgreSQL server, a
 * throw-away database there too), starts the app in this process on 127.0.0.1 and times
 * sequential requests as the seeded admin.
 *
 *   npx tsx scripts/bench/admin-dashboard.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/admin-dashboard.ts
 *   BENCH_REQUESTS=500 npx tsx scripts/bench/admin-dashboard.ts
 *
 * Target (issue "admin dashboard"): first list page and summary each under 100 ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { CUSTOMERS, ESTIMATES, seedBenchData } from './http/seed.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const TARGET_MS = 100;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function time(base: string, cookie: string, url: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await once());
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

async function run(label: string, database: Database, dataDir: string): Promise<boolean> {
  const seedStarted = performance.now();
  await database.migrate();
  const { adminToken } = await seedBenchData(database);
  console.log(
    `\n${label}: seeded ${CUSTOMERS} customers and ${ESTIMATES} estimates in ${Math.round(performance.now() - seedStarted)} ms`,
  );

  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
    }),
    workers: false,
  };
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    // The seeded admin's session, signed as sign-in would sign it.
    const cookie = `${SESSION_COOKIE}=${app.signCookie(adminToken)}`;

    const cases: { name: string; url: string; gated: boolean }[] = [
      { name: 'first list page', url: '/api/admin/estimates', gated: true },
      { name: 'summary', url: '/api/admin/estimates/summary', gated: true },
      { name: 'status filter (active)', url: '/api/admin/estimates?status=active', gated: false },
      { name: 'text search (honda)', url: '/api/admin/estimates?q=honda', gated: false },
      {
        name: 'date range + page 5',
        url: '/api/admin/estimates?from=2024-01-01&to=2024-12-31&page=5',
        gated: false,
      },
      { name: 'vehicle search (b01)', url: '/api/admin/vehicles?q=b01', gated: false },
    ];
    console.log(`${REQUESTS} sequential requests each, after ${WARM_UP} warm-up requests (ms):`);
    console.log(`  ${'request'.padEnd(26)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}`);
    let ok = true;
    for (const { name, url, gated } of cases) {
      const { p50, p95, p99 } = await time(base, cookie, url);
      const verdict = gated ? (p95 < TARGET_MS ? '  ok' : `  OVER ${TARGET_MS} ms`) : '';
      if (gated && p95 >= TARGET_MS) ok = false;
      console.log(
        `  ${name.padEnd(26)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${p99.toFixed(1).padStart(7)}${verdict}`,
      );
    }
    return ok;
  } finally {
    await app.close();
  }
}

async function withEmbedded(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const database = await openDatabase(
    loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }).database,
  );
  try {
    await database.migrate();
    return await run('embedded PostgreSQL', database, dataDir);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withPostgres(serverUrl: string): Promise<boolean> {
  const name = `shop_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    return await run('PostgreSQL', database, dataDir);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

let allOk = await withEmbedded();
if (process.env.BENCH_DATABASE_URL) allOk = (await withPostgres(process.env.BENCH_DATABASE_URL)) && allOk;
console.log(
  allOk ? `\nFirst list page and summary: p95 under ${TARGET_MS} ms.` : `\nSome p95 is over ${TARGET_MS} ms.`,
);
process.exitCode = allOk ? 0 : 1;
