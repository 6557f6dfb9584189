import { eq } from 'drizzle-orm';
import { paidCents, paymentAvailability } from '#domain/payments.ts';
import { storageCents } from '#domain/storage.ts';
import { isOpenStatus, type PaymentProvider } from '#server/adapters/payments/payment-provider.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, payments } from '#server/db/schema.ts';
import { cancelOpenIntents } from './service.ts';

/**
 * After a change to an estimate (its status, its figures), cancels on the provider each open intent the
 * estimate no longer pays for: every one once it cannot be paid online, and any for more than is now
 * due. Stripe.js confirms an intent from the customer's browser without asking us, so one left open
 * would be charged in full on a cancelled job or above a lowered share (the test card form checks
 * the same at its confirm). A cancel that finds the payment made or under way is recorded as it
 * stands (a success with its note and receipt): the money is real, and the change goes on. Call in
 * the transaction that holds the estimate's row and made the change; a provider that cannot be
 * reached fails it, so no change leaves a payable intent behind.
 */
export async function cancelStaleIntents(
  tx: Db,
  provider: PaymentProvider,
  estimateId: string,
): Promise<void> {
  const estimatePayments = await tx.select().from(payments).where(eq(payments.estimateId, estimateId));
  const open = estimatePayments.filter((payment) => isOpenStatus(payment.status));
  if (open.length === 0) return;
  const [estimate] = await tx.select().from(estimates).where(eq(estimates.id, estimateId));
  if (!estimate) return;
  const availability = paymentAvailability(estimate, paidCents(estimatePayments), storageCents(estimate));
  const stale = open.filter(
    (payment) => !availability.payable || payment.amountCents > availability.amountDueCents,
  );
  // One at a time: cancelOpenIntents stops at the first it finds paid or under way, and each must be tried.
  for (const payment of stale) await cancelOpenIntents(tx, provider, [payment]);
}
