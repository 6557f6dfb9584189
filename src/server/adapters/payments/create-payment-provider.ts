import type { Db } from '#server/db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentsConfig } from './payments-config.ts';
import { TestPaymentProvider } from './test-provider.ts';

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
  const { StripePaymentProvider } = await import('./stripe-provider.ts');
  return new StripePaymentProvider(config);
}
