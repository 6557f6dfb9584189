import { vehicleTitle } from '#domain/estimate.ts';
import { SURVEY_LINK_TTL_DAYS } from '#domain/surveys.ts';
import type { Translate } from '#server/i18n/translator.ts';
import { type RenderedMail, renderMail } from './layout.ts';
import {
  adminLink,
  customerEmail,
  customerLanguage,
  customerName,
  customerWords,
  type EstimateMailContext,
  greeting,
  reference,
  vehicleName,
} from './mail-context.ts';

/** The survey after pickup, by e-mail and by text, in the customer's language; and the shop's alert. */

function vehicle(ctx: EstimateMailContext, t: Translate, kind: 'mail' | 'text'): string {
  const title = vehicleTitle(ctx.vehicle);
  if (kind === 'mail') return title ? t('mail.vehicle.named', { title }) : t('mail.vehicle.unknown');
  return title ? t('text.vehicle.named', { title }) : t('text.vehicle.unknown');
}

export function surveyMail(ctx: EstimateMailContext, url: string): RenderedMail {
  const t = customerWords(ctx);
  const name = ctx.customer.firstName?.trim();
  return renderMail(
    {
      greeting: greeting(ctx.customer),
      subject: name
        ? t('mail.survey.subject', { name, shop: ctx.shop.name })
        : t('mail.survey.subjectAnonymous', { shop: ctx.shop.name }),
      paragraphs: [
        t('mail.survey.thanks', { shop: ctx.shop.name, vehicle: vehicle(ctx, t, 'mail') }),
        t('mail.survey.ask', { days: SURVEY_LINK_TTL_DAYS }),
      ],
      action: { label: t('mail.survey.action'), url },
      closing: t('mail.callUs', { phone: ctx.shop.phone }),
    },
    ctx.shop,
    customerLanguage(ctx),
  );
}

export function surveyText(ctx: EstimateMailContext, url: string): string {
  const t = customerWords(ctx);
  return t('text.survey', { vehicle: vehicle(ctx, t, 'text'), link: url });
}

/** A score of 6 or less: the shop hears it at once, with the customer's words and how to reach them. */
export function recoveryAlertMail(
  ctx: EstimateMailContext,
  answer: { score: number; comment: string | null },
): RenderedMail {
  return renderMail(
    {
      greeting: 'Hello,',
      subject: `Call back: ${customerName(ctx)} scored us ${answer.score}/10 (${vehicleName(ctx)})`,
      paragraphs: [
        `${customerName(ctx)} answered the survey after picking up their car with a score of ${answer.score} out of 10.`,
        'Please call them back soon, then close the "Call back" task on the dashboard with a note of what was done.',
      ],
      details: [
        ['Reference', reference(ctx)],
        ['Customer', customerName(ctx)],
        ['E-mail', customerEmail(ctx)],
        ['Phone', ctx.estimate.contactPhone ?? ctx.customer.phone ?? 'Not provided'],
        ['Vehicle', vehicleName(ctx)],
        ['Score', `${answer.score}/10`],
      ],
      ...(answer.comment ? { quote: { label: 'Their comment', text: answer.comment } } : {}),
      action: { label: 'Open the estimate', url: adminLink(ctx) },
    },
    ctx.shop,
  );
}
