import { eq } from 'drizzle-orm';
import { optInCoversSurvey } from '#domain/text-messages.ts';
import type { Db } from '#server/db/client.ts';
import { estimates } from '#server/db/schema.ts';
import { loadContext } from './notify.ts';
import { queueEmail, queueText } from './outbox.ts';
import { notificationSettings } from './settings.ts';
import { customerEmail, customerLanguage } from './templates/mail-context.ts';
import { recoveryAlertMail, surveyMail, surveyText } from './templates/survey-mails.ts';
import { hasOptedOut } from './texts.ts';

/**
 * The survey's e-mail and text, queued when the car is picked up with `notBefore = sendAt` (a time
 * within texting hours): each brings a job-queue job at that time (decision 067), which sends it.
 * One of each per survey, whoever calls twice: the dedupe keys name the survey. The text goes only to
 * a number that asked for texts under a wording that names the survey and has not said STOP; the
 * outbox checks STOP again when it is due.
 */
export async function notifySurveyInvite(
  tx: Db,
  survey: { id: string; estimateId: string; sendAt: Date; url: string },
): Promise<void> {
  const ctx = await loadContext(tx, survey.estimateId);
  const { mailFrom, shopNotifyEmail } = notificationSettings();
  await queueEmail(tx, {
    topic: 'survey',
    estimateId: survey.estimateId,
    dedupeKey: `survey-email:${survey.id}`,
    notBefore: survey.sendAt,
    payload: {
      from: mailFrom,
      to: customerEmail(ctx),
      replyTo: shopNotifyEmail,
      ...surveyMail(ctx, survey.url),
    },
  });
  const [row] = await tx
    .select({ phone: estimates.smsPhone, wording: estimates.smsOptInWording })
    .from(estimates)
    .where(eq(estimates.id, survey.estimateId))
    .limit(1);
  const phone = row?.phone;
  if (!phone || !optInCoversSurvey(row.wording) || (await hasOptedOut(tx, phone))) return;
  // Its own text, never folded into a pending repair update: it must wait for its own time.
  await queueText(tx, {
    topic: 'survey',
    estimateId: survey.estimateId,
    dedupeKey: `survey-text:${survey.id}`,
    notBefore: survey.sendAt,
    payload: {
      to: phone,
      shopName: ctx.shop.name,
      updates: [surveyText(ctx, survey.url)],
      language: customerLanguage(ctx),
    },
  });
}

/** A low score: the shop's address hears it at once, with the comment; replies reach the customer. */
export async function notifyRecoveryAlert(
  tx: Db,
  estimateId: string,
  answer: { surveyId: string; score: number; comment: string | null },
): Promise<void> {
  const ctx = await loadContext(tx, estimateId);
  const { mailFrom, shopNotifyEmail } = notificationSettings();
  await queueEmail(tx, {
    topic: 'shop_recovery',
    estimateId,
    dedupeKey: `shop-recovery:${answer.surveyId}`,
    payload: {
      from: mailFrom,
      to: shopNotifyEmail,
      replyTo: customerEmail(ctx),
      ...recoveryAlertMail(ctx, answer),
    },
  });
}
