import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { estimates, payments } from './schema.ts';

/** Only succeeded payments count as paid. */
const succeeded = eq(payments.status, 'succeeded');

/**
 * The cents paid for the estimate of the row being selected, as a subquery (by index per row);
 * sum() of integers is a bigint, which the drivers hand back as text.
 */
export const paidCentsOfEstimate = sql<string>`(select coalesce(sum(${payments.amountCents}), 0)
  from ${payments} where ${payments.estimateId} = ${estimates.id} and ${succeeded})`;

/** Cents paid so far per estimate (succeeded payments only); estimates with nothing paid are absent. */
export async function paidCentsByEstimate(db: Db, estimateIds: string[]): Promise<Map<string, number>> {
  const totals = await paidTotals(db, estimateIds);
  return new Map([...totals].map(([id, total]) => [id, total.paidCents]));
}

export interface PaidTotal {
  paidCents: number;
  lastPaidAt: Date | null;
}

/** Paid cents and the time of the latest payment, per estimate. */
export async function paidTotals(db: Db, estimateIds: string[]): Promise<Map<string, PaidTotal>> {
  if (estimateIds.length === 0) return new Map();
  const rows = await db
    .select({
      estimateId: payments.estimateId,
      paidCents: sql<string>`sum(${payments.amountCents})`,
      lastPaidAt: max(payments.paidAt),
    })
    .from(payments)
    .where(and(inArray(payments.estimateId, estimateIds), succeeded))
    .groupBy(payments.estimateId);
  // sum() of integers is a bigint, which the drivers hand back as a string.
  return new Map(
    rows.map((row) => [
      row.estimateId,
      { paidCents: Number(row.paidCents), lastPaidAt: row.lastPaidAt ? new Date(row.lastPaidAt) : null },
    ]),
  );
}
