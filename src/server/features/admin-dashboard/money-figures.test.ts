import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEstimatePage, AdminEstimateSummary } from '#domain/admin-dashboard.ts';
import { createEstimate } from '#server/db/factories.ts';
import { type EstimateRow, payments } from '#server/db/schema.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/** The dashboard's money figures and the list's "balance due" filter, with payments of each kind. */

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
const e: Record<string, EstimateRow> = {};

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: as(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const record = async (estimate: EstimateRow | undefined, amount: string, method: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimate?.id}/payments`,
    headers: as(admin),
    payload: { amount, method },
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  const { db } = t.database;
  const estimate = (status: EstimateRow['status'], estimatedAmount: string | null, extra = {}) =>
    createEstimate(db, { userId: alice.user.id, status, estimatedAmount, ...extra });
  e.pending = await estimate('pending', null);
  e.pendingPriced = await estimate('pending', '150.00');
  e.quoted = await estimate('quoted', '1000.00');
  e.declined = await estimate('declined', '5000.00');
  e.cancelled = await estimate('cancelled', '7000.00');
  e.approved = await estimate('approved', '2000.00', {
    customerDeductible: '500.00',
    insuranceCoverage: '1500.00',
  });
  e.scheduled = await estimate('scheduled', '300.00');
  e.inProgress = await estimate('in_progress', '800.00');
  e.completed = await estimate('completed', '1200.00');
  e.paidUp = await estimate('completed', '400.00');

  await record(e.approved, '200.00', 'cash');
  await record(e.completed, '1000.00', 'check');
  await record(e.completed, '50.00', 'cash');
  await record(e.paidUp, '400.00', 'card');
  // A card payment paid online last month counts in what is owed, not in this month's collections.
  await db.insert(payments).values({
    estimateId: e.inProgress.id,
    userId: alice.user.id,
    provider: 'test',
    providerIntentId: `pi_last_month_${e.inProgress.id}`,
    amountCents: 10000,
    status: 'succeeded',
    paidAt: sql`now() - interval '40 days'`,
  });
  // One that failed counts nowhere.
  await db.insert(payments).values({
    estimateId: e.scheduled.id,
    userId: alice.user.id,
    provider: 'test',
    providerIntentId: `pi_failed_${e.scheduled.id}`,
    amountCents: 30000,
    status: 'failed',
  });
});

describe('GET /api/admin/estimates/summary: the money figures', () => {
  it('leaves declined and cancelled estimates out of every sum, and counts what each card says', async () => {
    const summary = await get<AdminEstimateSummary>('/api/admin/estimates/summary');
    expect(summary).toMatchObject({
      quoted: { count: 1, sum: '1000.00' },
      approved: { count: 1, sum: '2000.00' },
      scheduled: { count: 1, sum: '300.00' },
      activeRepairs: 2,
      completed: 2,
      // 2000 + 300 + 800 + 1200 + 400: agreed work, never the declined 5000 or the cancelled 7000.
      totalRevenue: '4700.00',
      totalCount: 10,
      totalQuoted: '5850.00',
      quotesWaiting: { count: 2, sum: '1150.00' },
      approvedNotInvoiced: { count: 3, sum: '3100.00' },
      // approved: deductible 500 - 200; scheduled 300; in progress 800 - 100; completed 1200 - 1050.
      balancesOutstanding: { count: 4, sum: '1450.00' },
    });
  });

  it('counts what was collected this month, by method, online and at the counter', async () => {
    const { collectedThisMonth } = await get<AdminEstimateSummary>('/api/admin/estimates/summary');
    expect(collectedThisMonth).toEqual({
      sum: '1650.00',
      count: 4,
      since: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      byMethod: [
        { method: 'cash', sum: '250.00', count: 2 },
        { method: 'check', sum: '1000.00', count: 1 },
        { method: 'card', sum: '400.00', count: 1 },
      ],
    });
  });
});

describe('GET /api/admin/estimates?balanceDue=true', () => {
  it('lists only the estimates whose customer still owes, with paid and balance on each row', async () => {
    const page = await get<AdminEstimatePage>('/api/admin/estimates?balanceDue=true');
    expect(page.total).toBe(4);
    expect(new Set(page.items.map((item) => item.id))).toEqual(
      new Set([e.approved?.id, e.scheduled?.id, e.inProgress?.id, e.completed?.id]),
    );
    expect(page.items.find((item) => item.id === e.completed?.id)).toMatchObject({
      paid: '1050.00',
      balanceDue: '150.00',
    });
    const all = await get<AdminEstimatePage>('/api/admin/estimates?balanceDue=false');
    expect(all.total).toBe(10);
    expect(all.items.find((item) => item.id === e.paidUp?.id)).toMatchObject({
      paid: '400.00',
      balanceDue: '0.00',
    });
  });

  it('reads the partial index, not every estimate', async () => {
    const plan = await t.database.db.execute(
      sql`explain select id from estimates where owed_cents > 0 order by created_at desc nulls last limit 25`,
    );
    await t.database.db.execute(sql`set enable_seqscan = off`);
    const forced = await t.database.db.execute(
      sql`explain select count(*) from estimates where owed_cents > 0`,
    );
    await t.database.db.execute(sql`reset enable_seqscan`);
    const text = JSON.stringify([plan, forced]);
    expect(text).toContain('estimates_owing_created_idx');
  });

  it('keeps paid_cents in step when a payment row changes, whatever wrote it', async () => {
    const { db } = t.database;
    const [failed] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, `pi_failed_${e.scheduled?.id}`));
    await db
      .update(payments)
      .set({ status: 'succeeded', paidAt: sql`now()` })
      .where(eq(payments.id, failed?.id ?? ''));
    const page = await get<AdminEstimatePage>('/api/admin/estimates?balanceDue=true');
    expect(page.items.map((item) => item.id)).not.toContain(e.scheduled?.id);
    await db
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.id, failed?.id ?? ''));
    const again = await get<AdminEstimatePage>('/api/admin/estimates?balanceDue=true');
    expect(again.items.map((item) => item.id)).toContain(e.scheduled?.id);
  });
});
