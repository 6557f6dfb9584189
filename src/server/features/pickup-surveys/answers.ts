import { eq } from 'drizzle-orm';
import { vehicleTitle } from '#domain/estimate.ts';
import {
  needsRecovery,
  SURVEY_ALREADY_ANSWERED,
  type SurveyAnswer,
  type SurveyPage,
} from '#domain/surveys.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, recoveryTasks, surveys, vehicles } from '#server/db/schema.ts';
import { notifyRecoveryAlert } from '#server/features/notifications/shared.ts';
import type { SurveySettings } from './settings.ts';
import { surveyIdOf, surveyLinkNotValid } from './survey-link.ts';

/**
 * The survey page's two calls, signed out: the token is the only key. What it shows is the shop,
 * the car (year, make, model) and whether it was answered: no name, plate or amount.
 */

/** GET /api/surveys/{token}. */
export async function loadSurveyPage(
  db: Db,
  settings: SurveySettings,
  token: string,
  now = new Date(),
): Promise<SurveyPage> {
  const surveyId = surveyIdOf(settings.secret, token, now);
  const [row] = await db
    .select({ survey: surveys, year: vehicles.year, make: vehicles.make, model: vehicles.model })
    .from(surveys)
    .innerJoin(estimates, eq(estimates.id, surveys.estimateId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(eq(surveys.id, surveyId))
    .limit(1);
  if (!row) throw surveyLinkNotValid();
  const answered = row.survey.answeredAt !== null;
  return {
    shopName: settings.shopName,
    vehicle: vehicleTitle(row),
    answered,
    language: row.survey.language,
    reviewUrl: answered ? settings.googleReviewUrl : null,
  };
}

/**
 * POST /api/surveys/{token}: the one answer. Every answer, whatever the score, is offered the same
 * review link (Google forbids review gating). A low score opens a "Call back" task and e-mails the
 * shop in the same transaction.
 */
export async function answerSurvey(
  db: Db,
  settings: SurveySettings,
  token: string,
  answer: SurveyAnswer,
  now = new Date(),
): Promise<{ reviewUrl: string | null }> {
  const surveyId = surveyIdOf(settings.secret, token, now);
  const comment = answer.comment ? answer.comment : null;
  await db.transaction(async (tx) => {
    // The row lock makes two answers sent at once take turns: the second hears 409.
    const [survey] = await tx.select().from(surveys).where(eq(surveys.id, surveyId)).for('update');
    if (!survey) throw surveyLinkNotValid();
    if (survey.answeredAt) throw new AppError('conflict', SURVEY_ALREADY_ANSWERED);
    await tx
      .update(surveys)
      .set({ score: answer.score, comment, answeredAt: now })
      .where(eq(surveys.id, surveyId));
    if (!needsRecovery(answer.score)) return;
    await tx.insert(recoveryTasks).values({ surveyId, openedAt: now });
    await notifyRecoveryAlert(tx, survey.estimateId, { surveyId, score: answer.score, comment });
  });
  return { reviewUrl: settings.googleReviewUrl };
}
