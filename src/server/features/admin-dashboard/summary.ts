import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type AdminEstimateSummary, shopMonthStart } from '#domain/admin-dashboard.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { centsToDecimal } from '#domain/money.ts';
import { OWING_STATUSES, PAYMENT_METHODS } from '#domain/recorded-payments.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateStatusTotals, payments, type UserRow } from '#server/db/schema.ts';

const t = estimateStatusTotals;
/** One figure of the statuses matching `condition`, as a JS number (bigint arrives as a string). */
const countOf = (column: typeof t.estimates | typeof t.priced | typeof t.owing, condition: SQL) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)::int`;
/** An exact decimal string; "0.00" rather than null when nothing matches. */
const sumOf = (column: typeof t.amount | typeof t.pricedAmount, condition: SQL) =>
  sql<string>`coalesce(sum(${column}) filter (where ${condition}), 0)::numeric(20, 2)::text`;
const isStatus = (status: EstimateStatus) => sql`${t.status} = ${status}`;
const inStatuses = (statuses: readonly EstimateStatus[]) =>
  sql`${t.status} in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;
const ALL = sql`true`;

/** Never declined or cancelled: both statuses are outside every list below. */
const AGREED = inStatuses(OWING_STATUSES);
const NOT_INVOICED = inStatuses(['approved', 'scheduled', 'in_progress']);
const WAITING_ON_CUSTOMER = inStatuses(['pending', 'quoted']);
const LIVE = sql`${t.status} not in ('declined', 'cancelled')`;

/**
 * Shop only: the dashboard's figures. Two aggregate queries, neither growing with the shop's history
 * (decision 074): the per-status totals the estimates' triggers keep (a row per status), and this
 * month's payments through payments_paid_at_idx.
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
        quotedCount: countOf(t.estimates, isStatus('quoted')),
        quotedSum: sumOf(t.amount, isStatus('quoted')),
        approvedCount: countOf(t.estimates, isStatus('approved')),
        approvedSum: sumOf(t.amount, isStatus('approved')),
        scheduledCount: countOf(t.estimates, isStatus('scheduled')),
        scheduledSum: sumOf(t.amount, isStatus('scheduled')),
        activeRepairs: countOf(t.estimates, inStatuses(['approved', 'in_progress'])),
        completed: countOf(t.estimates, isStatus('completed')),
        totalCount: countOf(t.estimates, ALL),
        totalRevenue: sumOf(t.amount, AGREED),
        totalQuoted: sumOf(t.amount, LIVE),
        // "Waiting" counts only quotes with an amount above 0: the priced columns.
        waitingCount: countOf(t.priced, WAITING_ON_CUSTOMER),
        waitingSum: sumOf(t.pricedAmount, WAITING_ON_CUSTOMER),
        notInvoicedCount: countOf(t.estimates, NOT_INVOICED),
        notInvoicedSum: sumOf(t.amount, NOT_INVOICED),
        owingCount: countOf(t.owing, ALL),
        owedCents: sql<string>`coalesce(sum(${t.owedCents}), 0)::text`,
      })
      .from(t),
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
