import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '#server/test-support/app.ts';
import type { Database } from './client.ts';
import { estimates, users } from './schema.ts';

/**
 * The per-status totals the dashboard reads (decision 074) are what a count of every estimate would
 * say, after inserts, updates of status and amount, payments' updates of paid_cents, and deletes.
 */
let database: Database & { url: string };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function totalsAndRecount() {
  const { db } = database;
  const totals = await db.execute(sql`select status::text, estimates::int, amount::text, priced::int,
    priced_amount::text, owing::int, owed_cents::text from estimate_status_totals
    where (estimates, owing) <> (0, 0) order by status`);
  const recount = await db.execute(sql`select status::text, count(*)::int as estimates,
    coalesce(sum(estimated_amount), 0)::numeric(20, 2)::text as amount,
    (count(*) filter (where estimated_amount > 0))::int as priced,
    coalesce(sum(estimated_amount) filter (where estimated_amount > 0), 0)::numeric(20, 2)::text as priced_amount,
    (count(*) filter (where owed_cents > 0))::int as owing, coalesce(sum(owed_cents), 0)::text as owed_cents
    from estimates group by status order by status`);
  const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  return { totals: rows(totals), recount: rows(recount) };
}

it('keeps the totals equal to a recount through inserts, updates and deletes', async () => {
  const { db } = database;
  const [customer] = await db.insert(users).values({ email: 'totals@example.com' }).returning();
  if (!customer) throw new Error('no customer');
  const made = await db
    .insert(estimates)
    .values([
      { userId: customer.id, status: 'pending' },
      { userId: customer.id, status: 'quoted', estimatedAmount: '120.50' },
      { userId: customer.id, status: 'approved', estimatedAmount: '900.00' },
      { userId: customer.id, status: 'approved', estimatedAmount: '300.00', customerDeductible: '250.00' },
    ])
    .returning({ id: estimates.id });
  let { totals, recount } = await totalsAndRecount();
  expect(totals).toEqual(recount);

  await db
    .update(estimates)
    .set({ status: 'approved' })
    .where(eq(estimates.id, made[1]?.id ?? ''));
  await db
    .update(estimates)
    .set({ paidCents: 40_000 })
    .where(eq(estimates.id, made[2]?.id ?? ''));
  await db
    .update(estimates)
    .set({ estimatedAmount: '75.00', status: 'quoted' })
    .where(eq(estimates.id, made[0]?.id ?? ''));
  await db.update(estimates).set({ damageDescription: 'only words change' });
  await db.delete(estimates).where(eq(estimates.id, made[3]?.id ?? ''));
  ({ totals, recount } = await totalsAndRecount());
  expect(totals).toEqual(recount);
  expect(recount.length).toBeGreaterThan(0);
});
