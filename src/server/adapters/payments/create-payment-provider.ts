import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import type { PaymentsConfig } from './payments-config.js';
import { TestPaymentProvider } from './test-provider.js';

/**
 * Stripe when configured; otherwise the built-in test provider, keyed by the server's own secret.
 * Stripe's SDK is loaded only when it is used (it costs ~20 MB of memory).
 */
export async function createPaymentProvider(
  config: PaymentsConfig,
  db: Db,
  serverSecret: string,
): Promise<PaymentProvider> {
  if (config.kind !== 'stripe') return new TestPaymentProvider(db, serverSecret);
  const { StripePaymentProvider } = await import('./stripe-provider.js');
  return new StripePaymentProvider(config);
}
