import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import type { PaymentsConfig } from './payments-config.js';
import { StripePaymentProvider } from './stripe-provider.js';
import { TestPaymentProvider } from './test-provider.js';

/** Stripe when configured; otherwise the built-in test provider, keyed by the server's own secret. */
export function createPaymentProvider(config: PaymentsConfig, db: Db, serverSecret: string): PaymentProvider {
  return config.kind === 'stripe'
    ? new StripePaymentProvider(config)
    : new TestPaymentProvider(db, serverSecret);
}
