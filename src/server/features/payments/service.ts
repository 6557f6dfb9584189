import { and, eq } from 'drizzle-orm';
import { centsToDecimal } from '#domain/money.ts';
import {
  type ConfirmPaymentInput,
  PAYMENT_CURRENCY,
  type PaymentConfig,
  type PaymentConfirmation,
  type PaymentEstimate,
  type PaymentIntentReply,
  type PaymentSummary,
  paidCents,
  paymentAvailability,
} from '#domain/payments.ts';
import { presentStorage, storageCents } from '#domain/storage.ts';
import {
  isOpenStatus,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderIntent,
} from '#server/adapters/payments/payment-provider.ts';
import type { PaymentsConfig } from '#server/adapters/payments/payments-config.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import {
  type EstimateRow,
  estimates,
  type PaymentRow,
  payments,
  type UserRow,
  vehicles,
} from '#server/db/schema.ts';
import {
  assertWithinConsent,
  estimatesVisibleTo,
  findEstimateForUser,
  lockEstimateForUser,
} from '#server/features/estimates/shared.ts';
import { estimateBalance } from './balance.ts';
import { type IntentState, recordIntentState, settleIntent } from './settle-intent.ts';

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
}

export const PAYMENT_IN_PROGRESS = 'A payment for this estimate is already being processed.';
export const paymentNotFound = () => new AppError('not_found', 'Payment not found');

const CANCELED: IntentState = { status: 'canceled', failureMessage: null, card: null };
/** Rounds of "the provider moved on without telling us": more than two means something is wrong. */
const MAX_ROUNDS = 3;

export function paymentConfigFor(config: PaymentsConfig): PaymentConfig {
  return config.kind === 'stripe'
    ? { mode: 'stripe', publishableKey: config.publishableKey }
    : { mode: 'test' };
}

type Step =
  | { kind: 'created'; intent: ProviderIntent }
  | { kind: 'reuse'; payment: PaymentRow }
  | { kind: 'again' }
  | { kind: 'in_progress' };

/**
 * POST /api/create-payment-intent. The amount is the estimate's amount due, computed here; the
 * client has no say in it. Under a lock on the estimate, an open intent for the same amount is handed
 * out again (a second click or a second tab pays the same intent, which can be paid only once); a
 * changed amount cancels the old intents before a new one is made.
 */
export async function createPaymentIntent(
  { db, provider }: PaymentsDeps,
  user: UserRow,
  estimateId: string,
): Promise<PaymentIntentReply> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const step = await db.transaction(async (tx): Promise<Step> => {
      const estimate = await lockEstimateForUser(tx, estimateId, user);
      const estimatePayments = await tx.select().from(payments).where(eq(payments.estimateId, estimate.id));
      const paid = paidCents(estimatePayments);
      // The storage charged so far is owed like the repair (decision 072): the card pays both.
      const availability = paymentAvailability(estimate, paid, storageCents(estimate));
      if (!availability.payable) throw new AppError('conflict', availability.message);
      // F.S. 559.909: no charge above the approved amount (plus the tolerance) without consent.
      await assertWithinConsent(tx, estimate.id);
      if (estimatePayments.some((payment) => payment.status === 'processing')) {
        throw new AppError('conflict', PAYMENT_IN_PROGRESS);
      }
      const due = availability.amountDueCents;

      const open = estimatePayments.filter((payment) => isOpenStatus(payment.status));
      const reusable = open.find(
        (payment) => payment.provider === provider.name && payment.amountCents === due,
      );
      if (reusable) return { kind: 'reuse', payment: reusable };

      // The amount changed (or the provider did): the old intents must not be payable any more.
      const cancelled = await cancelOpenIntents(tx, provider, open);
      if (cancelled === 'succeeded') return { kind: 'again' };
      // Returned, not thrown: the transaction keeps the state the cancel found.
      if (cancelled === 'in_progress') return { kind: 'in_progress' };

      // Counting earlier attempts makes the key new for each attempt, yet the same if this very
      // attempt is retried after a failure between the provider's answer and our insert.
      const attempt = estimatePayments.length + 1;
      const intent = await provider.createIntent({
        amountCents: due,
        currency: PAYMENT_CURRENCY,
        estimateId: estimate.id,
        idempotencyKey: `estimate-${estimate.id}-${due}-${attempt}`,
      });
      if (!intent.clientSecret)
        throw new PaymentProviderError(`intent ${intent.id} came without a client secret`);
      await tx
        .insert(payments)
        .values({
          estimateId: estimate.id,
          userId: user.id,
          provider: provider.name,
          providerIntentId: intent.id,
          amountCents: due,
          currency: PAYMENT_CURRENCY,
          status: 'requires_payment',
        })
        .onConflictDoNothing({ target: payments.providerIntentId });
      return { kind: 'created', intent };
    });

    if (step.kind === 'created')
      return intentReply(step.intent.id, step.intent.clientSecret, step.intent.amountCents);
    if (step.kind === 'again') continue;
    if (step.kind === 'in_progress') throw new AppError('conflict', PAYMENT_IN_PROGRESS);

    // Outside the transaction: a network call for Stripe, and the test provider reads the table.
    const current = await provider.retrieveIntent(step.payment.providerIntentId);
    if (current && isOpenStatus(current.status) && current.clientSecret) {
      if (current.status !== step.payment.status) await settleIntent(db, current);
      return intentReply(current.id, current.clientSecret, step.payment.amountCents);
    }
    // Paid, cancelled or forgotten by the provider without us hearing of it: record that, decide again.
    await settleIntent(db, current ?? { id: step.payment.providerIntentId, ...CANCELED });
  }
  throw new PaymentProviderError(`estimate ${estimateId}: intents kept changing while a payment was set up`);
}

/**
 * Cancels open intents so the same balance cannot be paid twice, recording what each cancel reports.
 * Anything but cancelled stops here: paid meanwhile ('succeeded'), or under way ('in_progress': Stripe
 * refuses to cancel a payment being processed, and it may still go through). The caller commits what
 * was recorded before it answers.
 */
export async function cancelOpenIntents(
  tx: Db,
  provider: PaymentProvider,
  open: readonly PaymentRow[],
): Promise<'canceled' | 'succeeded' | 'in_progress'> {
  for (const payment of open) {
    const state =
      payment.provider === provider.name ? await provider.cancelIntent(payment.providerIntentId) : CANCELED;
    await recordIntentState(tx, payment, state);
    if (state.status === 'succeeded') return 'succeeded';
    if (state.status !== 'canceled') return 'in_progress';
  }
  return 'canceled';
}

function intentReply(id: string, clientSecret: string | null, amountCents: number): PaymentIntentReply {
  if (!clientSecret) throw new PaymentProviderError(`intent ${id} came without a client secret`);
  return { clientSecret, paymentIntentId: id, amount: centsToDecimal(amountCents) };
}

/**
 * POST /api/payments/confirm: the success page's question "did it go through?". The answer comes
 * from the provider, not from the URL the browser was sent back to.
 */
export async function confirmPayment(
  { db, provider }: PaymentsDeps,
  user: UserRow,
  input: ConfirmPaymentInput,
): Promise<PaymentConfirmation> {
  const payment = await findPaymentForUser(db, user, input.paymentIntentId);
  if (!payment || (input.estimateId !== undefined && input.estimateId !== payment.estimateId)) {
    throw paymentNotFound();
  }
  if (payment.status !== 'succeeded' && payment.provider === provider.name) {
    const intent = await provider.retrieveIntent(payment.providerIntentId);
    if (intent) await settleIntent(db, intent);
  }
  return presentConfirmation(db, payment.id);
}

/** A payment the user may see: one for an estimate of theirs, or any for an admin. */
async function findPaymentForUser(
  db: Db,
  user: UserRow,
  providerIntentId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(estimates, eq(estimates.id, payments.estimateId))
    .where(and(eq(payments.providerIntentId, providerIntentId), estimatesVisibleTo(user)))
    .limit(1);
  return row?.payment ?? null;
}

async function presentConfirmation(db: Db, paymentId: string): Promise<PaymentConfirmation> {
  const [row] = await db
    .select({ payment: payments, estimate: estimates, vehicle: vehicles })
    .from(payments)
    .innerJoin(estimates, eq(estimates.id, payments.estimateId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) throw paymentNotFound();
  const { payment } = row;
  return {
    status: payment.status,
    amountPaid: centsToDecimal(payment.status === 'succeeded' ? payment.amountCents : 0),
    transactionId: payment.providerIntentId,
    paidAt: payment.paidAt?.toISOString() ?? null,
    failureMessage: payment.failureMessage,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    estimate: presentEstimate(row.estimate, row.vehicle),
  };
}

/**
 * GET /api/estimates/{id}/payment-summary: the estimate as the payment page shows it, what is paid
 * (online and recorded by the shop) and what is due.
 */
export async function getPaymentSummary(db: Db, user: UserRow, estimateId: string): Promise<PaymentSummary> {
  const estimate = await findEstimateForUser(db, estimateId, user);
  const [vehicle] = estimate.vehicleId
    ? await db.select().from(vehicles).where(eq(vehicles.id, estimate.vehicleId)).limit(1)
    : [];
  const balance = await estimateBalance(db, estimate, { staff: user.isAdmin });
  const paid = centsToDecimal(balance.paidCents);
  return {
    estimate: presentEstimate(estimate, vehicle ?? null),
    amountDue: centsToDecimal(balance.amountDueCents),
    paid,
    amountPaid: paid,
    lastPaidAt: balance.lastPaidAt?.toISOString() ?? null,
    payments: balance.payments,
    storage: presentStorage(balance.storage),
  };
}

function presentEstimate(
  estimate: EstimateRow,
  vehicle: { year: number | null; make: string | null; model: string | null } | null,
): PaymentEstimate {
  return {
    id: estimate.id,
    status: estimate.status,
    estimatedAmount: estimate.estimatedAmount,
    customerDeductible: estimate.customerDeductible,
    insuranceCoverage: estimate.insuranceCoverage,
    insuranceCompany: estimate.insuranceCompany,
    vehicle: vehicle && { year: vehicle.year, make: vehicle.make, model: vehicle.model },
  };
}
