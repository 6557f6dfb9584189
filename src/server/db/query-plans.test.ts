import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEstimateListQuerySchema } from '#domain/admin-dashboard.ts';
import { shopMonth } from '#domain/calendar.ts';
import { historyPlan } from '#server/cli/history/history-plan.ts';
import { seedHistoryRows } from '#server/cli/history/seed-history-rows.ts';
import type { Database } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { listAdminEstimates } from '#server/features/admin-dashboard/list-estimates.ts';
import { searchAdminVehicles } from '#server/features/admin-dashboard/list-vehicles.ts';
import { estimateSummary } from '#server/features/admin-dashboard/summary.ts';
import { findEstimatesByPlate } from '#server/features/admin-estimates/details.ts';
import { loadCalendar } from '#server/features/calendar/service.ts';
import { searchCustomers } from '#server/features/customers/service.ts';
import { loadAwaitingCustomer } from '#server/features/front-desk/awaiting-customer.ts';
import { loadInbox } from '#server/features/front-desk/inbox.ts';
import { csiFigures, csiOverview } from '#server/features/pickup-surveys/csi.ts';
import { listVehiclesFor } from '#server/features/vehicles/service.ts';
import { openTestDatabase } from '#server/test-support/app.ts';
import { type IssuedQuery, planOf, recordingDb } from '#server/test-support/query-plans.ts';

/**
 * Decision 074: every list, search and summary behind the owner's pages reads indexes, never a whole
 * table that grows with the shop's history. The statements are the ones the services really send
 * (recorded, with their parameters), planned on a year of history with sequential scans priced out;
 * the test asserts plans, never times.
 */
const HISTORY_TABLES = [
  'estimates',
  'users',
  'vehicles',
  'messages',
  'photos',
  'payments',
  'outbox',
  'appointments',
  'surveys',
  'estimate_events',
  'estimate_supplements',
  'estimate_lines',
  'sessions',
];

let database: Database & { url: string };
let staff: UserRow;
let customer: UserRow;
const now = new Date();

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [admin] = await db
    .insert(users)
    .values({ email: 'frontdesk@plans.example', passwordHash: 'x', isAdmin: true })
    .returning();
  if (!admin) throw new Error('no staff account');
  staff = admin;
  await db.transaction((tx) =>
    seedHistoryRows(tx, historyPlan({ years: 1, estimatesPerDay: 8, photosPerEstimate: 2 }), {
      now,
      passwordHash: 'x',
      staffId: admin.id,
      seed: 0.5,
    }),
  );
  await db.execute(sql`analyze`);
  const [someone] = await db.select().from(users).where(eq(users.isAdmin, false)).limit(1);
  if (!someone) throw new Error('no customer seeded');
  customer = someone;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const list = (query: Record<string, string>) => adminEstimateListQuerySchema.parse(query);
const month = shopMonth(now);
const monthsAgo = (count: number) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 - count, 1));
  return date.toISOString().slice(0, 7);
};

const calls: [string, (db: Database['db']) => Promise<unknown>][] = [
  ['dashboard summary', (db) => estimateSummary(db, staff, now)],
  ['estimates, first page', (db) => listAdminEstimates(db, staff, list({}), now)],
  ['estimates, page 10', (db) => listAdminEstimates(db, staff, list({ page: '10' }), now)],
  ['estimates, active', (db) => listAdminEstimates(db, staff, list({ status: 'active' }), now)],
  [
    'estimates, one status',
    (db) => listAdminEstimates(db, staff, list({ status: 'completed', page: '3' }), now),
  ],
  ['estimates, balance due', (db) => listAdminEstimates(db, staff, list({ balanceDue: 'true' }), now)],
  [
    'estimates, dates',
    (db) =>
      listAdminEstimates(db, staff, list({ from: `${monthsAgo(3)}-01`, to: `${monthsAgo(2)}-01` }), now),
  ],
  ['estimates, one customer', (db) => listAdminEstimates(db, staff, list({ customerId: customer.id }), now)],
  ['estimates, text', (db) => listAdminEstimates(db, staff, list({ q: 'smith' }), now)],
  ['estimates, plate with spaces', (db) => listAdminEstimates(db, staff, list({ q: '7kq 1' }), now)],
  ['estimates, reference', (db) => listAdminEstimates(db, staff, list({ q: '#1a2b' }), now)],
  ['customer search', (db) => searchCustomers(db, staff, 'smit')],
  ['customer search, a phone typed another way', (db) => searchCustomers(db, staff, '813-555-0142')],
  [
    'estimates, a phone typed another way',
    (db) => listAdminEstimates(db, staff, list({ q: '8135550142' }), now),
  ],
  ['admin vehicles, newest', (db) => searchAdminVehicles(db, staff, { limit: 20 })],
  ['admin vehicles, text', (db) => searchAdminVehicles(db, staff, { q: 'toyota', limit: 20 })],
  ['vehicles, text', (db) => listVehiclesFor(db, staff, { q: 'camry', limit: 20, offset: 0 })],
  ['plate look-up', (db) => findEstimatesByPlate(db, '7KQ1234')],
  ['calendar, this month', (db) => loadCalendar(db, staff, { month, now })],
  ['calendar, months ago', (db) => loadCalendar(db, staff, { month: monthsAgo(6), now })],
  ['front-desk inbox', (db) => loadInbox(db)],
  ['awaiting customer', (db) => loadAwaitingCustomer(db)],
  ['CSI figures', (db) => csiFigures(db)],
  ['CSI overview', (db) => csiOverview(db)],
];

describe('the owner pages read indexes, never a table that grows with history', () => {
  it.each(calls)('%s', async (_name, call) => {
    const pool = database.pool;
    if (!pool) throw new Error('the test database has no pool');
    const { db, issued } = recordingDb(pool);
    await call(db);
    expect(issued.length).toBeGreaterThan(0);
    const scanned: { sql: string; tables: string[] }[] = [];
    for (const query of issued as IssuedQuery[]) {
      const plan = await planOf(pool, query);
      const tables = plan.seqScans.filter((table) => HISTORY_TABLES.includes(table));
      if (tables.length > 0) scanned.push({ sql: query.sql, tables });
    }
    expect(scanned).toEqual([]);
  });
});
