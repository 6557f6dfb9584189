import type { PaymentStatus } from '#domain/payments.ts';

/**
 * A card payment provider as the payments feature sees it. Stripe and the built-in test provider
 * implement it; nothing outside this folder knows which one is in use.
 */

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  estimateId: string;
  /** The same key always yields the same intent, so a retried request never makes a second charge. */
  idempotencyKey: string;
}

/** A payment intent in our terms; the provider's own statuses are mapped onto ours. */
export interface ProviderIntent {
  id: string;
  /** What the browser needs to confirm the payment; null once the provider no longer hands it out. */
  clientSecret: string | null;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** The estimate named in the intent's metadata, when it carries one. */
  estimateId: string | null;
  failureMessage: string | null;
  card: { brand: string | null; last4: string | null } | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment intent the event is about, when it is about one. */
  intentId: string | null;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an open intent so it can no longer be paid; answers the intent's state afterwards. */
  cancelIntent(id: string): Promise<Pick<ProviderIntent, 'status' | 'failureMessage' | 'card'>>;
  /**
   * Providers that call back (Stripe webhooks): checks the signature against the raw body and reads
   * the event. Throws InvalidWebhookError when the signature does not match.
   */
  readonly webhooks?: { parse(rawBody: Buffer, signature: string): ProviderEvent };
}

/** An open intent can still be paid by the customer. */
export function isOpenStatus(status: PaymentStatus): boolean {
  return status === 'requires_payment' || status === 'failed';
}

/** The provider could not be reached or refused the call; the details are logged, not shown. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
}

export class InvalidWebhookError extends Error {
  override readonly name = 'InvalidWebhookError';
}
