import { z } from 'zod';
import { UUID_PATTERN } from './ids.ts';
import { centsToDecimal, formatMoney, MAX_AMOUNT_CENTS, toCents } from './money.ts';
import { multiLineText, oneLineText } from './plain-text.ts';

/**
 * Money the shop takes outside the app (cash at pickup, a check, the insurer's check, a card on the
 * counter terminal) and records on the estimate. It counts in the same "paid" sum as the card payments
 * made online, so the customer's page, the invoice and the desk agree on what is still owed.
 */

/** How a payment was made. Online card payments are 'card' too. */
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'insurance', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'Choose how it was paid: cash, check, card, insurance or other.',
});

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  insurance: 'Insurance',
  other: 'Other',
};

/**
 * The statuses in which the customer owes the shop for agreed work: what the "balance due" filter and
 * the dashboard's outstanding balances count, and when the shop may record a payment.
 */
export const OWING_STATUSES = ['approved', 'scheduled', 'in_progress', 'completed'] as const;

export function isOwingStatus(status: string): boolean {
  return (OWING_STATUSES as readonly string[]).includes(status);
}

/**
 * The methods the desk may record on an estimate. Where the insurer shares the bill (coverage above
 * $0), the balance the app keeps is the customer's share, their deductible: the insurer pays its
 * coverage to the shop apart from it, so its check is not recorded against what the customer owes
 * (it would mark the customer paid when they paid nothing). On a customer-pay job an insurance check
 * the customer brings pays their bill like any other.
 */
export function recordableMethods(estimate: { insuranceCoverage: string | null }): readonly PaymentMethod[] {
  return insurerShares(estimate)
    ? PAYMENT_METHODS.filter((method) => method !== 'insurance')
    : PAYMENT_METHODS;
}

const insurerShares = (estimate: { insuranceCoverage: string | null }) =>
  (toCents(estimate.insuranceCoverage) ?? 0) > 0;

export const insurerCoverageApart = (coverage: string | null) =>
  `The insurer pays its ${formatMoney(coverage)} coverage apart from the customer's balance: record here only what the customer pays toward their share.`;

export const RECORDED_REFERENCE_MAX = 100;
export const RECORDED_NOTE_MAX = 500;
const AMOUNT_MESSAGE = 'Enter the amount received, more than $0.00, like 226.51.';
export const PAYMENT_TOO_LARGE = 'A payment can be at most $999,999.99.';
export const REQUEST_ALREADY_RECORDED =
  'This form already recorded a different payment: close it and look at the payments recorded.';

/** POST /api/admin/estimates/{id}/payments. */
export const recordPaymentSchema = z.object({
  amount: z.union([z.string(), z.number()], { error: AMOUNT_MESSAGE }).transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_TOO_LARGE });
      return z.NEVER;
    }
    return cents;
  }),
  method: paymentMethodSchema,
  /**
   * The form's own id for this payment, new each time the form opens: sent again (a retry after a
   * lost answer, a second click), it records nothing more and answers the payment already recorded.
   */
  requestId: z.string().regex(UUID_PATTERN, 'requestId must be a UUID.').optional(),
  reference: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: 'The reference must be text.' })
      .trim()
      .max(RECORDED_REFERENCE_MAX, `The reference must be at most ${RECORDED_REFERENCE_MAX} characters.`)
      .refine(...oneLineText('Reference'))
      .optional(),
  ),
  note: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: 'The note must be text.' })
      .trim()
      .max(RECORDED_NOTE_MAX, `The note must be at most ${RECORDED_NOTE_MAX} characters.`)
      .refine(...multiLineText('Note'))
      .optional(),
  ),
});
/** What the form sends: the amount as typed. */
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const recordedPaymentSchema = z.object({
  id: z.string(),
  amount: z.string(),
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
  recordedBy: z.string().nullable(),
  /** What is still owed after this payment. */
  amountDue: z.string(),
});
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

/** The 409 when the amount is more than what is owed: it says how much may be recorded. */
export function overpaymentMessage(dueCents: number): string {
  return dueCents === 0
    ? 'Nothing is owed on this estimate: there is no balance to record a payment against.'
    : `That is more than the balance due: at most ${formatMoney(centsToDecimal(dueCents))} can be recorded.`;
}

export const NOT_OWING_MESSAGE =
  'A payment can be recorded only once the work is approved (approved, scheduled, in progress or completed).';
