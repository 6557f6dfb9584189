import Stripe from 'stripe';
import type { PaymentStatus } from '#domain/payments.ts';
import {
  type CreateIntentInput,
  InvalidWebhookError,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type ProviderIntent,
} from './payment-provider.ts';
import type { PaymentsConfig } from './payments-config.ts';

type StripeConfig = Extract<PaymentsConfig, { kind: 'stripe' }>;

/** Stripe through its official SDK. Card details never reach this server: the Payment Element sends them to Stripe. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly webhooks?: { parse(rawBody: Buffer, signature: string): ProviderEvent };
  private readonly stripe: Stripe;

  constructor(config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'collision-shop' },
      // Testing only (STRIPE_API_*): the same SDK code, talking to a local stand-in.
      ...(config.api && {
        host: config.api.host,
        protocol: config.api.protocol,
        ...(config.api.port !== null && { port: config.api.port }),
      }),
    });
    const { webhookSecret } = config;
    if (webhookSecret) {
      this.webhooks = { parse: (rawBody, signature) => this.parseEvent(rawBody, signature, webhookSecret) };
    }
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          automatic_payment_methods: { enabled: true },
          metadata: { estimateId: input.estimateId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toProviderIntent(intent);
    } catch (error) {
      throw providerError('create a payment intent', error);
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      // The charge carries the card's brand and last four digits for the receipt note.
      const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      return toProviderIntent(intent);
    } catch (error) {
      if (isMissing(error)) return null;
      throw providerError('read a payment intent', error);
    }
  }

  async cancelIntent(id: string): Promise<Pick<ProviderIntent, 'status' | 'failureMessage' | 'card'>> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      // Paid (or cancelled) in the meantime: report how it stands instead.
      if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state') {
        const current = await this.retrieveIntent(id);
        if (current) return current;
      }
      throw providerError('cancel a payment intent', error);
    }
  }

  private parseEvent(rawBody: Buffer, signature: string, secret: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new InvalidWebhookError('Webhook signature verification failed.');
    }
    const object = event.data.object as { object?: string; id?: string };
    return {
      id: event.id,
      type: event.type,
      intentId: object.object === 'payment_intent' && typeof object.id === 'string' ? object.id : null,
    };
  }
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status: toPaymentStatus(intent),
    amountCents: intent.amount,
    currency: intent.currency,
    estimateId: intent.metadata?.estimateId ?? null,
    failureMessage: intent.last_payment_error?.message ?? null,
    card: card ? { brand: card.brand ?? null, last4: card.last4 ?? null } : null,
  };
}

function toPaymentStatus(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method / requires_confirmation / requires_action: still payable; after a
      // refused card Stripe returns the intent here with the reason in last_payment_error.
      return intent.last_payment_error ? 'failed' : 'requires_payment';
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}

/**
 * Stripe's errors carry HTTP statuses of their own (a bad key is a 401); passed on as they are they
 * would read as "signed out" to the browser. They become one server-side failure, logged in full.
 */
function providerError(action: string, error: unknown): PaymentProviderError {
  const detail = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe: could not ${action}: ${detail}`, { cause: error });
}
