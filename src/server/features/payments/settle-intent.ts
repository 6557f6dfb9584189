import { eq, sql } from 'drizzle-orm';
import { paymentReceivedNote } from '#domain/admin-notes.ts';
import type { ProviderIntent } from '#server/adapters/payments/payment-provider.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, messages, type PaymentRow, payments, processedWebhookEvents } from '#server/db/schema.ts';
import { touchEstimates } from '#server/features/estimates/shared.ts';
import { notifyPaymentReceived } from '#server/features/notifications/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';

export type IntentState = Pick<ProviderIntent, 'status' | 'failureMessage' | 'card'>;

/**
 * Brings our payment row in line with the provider's state. The provider's word wins, except that a
 * payment that succeeded stays succeeded: a late or replayed event cannot undo it. Success is written
 * together with the receipt note on the estimate, in the caller's transaction, so one never exists
 * without the other. The caller holds the estimate's and the payment's row locks.
 */
export async function recordIntentState(tx: Db, payment: PaymentRow, state: IntentState): Promise<void> {
  if (payment.status === 'succeeded') return;
  if (state.status === payment.status && state.failureMessage === payment.failureMessage) return;

  if (state.status !== 'succeeded') {
    await tx
      .update(payments)
      .set({ status: state.status, failureMessage: state.failureMessage, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    return;
  }

  const last4 = state.card?.last4 ?? null;
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      failureMessage: null,
      cardBrand: state.card?.brand ?? null,
      cardLast4: last4,
      paidAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id));
  await tx.insert(messages).values({
    estimateId: payment.estimateId,
    authorId: null,
    isFromAdmin: true,
    ...noteColumns(
      paymentReceivedNote(payment.amountCents, last4, { testMode: payment.provider === 'test' }),
    ),
  });
  // The estimate now shows as (partly) paid: its list version must change.
  await touchEstimates(tx, payment.estimateId);
  // The receipt is queued with the success itself (once: a succeeded payment never comes back here).
  await notifyPaymentReceived(tx, payment.id);
}

/** Locks an estimate and then one of its payments: always in this order, so two writers cannot deadlock. */
export async function lockPayment(
  tx: Db,
  payment: Pick<PaymentRow, 'id' | 'estimateId'>,
): Promise<PaymentRow> {
  await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(eq(estimates.id, payment.estimateId))
    .for('update');
  const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  if (!locked) throw new Error(`payment ${payment.id} vanished`);
  return locked;
}

export type SettleOutcome = 'settled' | 'unknown_intent' | 'duplicate_event';

/**
 * Records what the provider says about one of our intents, in one transaction. With an event, the
 * event id is stored in the same transaction: an event is handled exactly once, and one that failed
 * half-way is not marked handled, so the provider's retry gets another chance.
 */
export async function settleIntent(
  db: Db,
  intent: (IntentState & { id: string }) | null,
  event?: { id: string; type: string; provider: string },
): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    if (event) {
      const fresh = await tx
        .insert(processedWebhookEvents)
        .values({ id: event.id, type: event.type, provider: event.provider })
        .onConflictDoNothing()
        .returning({ id: processedWebhookEvents.id });
      if (fresh.length === 0) return 'duplicate_event';
    }
    if (!intent) return 'unknown_intent';
    const [payment] = await tx
      .select({ id: payments.id, estimateId: payments.estimateId })
      .from(payments)
      .where(eq(payments.providerIntentId, intent.id))
      .limit(1);
    // Not ours (another app on the same provider account, or a row since removed): nothing to do.
    if (!payment) return 'unknown_intent';
    await recordIntentState(tx, await lockPayment(tx, payment), intent);
    return 'settled';
  });
}
