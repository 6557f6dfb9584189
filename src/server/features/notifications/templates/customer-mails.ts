import { customerShareTerm } from '#domain/billing.ts';
import { dropOffSlotLabel } from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { centsToDecimal } from '#domain/money.ts';
import type { PaymentMethod } from '#domain/recorded-payments.ts';
import { longDay, money, shopDate, shopTime } from '#server/i18n/format.ts';
import type { Translate } from '#server/i18n/translator.ts';
import { type MailContent, type RenderedMail, renderMail } from './layout.ts';
import {
  customerLanguage,
  customerLink,
  customerWords,
  type EstimateMailContext,
  greeting,
  reference,
} from './mail-context.ts';

/**
 * What customers receive, in their language (mail-context's customerLanguage says which and when).
 * Each returns the subject, plain text and HTML of one e-mail.
 */

function mail(
  ctx: EstimateMailContext,
  content: Omit<MailContent, 'greeting' | 'action'> & Partial<Pick<MailContent, 'action'>>,
): RenderedMail {
  const t = customerWords(ctx);
  return renderMail(
    {
      greeting: greeting(ctx.customer),
      action: { label: t('mail.action.viewEstimate'), url: customerLink(ctx) },
      statusLink: ctx.statusUrl,
      ...content,
    },
    ctx.shop,
    customerLanguage(ctx),
  );
}

/** '2019 Toyota Camry' / 'su 2019 Toyota Camry', or 'your vehicle' / 'su vehículo' in a sentence. */
function vehicle(ctx: EstimateMailContext, t: Translate): string {
  const title = vehicleTitle(ctx.vehicle);
  return title ? t('mail.vehicle.named', { title }) : t('mail.vehicle.unknown');
}

/** The vehicle as a detail's value. */
const vehicleDetail = (ctx: EstimateMailContext, t: Translate) =>
  vehicleTitle(ctx.vehicle) ?? t('mail.vehicle.notGiven');

const amount = (ctx: EstimateMailContext, value: string | number | null) =>
  money(customerLanguage(ctx), value);

export function estimateReceivedMail(ctx: EstimateMailContext): RenderedMail {
  const t = customerWords(ctx);
  const company = ctx.estimate.insuranceCompany;
  return mail(ctx, {
    subject: t('mail.received.subject', { reference: reference(ctx) }),
    paragraphs: [
      t('mail.received.thanks', { shop: ctx.shop.name, vehicle: vehicle(ctx, t) }),
      t('mail.received.next', { replyHours: ctx.shop.estimateReplyHours }),
    ],
    details: [
      [t('mail.detail.reference'), reference(ctx)],
      [t('mail.detail.vehicle'), vehicleDetail(ctx, t)],
      [
        t('mail.detail.payment'),
        company ? t('mail.detail.insurance', { company }) : t('mail.detail.customerPay'),
      ],
    ],
    closing: t('mail.callUs', { phone: ctx.shop.phone }),
  });
}

/**
 * A walk-in customer's first e-mail: greeted by name, told about the estimate the shop started, with
 * the link that sets their password and lands on the estimate (it replaces the request confirmation).
 */
export function welcomeMail(
  ctx: EstimateMailContext,
  setPasswordLink: string,
  days: number,
  accountCreated = true,
): RenderedMail {
  const t = customerWords(ctx);
  const opening = accountCreated ? 'mail.welcome.created' : 'mail.welcome.existingAccount';
  return mail(ctx, {
    subject: t('mail.welcome.subject', { shop: ctx.shop.name, reference: reference(ctx) }),
    paragraphs: [
      t(opening, { shop: ctx.shop.name, vehicle: vehicle(ctx, t) }),
      t('mail.welcome.setPassword'),
      t('mail.welcome.expires', { days: String(days) }),
    ],
    details: [
      [t('mail.detail.reference'), reference(ctx)],
      [t('mail.detail.vehicle'), vehicleDetail(ctx, t)],
    ],
    action: { label: t('mail.welcome.action'), url: setPasswordLink },
    closing: t('mail.callUs', { phone: ctx.shop.phone }),
  });
}

/** The quote: the total and, when the bill is split, the deductible and the insurer's part. */
export function quoteReadyMail(ctx: EstimateMailContext): RenderedMail {
  const t = customerWords(ctx);
  const { estimatedAmount, customerDeductible, insuranceCoverage, insuranceCompany } = ctx.estimate;
  const details: [string, string][] = [
    [t('mail.detail.reference'), reference(ctx)],
    [t('mail.detail.vehicle'), vehicleDetail(ctx, t)],
    [t('mail.detail.estimateTotal'), amount(ctx, estimatedAmount)],
  ];
  const insured = customerShareTerm(ctx.estimate) === 'deductible';
  if (customerDeductible !== null)
    details.push([
      insured ? t('mail.detail.deductible') : t('mail.detail.yourShare'),
      amount(ctx, customerDeductible),
    ]);
  if (insuranceCoverage !== null && insured) {
    details.push([
      insuranceCompany
        ? t('mail.detail.insuranceCoverageOf', { company: insuranceCompany })
        : t('mail.detail.insuranceCoverage'),
      amount(ctx, insuranceCoverage),
    ]);
  }
  return mail(ctx, {
    subject: t('mail.quote.subject', { total: amount(ctx, estimatedAmount) }),
    paragraphs: [
      t('mail.quote.ready', { vehicle: vehicle(ctx, t) }),
      t('mail.quote.review'),
      t('mail.quote.attachment'),
    ],
    details,
  });
}

export function dropOffScheduledMail(
  ctx: EstimateMailContext,
  appointment: { dropOffDate: string; slot: string; instructions: string },
): RenderedMail {
  const t = customerWords(ctx);
  const date = longDay(customerLanguage(ctx), appointment.dropOffDate);
  return mail(ctx, {
    subject: t('mail.dropOff.subject', { date }),
    paragraphs: [t('mail.dropOff.scheduled', { vehicle: vehicle(ctx, t) })],
    details: [
      [t('mail.detail.date'), date],
      [t('mail.detail.time'), dropOffSlotLabel(appointment.slot, customerLanguage(ctx))],
      [t('mail.detail.address'), `${ctx.shop.street}, ${ctx.shop.city}`],
    ],
    quote: { label: t('mail.dropOff.instructions'), text: appointment.instructions },
    closing: t('mail.dropOff.anotherTime', { phone: ctx.shop.phone }),
  });
}

/** When storage begins and what it costs, as the ready notice says it (decision 072). */
export interface StorageNotice {
  /** 'YYYY-MM-DD': the first day charged. */
  from: string;
  /** The daily charge, decimal ("35.00"). */
  rate: string;
}

export function repairCompletedMail(
  ctx: EstimateMailContext,
  amountDueCents: number,
  storage: StorageNotice | null = null,
): RenderedMail {
  const t = customerWords(ctx);
  const language = customerLanguage(ctx);
  const due = amountDueCents > 0;
  return mail(ctx, {
    subject: t('mail.completed.subject', { vehicle: vehicle(ctx, t) }),
    paragraphs: [
      t('mail.completed.ready', { vehicle: vehicle(ctx, t) }),
      ...(storage
        ? [
            t('mail.completed.storage', {
              from: longDay(language, storage.from),
              rate: money(language, storage.rate),
            }),
          ]
        : []),
      due ? t('mail.completed.payOnline') : t('mail.completed.callForPickup', { phone: ctx.shop.phone }),
      t('mail.completed.invoice'),
    ],
    details: [
      [t('mail.detail.reference'), reference(ctx)],
      ...(due
        ? [[t('mail.detail.balanceDue'), amount(ctx, centsToDecimal(amountDueCents))] as [string, string]]
        : []),
    ],
    closing: t('mail.completed.thanks'),
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
    /** How it was paid; the shop records the ones taken outside the app, with their reference. */
    method: PaymentMethod;
    recordedBy: string | null;
    reference: string | null;
  },
  remainingCents: number,
): RenderedMail {
  const t = customerWords(ctx);
  const language = customerLanguage(ctx);
  const last4 = payment.cardLast4;
  const recorded = payment.recordedBy !== null;
  const card =
    payment.method !== 'card'
      ? t(`mail.receipt.method.${payment.method}`)
      : !last4
        ? t('mail.receipt.card')
        : payment.cardBrand
          ? t('mail.receipt.cardOfBrand', { brand: capitalize(payment.cardBrand), last4 })
          : t('mail.receipt.cardEnding', { last4 });
  const paid = amount(ctx, centsToDecimal(payment.amountCents));
  const details: [string, string][] = [
    [t('mail.detail.amountPaid'), paid],
    [t('mail.detail.paidWith'), card],
    [
      t('mail.detail.date'),
      t('mail.dateTime', {
        date: shopDate(language, payment.paidAt),
        time: shopTime(language, payment.paidAt),
      }),
    ],
    [t('mail.detail.estimate'), reference(ctx)],
  ];
  // A recorded payment's id is ours, not a card network's: its reference (a check number) is what counts.
  if (!recorded) details.push([t('mail.detail.transaction'), payment.providerIntentId]);
  else if (payment.reference) details.push([t('mail.detail.paymentReference'), payment.reference]);
  if (remainingCents > 0) {
    details.push([t('mail.detail.balanceStillDue'), amount(ctx, centsToDecimal(remainingCents))]);
  }
  return mail(ctx, {
    subject: t('mail.receipt.subject', { amount: paid }),
    paragraphs: [
      t('mail.receipt.thanks', { vehicle: vehicle(ctx, t) }),
      ...(payment.testMode ? [t('mail.receipt.testMode')] : []),
    ],
    details,
    closing: t('mail.receipt.keep'),
  });
}

export function shopMessageMail(ctx: EstimateMailContext, content: string): RenderedMail {
  const t = customerWords(ctx);
  return mail(ctx, {
    subject: t('mail.shopMessage.subject', { shop: ctx.shop.name }),
    paragraphs: [t('mail.shopMessage.intro', { shop: ctx.shop.name, reference: reference(ctx) })],
    quote: { label: t('mail.shopMessage.message'), text: content },
    closing: t('mail.shopMessage.replyOnPage'),
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
  const t = customerWords(ctx);
  const change = supplement.amount.startsWith('-')
    ? `-${amount(ctx, supplement.amount.slice(1))}`
    : `+${amount(ctx, supplement.amount)}`;
  return mail(ctx, {
    subject: t('mail.supplement.subject', { number: String(supplement.number), change }),
    paragraphs: [t('mail.supplement.found', { vehicle: vehicle(ctx, t) }), t('mail.supplement.consent')],
    quote: { label: t('mail.supplement.why'), text: supplement.reason },
    details: [
      [t('mail.detail.reference'), reference(ctx)],
      [t('mail.detail.change'), change],
      [t('mail.detail.newTotal'), amount(ctx, supplement.newTotal)],
    ],
    closing: t('mail.callUs', { phone: ctx.shop.phone }),
  });
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Staff ask for the balance: the button opens the payment link's page, no sign-in needed. */
export function paymentLinkMail(
  ctx: EstimateMailContext,
  link: { url: string; amountDueCents: number; days: number },
): RenderedMail {
  const t = customerWords(ctx);
  const due = amount(ctx, centsToDecimal(link.amountDueCents));
  return renderMail(
    {
      greeting: greeting(ctx.customer),
      subject: t('mail.payLink.subject', { shop: ctx.shop.name, amount: due }),
      paragraphs: [
        t('mail.payLink.request', { vehicle: vehicle(ctx, t), amount: due }),
        t('mail.payLink.how', { days: link.days }),
      ],
      details: [
        [t('mail.detail.vehicle'), vehicleDetail(ctx, t)],
        [t('mail.detail.balanceDue'), due],
      ],
      action: { label: t('mail.payLink.action', { amount: due }), url: link.url },
      statusLink: ctx.statusUrl,
      closing: t('mail.callUs', { phone: ctx.shop.phone }),
    },
    ctx.shop,
    customerLanguage(ctx),
  );
}
