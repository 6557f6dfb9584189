import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { estimates, surveys } from '#server/db/schema.ts';

/** Why a survey's e-mail or text was not sent, in its outbox row. */
export const SURVEY_ANSWERED = 'survey answered';
export const SURVEY_ESTIMATE_CANCELLED = 'estimate cancelled';
export const SURVEY_GONE = 'survey no longer exists';

/**
 * A survey's e-mail or text, as it stands when it is due: when the survey was to go (its messages
 * are dated then), or why it must not go any more. Its messages are queued a day ahead; meanwhile
 * the customer may answer through the other one (a text held or retried after the e-mail went), or
 * the shop may cancel the repair.
 */
export async function dueSurvey(
  db: Db,
  estimateId: string | null,
): Promise<{ sendAt: Date } | { withdrawn: string }> {
  if (!estimateId) return { withdrawn: SURVEY_GONE };
  const [row] = await db
    .select({ sendAt: surveys.sendAt, answeredAt: surveys.answeredAt, status: estimates.status })
    .from(surveys)
    .innerJoin(estimates, eq(estimates.id, surveys.estimateId))
    .where(eq(surveys.estimateId, estimateId))
    .limit(1);
  if (!row) return { withdrawn: SURVEY_GONE };
  if (row.answeredAt) return { withdrawn: SURVEY_ANSWERED };
  if (row.status === 'cancelled') return { withdrawn: SURVEY_ESTIMATE_CANCELLED };
  return { sendAt: row.sendAt };
}
