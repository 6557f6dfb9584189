import { formatMoney } from '#domain/money.ts';
import { type MailContent, type RenderedMail, renderMail } from './layout.ts';
import {
  adminLink,
  customerEmail,
  customerName,
  type EstimateMailContext,
  reference,
  vehicleName,
} from './mail-context.ts';

/** What the shop receives about its customers' actions. */

function mail(ctx: EstimateMailContext, content: Omit<MailContent, 'greeting' | 'action'>): RenderedMail {
  return renderMail(
    { greeting: 'Hello,', action: { label: 'Open the estimate', url: adminLink(ctx) }, ...content },
    ctx.shop,
  );
}

const contactDetails = (ctx: EstimateMailContext): [string, string][] => [
  ['Customer', customerName(ctx)],
  ['E-mail', customerEmail(ctx)],
  ['Phone', ctx.estimate.contactPhone ?? ctx.customer.phone ?? 'Not provided'],
];

export function newEstimateMail(ctx: EstimateMailContext): RenderedMail {
  const { vehicle } = ctx;
  return mail(ctx, {
    subject: `New estimate request #${reference(ctx)}: ${vehicleName(ctx)}`,
    paragraphs: [`${customerName(ctx)} submitted a new estimate request.`],
    details: [
      ['Reference', reference(ctx)],
      ...contactDetails(ctx),
      ['Vehicle', vehicleName(ctx)],
      ['License plate', vehicle?.licensePlate || 'Not provided'],
      [
        'Payment',
        ctx.estimate.insuranceCompany ? `Insurance: ${ctx.estimate.insuranceCompany}` : 'Customer Pay',
      ],
    ],
    quote: { label: 'Damage description', text: ctx.estimate.damageDescription || 'No description' },
  });
}

export function customerResponseMail(
  ctx: EstimateMailContext,
  response: 'approved' | 'declined',
): RenderedMail {
  const word = response === 'approved' ? 'approved' : 'declined';
  return mail(ctx, {
    subject: `Estimate #${reference(ctx)} ${word} by ${customerName(ctx)}`,
    paragraphs: [
      `${customerName(ctx)} ${word} the estimate of ${formatMoney(ctx.estimate.estimatedAmount)} for ${vehicleName(ctx)}.`,
      response === 'approved'
        ? 'Next step: schedule the drop-off.'
        : 'You may want to follow up with the customer.',
    ],
    details: [['Reference', reference(ctx)], ...contactDetails(ctx)],
  });
}

export function customerMessageMail(ctx: EstimateMailContext, content: string): RenderedMail {
  return mail(ctx, {
    subject: `New message from ${customerName(ctx)} about #${reference(ctx)}`,
    paragraphs: [`${customerName(ctx)} wrote about the estimate for ${vehicleName(ctx)}.`],
    details: [['Reference', reference(ctx)], ...contactDetails(ctx)],
    quote: { label: 'Message', text: content },
  });
}
