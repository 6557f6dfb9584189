import { z } from 'zod';
import { isPayableStatus } from './estimate-status.ts';
import { canonicalStatusSchema } from './estimate-status-schema.ts';
import { toCents } from './money.ts';
import { paymentMethodSchema } from './recorded-payments.ts';
import { storageSummarySchema } from './storage.ts';

/**
 * Paying for a repair: what is owed, when it may be paid, and the shapes of the payment calls.
 * The server decides every amount from the stored estimate; the client only shows it.
 */

export const PAYMENT_CURRENCY = 'usd';

interface BillableEstimate {
  status: string;
  estimatedAmount: string | null;
  customerDeductible: string | null;
}

/**
 * The customer's share in cents: the deductible when there is one (insurance pays the rest), else the
 * whole estimate. Null when the estimate has no positive amount yet.
 */
export function customerShareCents(estimate: Omit<BillableEstimate, 'status'>): number | null {
  const total = toCents(estimate.estimatedAmount);
  if (total === null || total <= 0) return null;
  const share = estimate.customerDeductible === null ? total : toCents(estimate.customerDeductible);
  return share !== null && share > 0 ? share : null;
}

/**
 * What is still owed after the payments already made; never below zero. `storageCents`: the storage
 * charged so far on a finished car not yet collected (storageCents in storage.ts), owed like the repair.
 */
export function amountDueCents(
  estimate: Omit<BillableEstimate, 'status'>,
  paidCents: number,
  storageCents = 0,
): number {
  return Math.max(0, (customerShareCents(estimate) ?? 0) + storageCents - paidCents);
}

/** What an estimate's payments have paid: the succeeded ones only. */
export function paidCents(payments: readonly { status: string; amountCents: number }[]): number {
  return payments
    .filter((payment) => payment.status === 'succeeded')
    .reduce((sum, payment) => sum + payment.amountCents, 0);
}

export const PAYMENT_BLOCKS = {
  no_amount: { title: 'No Payment Required', message: "This estimate doesn't have a payment amount set." },
  already_paid: { title: 'No Payment Required', message: 'This estimate is already paid.' },
  not_payable_status: {
    title: 'Payment Not Available',
    message: 'Payment is only available for approved estimates.',
  },
} as const;

export type PaymentBlock = keyof typeof PAYMENT_BLOCKS;

export type PaymentAvailability =
  | { payable: true; amountDueCents: number }
  | { payable: false; block: PaymentBlock; title: string; message: string };

/**
 * Whether the estimate can be paid now, and if not why. The payment page and the server use this one
 * rule, so the page never offers what the server would refuse.
 */
export function paymentAvailability(
  estimate: BillableEstimate,
  paidCents: number,
  storageCents = 0,
): PaymentAvailability {
  const blocked = (block: PaymentBlock): PaymentAvailability => ({
    payable: false,
    block,
    ...PAYMENT_BLOCKS[block],
  });
  if (customerShareCents(estimate) === null) return blocked('no_amount');
  const due = amountDueCents(estimate, paidCents, storageCents);
  if (due === 0) return blocked('already_paid');
  if (!isPayableStatus(estimate.status)) return blocked('not_payable_status');
  return { payable: true, amountDueCents: due };
}

/** The spec shows only the first 20 characters of a transaction id. */
export const TRANSACTION_ID_DISPLAY_LENGTH = 20;

export function shortTransactionId(id: string): string {
  return id.slice(0, TRANSACTION_ID_DISPLAY_LENGTH);
}

// ---- HTTP shapes ----

export const PAYMENT_STATUSES = [
  'requires_payment',
  'processing',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * POST /api/create-payment-intent. The spec's client also sends `amount`; it is accepted and ignored,
 * because the amount is computed on the server from the stored estimate.
 */
export const createPaymentIntentSchema = z.object({
  estimateId: z.string({ error: 'Estimate not found' }).min(1, 'Estimate not found'),
  amount: z.unknown().optional(),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export const paymentIntentReplySchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** The amount this intent charges, as a decimal string ("500.00"). */
  amount: z.string(),
});
export type PaymentIntentReply = z.infer<typeof paymentIntentReplySchema>;

export const paymentModeSchema = z.enum(['stripe', 'test']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** GET /api/payments/config: which card form to show; the publishable key is public by design. */
export const paymentConfigSchema = z.object({
  mode: paymentModeSchema,
  publishableKey: z.string().optional(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

const paymentVehicleSchema = z.object({
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
});

/** The estimate as the payment screens show it. */
export const paymentEstimateSchema = z.object({
  id: z.string(),
  status: canonicalStatusSchema,
  estimatedAmount: z.string().nullable(),
  customerDeductible: z.string().nullable(),
  insuranceCoverage: z.string().nullable(),
  /** The insurer, when there is one: it makes the customer's part a deductible (customerShareTerm). */
  insuranceCompany: z.string().nullable(),
  vehicle: paymentVehicleSchema.nullable(),
});
export type PaymentEstimate = z.infer<typeof paymentEstimateSchema>;

/** One payment that went through, as the customer and the desk list it. */
export const paidPaymentSchema = z.object({
  /** The payment's id: the one thing two payments of the same amount at the same time differ by. */
  id: z.string(),
  amount: z.string(),
  method: paymentMethodSchema,
  /** When it was paid (ISO timestamp). */
  at: z.string(),
  /** Staff readers only, for a payment recorded at the desk: who recorded it, its reference and note. */
  recordedBy: z.string().optional(),
  reference: z.string().optional(),
  note: z.string().optional(),
});
export type PaidPayment = z.infer<typeof paidPaymentSchema>;

/** GET /api/estimates/{id}/payment-summary: amounts are decimal strings. */
export const paymentSummarySchema = z.object({
  estimate: paymentEstimateSchema,
  amountDue: z.string(),
  /** Everything paid so far: card payments online and the payments the shop recorded. */
  paid: z.string(),
  /** The same as `paid`, under the name the payment page has always read. */
  amountPaid: z.string(),
  lastPaidAt: z.string().nullable(),
  /** The payments that went through, oldest first. */
  payments: z.array(paidPaymentSchema),
  /**
   * Storage of the finished car so far (decision 072), included in `amountDue`: from the fourth
   * business day after the ready notice until the pickup. Null when none is charged.
   */
  storage: storageSummarySchema.nullable(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** POST /api/payments/confirm: the success page asks the server, which asks the provider. */
export const confirmPaymentSchema = z.object({
  paymentIntentId: z.string().min(1, 'Payment not found').max(255, 'Payment not found'),
  estimateId: z.string().optional(),
});
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;

export const paymentConfirmationSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  /** What this payment charged, as a decimal string. */
  amountPaid: z.string(),
  transactionId: z.string(),
  paidAt: z.string().nullable(),
  failureMessage: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  estimate: paymentEstimateSchema,
});
export type PaymentConfirmation = z.infer<typeof paymentConfirmationSchema>;

/** POST /api/test-payments/confirm: the built-in test provider's card form. */
export const testCardPaymentSchema = z.object({
  clientSecret: z.string({ error: 'Payment not found' }).min(1, 'Payment not found').max(255),
  cardNumber: z.string({ error: 'Your card number is incomplete.' }).max(40),
  expiry: z.string({ error: "Your card's expiration date is incomplete." }).max(20),
  cvc: z.string({ error: "Your card's security code is incomplete." }).max(10),
});
export type TestCardPaymentInput = z.infer<typeof testCardPaymentSchema>;

export const testCardPaymentReplySchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  paymentIntentId: z.string(),
  /** The provider's message when the card was refused. */
  message: z.string().nullable(),
});
export type TestCardPaymentReply = z.infer<typeof testCardPaymentReplySchema>;
