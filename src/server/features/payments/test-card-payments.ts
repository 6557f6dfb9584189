import { eq } from 'drizzle-orm';
import {
  paidCents,
  paymentAvailability,
  type TestCardPaymentInput,
  type TestCardPaymentReply,
} from '#domain/payments.ts';
import { storageCents } from '#domain/storage.ts';
import { checkCard, testCardOutcome } from '#domain/test-cards.ts';
import type { TestPaymentProvider } from '#server/adapters/payments/test-provider.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, payments, type UserRow } from '#server/db/schema.ts';
import { findEstimateForUser } from '#server/features/estimates/shared.ts';
import { paymentNotFound } from './service.ts';
import { lockPayment, recordIntentState } from './settle-intent.ts';

export const PAYMENT_CANCELED = 'This payment was cancelled. Please reload the page to pay.';
export const AMOUNT_CHANGED = 'The amount due has changed. Please reload the page to pay.';

type Result = { reply: TestCardPaymentReply } | { refuse: string };

/**
 * POST /api/test-payments/confirm: the built-in test provider's "card network". The card is checked
 * like a real form would (Luhn, expiry, security code), then the test card number decides the outcome.
 * Under the estimate's lock, a payment already made is answered as made — a second click or a second
 * tab never charges twice — and an intent that no longer matches the amount due is cancelled.
 */
export async function confirmTestCardPayment(
  db: Db,
  provider: TestPaymentProvider,
  user: UserRow,
  input: TestCardPaymentInput,
): Promise<TestCardPaymentReply> {
  const intentId = provider.intentIdFromClientSecret(input.clientSecret);
  if (!intentId) throw paymentNotFound();
  const [found] = await db
    .select({ id: payments.id, estimateId: payments.estimateId })
    .from(payments)
    .where(eq(payments.providerIntentId, intentId))
    .limit(1);
  if (!found) throw paymentNotFound();
  // Only the estimate's owner or an admin; anyone else learns nothing, as if the payment did not exist.
  await findEstimateForUser(db, found.estimateId, user).catch(() => {
    throw paymentNotFound();
  });

  const check = checkCard(input);
  if (!check.ok) throw new AppError('bad_request', check.message);

  const result = await db.transaction(async (tx): Promise<Result> => {
    const payment = await lockPayment(tx, found);
    const reply = (message: string | null = null): Result => ({
      reply: { status: payment.status, paymentIntentId: intentId, message },
    });
    if (payment.status === 'succeeded') return reply();
    if (payment.status === 'canceled') return { refuse: PAYMENT_CANCELED };

    const [estimate] = await tx.select().from(estimates).where(eq(estimates.id, payment.estimateId));
    if (!estimate) throw paymentNotFound();
    const paid = paidCents(await tx.select().from(payments).where(eq(payments.estimateId, estimate.id)));
    const availability = paymentAvailability(estimate, paid, storageCents(estimate));
    if (!availability.payable || availability.amountDueCents !== payment.amountCents) {
      await recordIntentState(tx, payment, { status: 'canceled', failureMessage: null, card: null });
      return { refuse: availability.payable ? AMOUNT_CHANGED : availability.message };
    }

    const outcome = testCardOutcome(check.card.digits);
    const failureMessage = outcome.status === 'failed' ? outcome.message : null;
    await recordIntentState(tx, payment, {
      status: outcome.status,
      failureMessage,
      card: { brand: check.card.brand, last4: check.card.last4 },
    });
    return { reply: { status: outcome.status, paymentIntentId: intentId, message: failureMessage } };
  });
  // Refused after the transaction, so the cancellation above is kept.
  if ('refuse' in result) throw new AppError('conflict', result.refuse);
  return result.reply;
}
