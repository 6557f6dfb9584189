import { type SQL, sql } from 'drizzle-orm';
import type { AdminEstimateSummary } from '#domain/admin-dashboard.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, type UserRow } from '#server/db/schema.ts';

/** count(*) filter (where …), as a JS number (PostgreSQL's bigint arrives as a string). */
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
/**
 * Sum of estimated amounts as an exact decimal string: numeric addition never rounds, and the cast
 * to two decimals gives "0.00" rather than null when nothing matches.
 */
const sumWhere = (condition: SQL) =>
  sql<string>`coalesce(sum(${estimates.estimatedAmount}) filter (where ${condition}), 0)::numeric(20, 2)::text`;
const isStatus = (status: EstimateStatus) => sql`${estimates.status} = ${status}`;

/** Shop only: the numbers of the dashboard's header badges and six cards, in one aggregate query. */
export async function estimateSummary(db: Db, user: UserRow): Promise<AdminEstimateSummary> {
  if (!user.isAdmin) throw forbidden();
  const [row] = await db
    .select({
      quotedCount: countWhere(isStatus('quoted')),
      quotedSum: sumWhere(isStatus('quoted')),
      approvedCount: countWhere(isStatus('approved')),
      approvedSum: sumWhere(isStatus('approved')),
      scheduledCount: countWhere(isStatus('scheduled')),
      scheduledSum: sumWhere(isStatus('scheduled')),
      activeRepairs: countWhere(sql`${estimates.status} in ('approved', 'in_progress')`),
      completed: countWhere(isStatus('completed')),
      totalCount: sql<number>`count(*)::int`,
      totalRevenue: sql<string>`coalesce(sum(${estimates.estimatedAmount}), 0)::numeric(20, 2)::text`,
      totalQuoted: sumWhere(sql`${estimates.estimatedAmount} is not null`),
    })
    .from(estimates);
  if (!row) throw new Error('an aggregate query always returns a row');
  return {
    quoted: { count: Number(row.quotedCount), sum: row.quotedSum },
    approved: { count: Number(row.approvedCount), sum: row.approvedSum },
    scheduled: { count: Number(row.scheduledCount), sum: row.scheduledSum },
    activeRepairs: Number(row.activeRepairs),
    completed: Number(row.completed),
    totalRevenue: row.totalRevenue,
    totalCount: Number(row.totalCount),
    totalQuoted: row.totalQuoted,
  };
}
