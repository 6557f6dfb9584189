import { eq } from 'drizzle-orm';
import { InvalidWebhookError, type PaymentProvider } from '#server/adapters/payments/payment-provider.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { processedWebhookEvents } from '#server/db/schema.ts';
import { type SettleOutcome, settleIntent } from './settle-intent.ts';

export const INVALID_SIGNATURE = 'Invalid webhook signature.';

/**
 * POST /api/stripe/webhook. The signature is checked against the raw body before anything is read.
 * Each event is handled once: its id is stored with the change it caused. The payment's state is read
 * from the provider rather than from the event, so events arriving late or out of order are harmless,
 * and the card's last four digits come along for the receipt note.
 */
export async function handleWebhook(
  db: Db,
  provider: PaymentProvider,
  rawBody: Buffer,
  signature: string,
): Promise<SettleOutcome | 'ignored'> {
  if (!provider.webhooks) throw new AppError('not_found', 'Not found');
  let event: ReturnType<typeof provider.webhooks.parse>;
  try {
    event = provider.webhooks.parse(rawBody, signature);
  } catch (error) {
    if (error instanceof InvalidWebhookError) throw new AppError('bad_request', INVALID_SIGNATURE);
    throw error;
  }
  const [seen] = await db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, event.id))
    .limit(1);
  if (seen) return 'duplicate_event';

  const record = { id: event.id, type: event.type, provider: provider.name };
  if (!event.intentId || !event.type.startsWith('payment_intent.')) {
    await settleIntent(db, null, record);
    return 'ignored';
  }
  const intent = await provider.retrieveIntent(event.intentId);
  return settleIntent(db, intent, record);
}
