/**
 * The history bench's databases: a shop of BENCH_HISTORY_YEARS made by `npm run seed:history`, on the
 * embedded default and on a PostgreSQL server. Seeding ten years takes minutes, so each is kept in
 * bench-results/history/<years>y/ (and a database named after the years on the server) and reused by the
 * next run; a `seeded.json` beside it says the seeding finished.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { HISTORY_STAFF_EMAIL } from '#server/cli/history/seed-history.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import type { DatabaseConfig } from '#server/db/database-config.ts';
import { sessions } from '#server/db/schema.ts';
import { newSession } from '#server/sessions/session-store.ts';
import type { PreparedRun, RunKey } from './databases.ts';
import type { BenchData } from './seed.ts';

/** As many customers signed in as the busy-shop bench has: each connection is one of them. */
const SIGNED_IN_CUSTOMERS = 200;

/** Where one database of the history shop lives, and how to reach it. */
export interface HistoryShop {
  key: RunKey;
  years: number;
  /** DATA_DIR: the embedded database and, for both, the photo files. */
  dataDir: string;
  /** The server's database; '' for the embedded one. */
  databaseUrl: string;
  /** What the seeding wrote (its time), once it has finished. */
  marker: string;
}

export function historyShop(project: string, key: RunKey, years: number, serverUrl: string): HistoryShop {
  const root = path.join(project, 'bench-results', 'history', `${years}y`, key);
  let databaseUrl = '';
  if (key === 'postgres') {
    const url = new URL(serverUrl);
    url.pathname = `/shop_history_${years}y`;
    databaseUrl = url.toString();
  }
  return {
    key,
    years,
    dataDir: path.join(root, 'data'),
    databaseUrl,
    marker: path.join(root, 'seeded.json'),
  };
}

/** The environment a command or the server runs in for `shop` (no S3: the photos are files in DATA_DIR). */
export function shopEnv(shop: HistoryShop): Record<string, string> {
  return { DATA_DIR: shop.dataDir, DATABASE_URL: shop.databaseUrl, S3_BUCKET: '' };
}

export function databaseConfig(shop: HistoryShop): DatabaseConfig {
  // Chosen as the server and the commands choose it (DATABASE_URL empty: the embedded database).
  return loadConfig({ ...shopEnv(shop), SESSION_SECRET: 'x'.repeat(32) }).database;
}

export interface SeedRecord {
  years: number;
  seededAt: string;
  seconds: number;
  /** The seeding's last lines: how many of each, rows and files time. */
  output: string;
}

export function readSeedRecord(shop: HistoryShop): SeedRecord | null {
  return existsSync(shop.marker) ? (JSON.parse(readFileSync(shop.marker, 'utf8')) as SeedRecord) : null;
}

/**
 * Seeds `shop` with `npm run seed:history` unless an earlier run finished doing so; a half-seeded one
 * (no marker) is removed and made anew.
 */
export async function ensureSeeded(
  project: string,
  shop: HistoryShop,
  adminUrl: string,
): Promise<SeedRecord> {
  const known = readSeedRecord(shop);
  if (known && (shop.key === 'embedded' || (await databaseExists(adminUrl, shop.databaseUrl)))) {
    console.log(
      `  reusing the ${shop.years}-year shop seeded ${known.seededAt} (${known.seconds.toFixed(0)} s)`,
    );
    return known;
  }
  rmSync(path.dirname(shop.marker), { recursive: true, force: true });
  mkdirSync(shop.dataDir, { recursive: true });
  if (shop.key === 'postgres') await recreateDatabase(adminUrl, shop.databaseUrl);
  console.log(
    `  seeding ${shop.years} years (npm run seed:history -- --years ${shop.years}); this takes minutes…`,
  );
  const started = performance.now();
  const seeded = spawnSync('npm', ['run', '--silent', 'seed:history', '--', '--years', String(shop.years)], {
    cwd: project,
    env: { ...process.env, ...shopEnv(shop) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error(`seed:history failed:\n${seeded.stdout}`);
  const record: SeedRecord = {
    years: shop.years,
    seededAt: new Date().toISOString(),
    seconds: (performance.now() - started) / 1000,
    output: seeded.stdout.trim(),
  };
  writeFileSync(shop.marker, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`  seeded in ${record.seconds.toFixed(0)} s: ${record.output.split('\n').at(-3) ?? ''}`);
  return record;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const nameOf = (url: string) => new URL(url).pathname.slice(1);

async function databaseExists(adminUrl: string, url: string): Promise<boolean> {
  return withAdmin(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [nameOf(url)]);
    return (found.rowCount ?? 0) > 0;
  });
}

async function recreateDatabase(adminUrl: string, url: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    await client.query(`drop database if exists ${nameOf(url)} with (force)`);
    await client.query(`create database ${nameOf(url)}`);
  });
}

/**
 * Signs in the staff account and the customers with the most estimates (sessions made as sign-in makes
 * them, the bench's from an earlier run dropped first): what the scenarios need.
 */
async function signIn(shop: HistoryShop): Promise<BenchData> {
  const database = await openDatabase(databaseConfig(shop));
  try {
    const { db } = database;
    await db.delete(sessions);
    const staff = (await db.execute(
      sql`select id from users where email = ${HISTORY_STAFF_EMAIL}`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const staffId = staff.rows[0]?.id;
    if (!staffId) throw new Error(`the history shop has no ${HISTORY_STAFF_EMAIL}`);
    const busiest = (await db.execute(sql`select user_id, array_agg(id::text order by created_at desc) as ids
      from estimates group by user_id order by count(*) desc, user_id limit ${SIGNED_IN_CUSTOMERS}`)) as unknown as {
      rows: { user_id: string; ids: string[] }[];
    };
    const customerSessions = busiest.rows.map((row) => newSession(row.user_id, 30));
    const staffSession = newSession(staffId, 30);
    await db.insert(sessions).values([...customerSessions.map((s) => s.row), staffSession.row]);
    return {
      customers: busiest.rows.map((row, i) => ({
        token: (customerSessions[i] as { token: string }).token,
        estimateIds: row.ids,
      })),
      adminToken: staffSession.token,
    };
  } finally {
    await database.close();
  }
}

/** The history shop of `key`, seeded (or reused) and signed in; it is kept after the run. */
export async function prepareHistory(
  project: string,
  key: RunKey,
  years: number,
  serverUrl: string,
): Promise<PreparedRun | { skipped: string }> {
  if (key === 'postgres') {
    try {
      await withAdmin(serverUrl, async () => {});
    } catch (error) {
      const reason = `PostgreSQL does not answer (${(error as Error).message}): skipped. Set BENCH_DATABASE_URL.`;
      console.log(`\n${reason}`);
      return { skipped: reason };
    }
  }
  const shop = historyShop(project, key, years, serverUrl);
  await ensureSeeded(project, shop, serverUrl);
  const data = await signIn(shop);
  return { key, env: shopEnv(shop), data, cleanup: async () => {} };
}
