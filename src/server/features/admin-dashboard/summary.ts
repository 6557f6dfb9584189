import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type AdminEstimateSummary, shopMonthStart } from '#domain/admin-dashboard.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { centsToDecimal } from '#domain/money.ts';
import { OWING_STATUSES, PAYMENT_METHODS } from '#domain/recorded-payments.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, payments, type UserRow } from '#server/db/schema.ts';

/** count(*) filter (where …), as a JS number (PostgreSQL's bigint arrives as a string). */
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
/**
 * Sum of estimated amounts as an exact decimal string: numeric addition never rounds, and the cast
 * to two decimals gives "0.00" rather than null when nothing matches.
 */
const sumWhere = (condition: SQL) =>
  sql<string>`coalesce(sum(${estimates.estimatedAmount}) filter (where ${condition}), 0)::numeric(20, 2)::text`;
const isStatus = (status: EstimateStatus) => sql`${estimates.status} = ${status}`;
const inStatuses = (statuses: readonly EstimateStatus[]) =>
  sql`${estimates.status} in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;

/** Never declined or cancelled: both statuses are outside every list below. */
const AGREED = inStatuses(OWING_STATUSES);
const NOT_INVOICED = inStatuses(['approved', 'scheduled', 'in_progress']);
const WAITING_ON_CUSTOMER = sql`${inStatuses(['pending', 'quoted'])} and ${estimates.estimatedAmount} > 0`;
const LIVE = sql`${estimates.status} not in ('declined', 'cancelled')`;

/**
 * Shop only: the dashboard's figures. Two aggregate queries: one pass over estimates (every card
 * reads columns of the row, the balance too: owed_cents is kept on it), and this month's payments
 * through payments_paid_at_idx.
 */
export async function estimateSummary(
  db: Db,
  user: UserRow,
  now: Date = new Date(),
): Promise<AdminEstimateSummary> {
  if (!user.isAdmin) throw forbidden();
  const month = shopMonthStart(now);
  const [[row], collected] = await Promise.all([
    db
      .select({
        quotedCount: countWhere(isStatus('quoted')),
        quotedSum: sumWhere(isStatus('quoted')),
        approvedCount: countWhere(isStatus('approved')),
        approvedSum: sumWhere(isStatus('approved')),
        scheduledCount: countWhere(isStatus('scheduled')),
        scheduledSum: sumWhere(isStatus('scheduled')),
        activeRepairs: countWhere(inStatuses(['approved', 'in_progress'])),
        completed: countWhere(isStatus('completed')),
        totalCount: sql<number>`count(*)::int`,
        totalRevenue: sumWhere(AGREED),
        totalQuoted: sumWhere(sql`${LIVE} and ${estimates.estimatedAmount} is not null`),
        waitingCount: countWhere(WAITING_ON_CUSTOMER),
        waitingSum: sumWhere(WAITING_ON_CUSTOMER),
        notInvoicedCount: countWhere(NOT_INVOICED),
        notInvoicedSum: sumWhere(NOT_INVOICED),
        owingCount: countWhere(sql`${estimates.owedCents} > 0`),
        owedCents: sql<string>`coalesce(sum(${estimates.owedCents}), 0)::text`,
      })
      .from(estimates),
    db
      .select({
        method: payments.method,
        cents: sql<string>`sum(${payments.amountCents})::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(payments)
      .where(and(eq(payments.status, 'succeeded'), gte(payments.paidAt, month.start)))
      .groupBy(payments.method),
  ]);
  if (!row) throw new Error('an aggregate query always returns a row');
  const byMethod = PAYMENT_METHODS.flatMap((method) => {
    const found = collected.find((entry) => entry.method === method);
    return found ? [{ method, cents: Number(found.cents), count: Number(found.count) }] : [];
  });
  return {
    quoted: { count: Number(row.quotedCount), sum: row.quotedSum },
    approved: { count: Number(row.approvedCount), sum: row.approvedSum },
    scheduled: { count: Number(row.scheduledCount), sum: row.scheduledSum },
    activeRepairs: Number(row.activeRepairs),
    completed: Number(row.completed),
    totalRevenue: row.totalRevenue,
    totalCount: Number(row.totalCount),
    totalQuoted: row.totalQuoted,
    quotesWaiting: { count: Number(row.waitingCount), sum: row.waitingSum },
    approvedNotInvoiced: { count: Number(row.notInvoicedCount), sum: row.notInvoicedSum },
    balancesOutstanding: { count: Number(row.owingCount), sum: centsToDecimal(Number(row.owedCents)) },
    collectedThisMonth: {
      sum: centsToDecimal(byMethod.reduce((sum, entry) => sum + entry.cents, 0)),
      count: byMethod.reduce((sum, entry) => sum + entry.count, 0),
      since: month.day,
      byMethod: byMethod.map(({ method, cents, count }) => ({ method, sum: centsToDecimal(cents), count })),
    },
  };
}
