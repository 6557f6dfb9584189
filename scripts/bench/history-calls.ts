/**
 * How fast the owner's pages answer after ten years of history (issue "Fast at ten years of
 * history"): every API call behind the dashboard, the estimates list, customer and plate search, the
 * calendar, the front desk's inbox and the CSI card, timed one request at a time as the shop's staff,
 * against a shop `npm run seed:history -- --years 10` filled. Target: p95 under 100 ms each.
 *
 *   DATABASE_URL=postgres://…/history npm run bench:history-calls      (that database)
 *   npm run bench:history-calls                                          (the app's own: DATA_DIR)
 *   BENCH_REQUESTS=100 npm run bench:history-calls
 *
 * The app is built in this process and called with `inject` (no socket, no other load), after the
 * migrations run: so a run on a branch with new indexes measures them. It signs in as the history
 * shop's staff account by writing a session row, removed again at the end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { shopMonth } from '#domain/calendar.ts';
import { buildApp } from '#server/app.ts';
import { HISTORY_STAFF_EMAIL } from '#server/cli/history/seed-history.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema.ts';
import { newSession, SESSION_COOKIE } from '#server/sessions/session-store.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const WARM_UP = 3;
const TARGET_MS = 100;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const month = shopMonth(new Date());
/** What the owner's pages call, with the filters and searches staff use. */
const CALLS: { name: string; url: string }[] = [
  { name: 'dashboard summary', url: '/api/admin/estimates/summary' },
  { name: 'estimates, first page', url: '/api/admin/estimates' },
  { name: 'estimates, page 40', url: '/api/admin/estimates?page=40' },
  { name: 'estimates, active', url: '/api/admin/estimates?status=active' },
  { name: 'estimates, completed p20', url: '/api/admin/estimates?status=completed&page=20' },
  { name: 'estimates, balance due', url: '/api/admin/estimates?balanceDue=true' },
  { name: 'estimates, one year p5', url: '/api/admin/estimates?from=2022-01-01&to=2022-12-31&page=5' },
  { name: 'estimates, text "smith"', url: '/api/admin/estimates?q=smith' },
  { name: 'estimates, text "civic"', url: '/api/admin/estimates?q=civic' },
  { name: 'estimates, plate part', url: '/api/admin/estimates?q=7KQ' },
  { name: 'customers "smit"', url: '/api/customers?q=smit' },
  { name: 'customers "555-01"', url: '/api/customers?q=555-01' },
  { name: 'admin vehicles "7kq"', url: '/api/admin/vehicles?q=7kq' },
  { name: 'admin vehicles "toyota"', url: '/api/admin/vehicles?q=toyota' },
  { name: 'vehicles "camry"', url: '/api/vehicles?q=camry' },
  { name: 'calendar, this month', url: `/api/admin/calendar?month=${month}` },
  { name: 'calendar, 3 years ago', url: `/api/admin/calendar?month=${Number(month.slice(0, 4)) - 3}-06` },
  { name: 'front-desk inbox', url: '/api/admin/inbox' },
  { name: 'awaiting customer', url: '/api/admin/awaiting-customer' },
  { name: 'CSI figures', url: '/api/admin/csi' },
  { name: 'CSI overview', url: '/api/admin/csi/overview' },
];

const env = loadConfig(process.env);
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-history-'));
const database = await openDatabase(env.database);
const config = {
  ...loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
  database: env.database,
  workers: false,
};
try {
  await database.migrate();
  const [staff] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, HISTORY_STAFF_EMAIL))
    .limit(1);
  if (!staff)
    throw new Error(`No ${HISTORY_STAFF_EMAIL}: fill the database with npm run seed:history first.`);
  const session = newSession(staff.id, 1);
  await database.db.insert(sessions).values(session.row);
  const app = await buildApp({ config, database });
  try {
    const cookie = `${SESSION_COOKIE}=${app.signCookie(session.token)}`;
    const once = async (url: string) => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      return performance.now() - started;
    };
    const load = readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
    console.log(`${REQUESTS} sequential requests per call after ${WARM_UP} warm-up ones; load ${load}`);
    console.log(`  ${'call'.padEnd(28)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}  target`);
    let over = 0;
    for (const { name, url } of CALLS) {
      for (let i = 0; i < WARM_UP; i++) await once(url);
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) samples.push(await once(url));
      samples.sort((a, b) => a - b);
      const [p50, p95] = [percentile(samples, 50), percentile(samples, 95)];
      if (p95 >= TARGET_MS) over++;
      const verdict = p95 < TARGET_MS ? 'ok' : 'OVER';
      console.log(
        `  ${name.padEnd(28)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)}  < ${TARGET_MS} ${verdict}`,
      );
    }
    const after = readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
    console.log(over === 0 ? `Every p95 under ${TARGET_MS} ms` : `${over} calls over ${TARGET_MS} ms`);
    console.log(`load at the end ${after}`);
    process.exitCode = over === 0 ? 0 : 1;
  } finally {
    await app.close();
    await database.db.delete(sessions).where(eq(sessions.id, session.row.id));
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
