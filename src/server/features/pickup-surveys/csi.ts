import { and, desc, eq, gte, isNotNull, ne, or, sql } from 'drizzle-orm';
import { vehicleTitle } from '#domain/estimate.ts';
import { CSI_WINDOW_DAYS, type Csi, type CsiOverview, netPromoterScore } from '#domain/surveys.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, surveys, vehicles } from '#server/db/schema.ts';

const windowStart = () => sql`now() - make_interval(days => ${CSI_WINDOW_DAYS})`;

/**
 * GET /api/admin/csi: the answers of the last 90 days by band, counted in one statement on the
 * answer-time index, and the Net Promoter Score from them (null without any answer).
 */
export async function csiFigures(db: Db): Promise<Csi> {
  const [row] = await db
    .select({
      responses: sql<number>`count(*)::int`,
      promoters: sql<number>`count(*) filter (where ${surveys.score} >= 9)::int`,
      passives: sql<number>`count(*) filter (where ${surveys.score} between 7 and 8)::int`,
      detractors: sql<number>`count(*) filter (where ${surveys.score} <= 6)::int`,
    })
    .from(surveys)
    .where(and(isNotNull(surveys.answeredAt), gte(surveys.answeredAt, windowStart())));
  const counts = row ?? { responses: 0, promoters: 0, passives: 0, detractors: 0 };
  return { ...counts, nps: netPromoterScore(counts) };
}

/**
 * GET /api/admin/csi/overview: of the surveys sent in the last 90 days (their time has come), how
 * many were answered; and the latest comments. The unanswered survey of a repair cancelled since is
 * not counted: its messages are withdrawn, not sent (the outbox cancels them when they fall due).
 */
export async function csiOverview(db: Db, commentCount = 5): Promise<CsiOverview> {
  const [rate] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      answered: sql<number>`count(${surveys.answeredAt})::int`,
    })
    .from(surveys)
    .innerJoin(estimates, eq(estimates.id, surveys.estimateId))
    .where(
      and(
        gte(surveys.sendAt, windowStart()),
        sql`${surveys.sendAt} <= now()`,
        or(isNotNull(surveys.answeredAt), ne(estimates.status, 'cancelled')),
      ),
    );
  const sent = rate?.sent ?? 0;
  const answered = rate?.answered ?? 0;
  const comments = await db
    .select({
      score: surveys.score,
      comment: surveys.comment,
      answeredAt: surveys.answeredAt,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(surveys)
    .innerJoin(estimates, eq(estimates.id, surveys.estimateId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(
      and(isNotNull(surveys.answeredAt), gte(surveys.answeredAt, windowStart()), isNotNull(surveys.comment)),
    )
    .orderBy(desc(surveys.answeredAt))
    .limit(commentCount);
  return {
    sent,
    answered,
    responseRate: sent === 0 ? null : Math.round((100 * answered) / sent),
    comments: comments.map((row) => ({
      score: row.score ?? 0,
      comment: row.comment ?? '',
      vehicle: vehicleTitle(row),
      answeredAt: (row.answeredAt ?? new Date(0)).toISOString(),
    })),
  };
}
