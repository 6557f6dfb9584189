import { eq } from 'drizzle-orm';
import { formatMoney } from '#domain/money.ts';
import {
  ALREADY_PICKED_UP,
  PICKUP_NOT_COMPLETED,
  type PickupInput,
  pickupBalanceDue,
  surveySendAt,
} from '#domain/surveys.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateEvents, estimates, surveys, type UserRow, users } from '#server/db/schema.ts';
import { findEstimateForUser } from '#server/features/estimates/shared.ts';
import { notifySurveyInvite } from '#server/features/notifications/shared.ts';
import { estimateBalance } from '#server/features/payments/shared.ts';
import type { SurveySettings } from './settings.ts';
import { surveyUrl } from './survey-link.ts';

/**
 * POST /api/admin/estimates/{id}/pickup: the car went home. Only a completed repair, once. While a
 * balance is due the shop must say so (`confirmBalance`): the amount it left with is kept beside who
 * handed the car over and when. The customer's timeline shows the pickup, and the survey is scheduled
 * in the same transaction, so it exists exactly when the pickup does.
 */
export async function recordPickup(
  db: Db,
  settings: SurveySettings,
  staff: UserRow,
  estimateId: string,
  input: PickupInput,
  now = new Date(),
): Promise<{ pickedUpAt: string }> {
  await findEstimateForUser(db, estimateId, staff);
  return db.transaction(async (tx) => {
    // The row lock makes two clicks (or two desks) take turns: one pickup, one survey.
    const [estimate] = await tx.select().from(estimates).where(eq(estimates.id, estimateId)).for('update');
    if (!estimate) throw new AppError('not_found', 'Estimate not found');
    if (estimate.pickedUpAt) throw new AppError('conflict', ALREADY_PICKED_UP);
    if (estimate.status !== 'completed') throw new AppError('conflict', PICKUP_NOT_COMPLETED);
    const { amountDueCents } = await estimateBalance(tx, estimate);
    if (amountDueCents > 0 && input.confirmBalance !== true) {
      throw new AppError('conflict', pickupBalanceDue(formatMoney(amountDueCents / 100)));
    }
    await tx
      .update(estimates)
      .set({
        pickedUpAt: now,
        pickedUpBy: staff.id,
        pickupBalanceCents: amountDueCents > 0 ? amountDueCents : null,
        pickupNote: input.note || null,
      })
      .where(eq(estimates.id, estimateId));
    // The customer's timeline says the car went home; the shop's note stays on the shop's side.
    await tx.insert(estimateEvents).values({
      estimateId,
      kind: 'pickup',
      name: 'picked_up',
      createdBy: staff.id,
      createdAt: now,
    });
    await scheduleSurvey(tx, settings, estimateId, now);
    return { pickedUpAt: now.toISOString() };
  });
}

/**
 * The survey of a pickup: its row (one per estimate) and its e-mail and text, queued for when the
 * delay has passed and it is texting hours; the job queue sends them then (decision 067).
 */
async function scheduleSurvey(tx: Db, settings: SurveySettings, estimateId: string, pickedUpAt: Date) {
  const sendAt = surveySendAt(pickedUpAt, settings.delayHours);
  // The customer's language when the car went home: the e-mail and text are written in it now.
  const [customer] = await tx
    .select({ language: users.language })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .where(eq(estimates.id, estimateId));
  if (!customer) return;
  const [survey] = await tx
    .insert(surveys)
    .values({ estimateId, sendAt, language: customer.language })
    .onConflictDoNothing()
    .returning();
  if (!survey) return;
  await notifySurveyInvite(tx, {
    id: survey.id,
    estimateId,
    sendAt,
    url: surveyUrl(settings, survey.id, sendAt),
  });
}
