import { TZDateMini } from '@date-fns/tz';
import { format } from 'date-fns';
import { dropOffSlotLabel, formatDropOffDate, SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { centsToDecimal, formatMoney } from '#domain/money.ts';
import { type MailContent, type RenderedMail, renderMail } from './layout.ts';
import { customerLink, type EstimateMailContext, greeting, reference, vehicleName } from './mail-context.ts';

/** What customers receive. Each returns the subject, plain text and HTML of one e-mail. */

const viewEstimate = (ctx: EstimateMailContext) => ({ label: 'View your estimate', url: customerLink(ctx) });

function mail(ctx: EstimateMailContext, content: Omit<MailContent, 'greeting' | 'action'>): RenderedMail {
  return renderMail(
    { greeting: greeting(ctx.customer), action: viewEstimate(ctx), statusLink: ctx.statusUrl, ...content },
    ctx.shop,
  );
}

export function estimateReceivedMail(ctx: EstimateMailContext): RenderedMail {
  return mail(ctx, {
    subject: `We received your estimate request #${reference(ctx)}`,
    paragraphs: [
      `Thank you for choosing ${ctx.shop.name}. We received your photos and the details of ${vehicleName(ctx)}.`,
      'Our team reviews every request and sends a detailed estimate within 24 hours. You can follow it online at any time.',
    ],
    details: [
      ['Reference', reference(ctx)],
      ['Vehicle', vehicleName(ctx)],
      [
        'Payment',
        ctx.estimate.insuranceCompany ? `Insurance: ${ctx.estimate.insuranceCompany}` : 'Customer Pay',
      ],
    ],
    closing: `Questions? Call us at ${ctx.shop.phone}.`,
  });
}

/** The quote: the total and, when the bill is split, the deductible and the insurer's part. */
export function quoteReadyMail(ctx: EstimateMailContext): RenderedMail {
  const { estimatedAmount, customerDeductible, insuranceCoverage, insuranceCompany } = ctx.estimate;
  const details: [string, string][] = [
    ['Reference', reference(ctx)],
    ['Vehicle', vehicleName(ctx)],
    ['Estimate total', formatMoney(estimatedAmount)],
  ];
  if (customerDeductible !== null) details.push(['Your deductible', formatMoney(customerDeductible)]);
  if (insuranceCoverage !== null) {
    details.push([
      insuranceCompany ? `Insurance coverage (${insuranceCompany})` : 'Insurance coverage',
      formatMoney(insuranceCoverage),
    ]);
  }
  return mail(ctx, {
    subject: `Your estimate is ready: ${formatMoney(estimatedAmount)}`,
    paragraphs: [
      `Your estimate for ${vehicleName(ctx)} is ready.`,
      'Please review it and approve or decline it online. Once you approve, we will schedule your drop-off.',
      'The written estimate is attached as a PDF for your records.',
    ],
    details,
  });
}

export function dropOffScheduledMail(
  ctx: EstimateMailContext,
  appointment: { dropOffDate: string; slot: string; instructions: string },
): RenderedMail {
  return mail(ctx, {
    subject: `Drop-off scheduled: ${formatDropOffDate(appointment.dropOffDate)}`,
    paragraphs: [`Your drop-off for ${vehicleName(ctx)} is scheduled.`],
    details: [
      ['Date', formatDropOffDate(appointment.dropOffDate)],
      ['Time', dropOffSlotLabel(appointment.slot)],
      ['Address', `${ctx.shop.street}, ${ctx.shop.city}`],
    ],
    quote: { label: 'Instructions from the shop', text: appointment.instructions },
    closing: `Need another time? Call us at ${ctx.shop.phone}.`,
  });
}

export function repairCompletedMail(ctx: EstimateMailContext, amountDueCents: number): RenderedMail {
  const due = amountDueCents > 0;
  return mail(ctx, {
    subject: `Your ${vehicleName(ctx)} is ready`,
    paragraphs: [
      `Good news: the repair of ${vehicleName(ctx)} is complete and it is ready for pick-up.`,
      due
        ? 'You can pay the balance online before you come, with "Make Payment" on your estimate page, or pay at the shop.'
        : `Call us at ${ctx.shop.phone} to arrange the pick-up.`,
      'Your itemized invoice is attached as a PDF.',
    ],
    details: [
      ['Reference', reference(ctx)],
      ...(due ? [['Balance due', formatMoney(centsToDecimal(amountDueCents))] as [string, string]] : []),
    ],
    closing: 'Thank you for trusting us with your vehicle.',
  });
}

export function paymentReceiptMail(
  ctx: EstimateMailContext,
  payment: {
    amountCents: number;
    cardBrand: string | null;
    cardLast4: string | null;
    paidAt: Date;
    providerIntentId: string;
    testMode: boolean;
  },
  remainingCents: number,
): RenderedMail {
  const card = payment.cardLast4
    ? `${payment.cardBrand ? `${capitalize(payment.cardBrand)} ` : 'Card '}ending ${payment.cardLast4}`
    : 'Card';
  const details: [string, string][] = [
    ['Amount paid', formatMoney(centsToDecimal(payment.amountCents))],
    ['Paid with', card],
    ['Date', format(new TZDateMini(payment.paidAt.getTime(), SHOP_TIME_ZONE), 'MMM d, yyyy h:mm a')],
    ['Estimate', reference(ctx)],
    ['Transaction', payment.providerIntentId],
  ];
  if (remainingCents > 0) details.push(['Balance still due', formatMoney(centsToDecimal(remainingCents))]);
  return mail(ctx, {
    subject: `Payment receipt: ${formatMoney(centsToDecimal(payment.amountCents))}`,
    paragraphs: [
      `Thank you. We received your payment for the repair of ${vehicleName(ctx)}.`,
      ...(payment.testMode ? ['TEST MODE: no money was charged.'] : []),
    ],
    details,
    closing: 'Keep this e-mail as your receipt.',
  });
}

export function shopMessageMail(ctx: EstimateMailContext, content: string): RenderedMail {
  return mail(ctx, {
    subject: `New message from ${ctx.shop.name}`,
    paragraphs: [`${ctx.shop.name} sent you a message about your estimate #${reference(ctx)}.`],
    quote: { label: 'Message', text: content },
    closing: 'Reply on the estimate page so the whole conversation stays in one place.',
  });
}

/**
 * A supplement waits for the customer's consent (F.S. 559.909(1)): what changed and by how much, with
 * the link to the estimate page where they approve or decline it.
 */
export function supplementMail(
  ctx: EstimateMailContext,
  supplement: { number: number; reason: string; amount: string; newTotal: string },
): RenderedMail {
  const change = supplement.amount.startsWith('-')
    ? `-${formatMoney(supplement.amount.slice(1))}`
    : `+${formatMoney(supplement.amount)}`;
  return mail(ctx, {
    subject: `Supplement #${supplement.number} to your estimate needs your approval: ${change}`,
    paragraphs: [
      `While repairing ${vehicleName(ctx)} we found work that was not on the estimate you approved.`,
      'We will not charge for it without your consent. Please review the change, with the photos, and approve or decline it online, or call us.',
    ],
    quote: { label: 'Why', text: supplement.reason },
    details: [
      ['Reference', reference(ctx)],
      ['Change', change],
      ['New total', formatMoney(supplement.newTotal)],
    ],
    closing: `Questions? Call us at ${ctx.shop.phone}.`,
  });
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
