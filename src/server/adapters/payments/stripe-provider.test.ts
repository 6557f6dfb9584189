import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '#server/test-support/stripe-stand-in.ts';
import { InvalidWebhookError, PaymentProviderError } from './payment-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
let standIn: StripeStandIn;
let provider: StripePaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = new StripePaymentProvider({
    kind: 'stripe',
    secretKey: standIn.apiKey,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: WEBHOOK_SECRET,
    api: { host: standIn.host, port: standIn.port, protocol: 'http' },
  });
});
afterAll(() => standIn.close());

const input = (key: string) => ({
  amountCents: 50_000,
  currency: 'usd',
  estimateId: '6f1c2b8e-0000-4000-8000-000000000001',
  idempotencyKey: key,
});

describe('StripePaymentProvider against a local Stripe API stand-in', () => {
  it('creates an intent with the amount, the estimate in metadata and the idempotency key', async () => {
    const intent = await provider.createIntent(input('estimate-a-50000-1'));
    expect(intent).toMatchObject({
      status: 'requires_payment',
      amountCents: 50_000,
      currency: 'usd',
      estimateId: '6f1c2b8e-0000-4000-8000-000000000001',
      failureMessage: null,
      card: null,
    });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const request = standIn.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'estimate-a-50000-1',
    });
    expect(request?.params).toMatchObject({
      amount: '50000',
      currency: 'usd',
      'metadata[estimateId]': '6f1c2b8e-0000-4000-8000-000000000001',
      'automatic_payment_methods[enabled]': 'true',
    });
  });

  it('gets the same intent back for the same idempotency key', async () => {
    const first = await provider.createIntent(input('estimate-b-50000-1'));
    const again = await provider.createIntent(input('estimate-b-50000-1'));
    const other = await provider.createIntent(input('estimate-b-50000-2'));
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it('reads the outcome: declined with the reason, then paid with the card', async () => {
    const { id } = await provider.createIntent(input('estimate-c-50000-1'));
    standIn.decline(id, 'Your card was declined.');
    expect(await provider.retrieveIntent(id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    standIn.succeed(id, { brand: 'visa', last4: '4242' });
    expect(await provider.retrieveIntent(id)).toMatchObject({
      status: 'succeeded',
      amountCents: 50_000,
      failureMessage: null,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(standIn.requests.at(-1)?.params).toMatchObject({ 'expand[0]': 'latest_charge' });
  });

  it('answers null for an intent Stripe does not know', async () => {
    expect(await provider.retrieveIntent('pi_unknown')).toBeNull();
  });

  it('cancels an open intent, and reports a paid one as paid instead', async () => {
    const open = await provider.createIntent(input('estimate-d-50000-1'));
    expect((await provider.cancelIntent(open.id)).status).toBe('canceled');
    const paid = await provider.createIntent(input('estimate-d-50000-2'));
    standIn.succeed(paid.id);
    expect((await provider.cancelIntent(paid.id)).status).toBe('succeeded');
  });

  it('turns Stripe failures into a provider error, never a 4xx of its own', async () => {
    standIn.failNextRequests(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    const failure = await provider.createIntent(input('estimate-e-50000-1')).catch((error) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure.statusCode).toBeUndefined();
  });

  it('retries a passing server error by itself', async () => {
    standIn.failNextRequests(500, { type: 'api_error', message: 'Something went wrong.' }, 1);
    const intent = await provider.createIntent(input('estimate-f-50000-1'));
    expect(intent.status).toBe('requires_payment');
  });
});

describe('Stripe webhooks', () => {
  const signer = new Stripe('sk_test_signer');

  it('reads an event whose signature matches the raw body', async () => {
    const created = await provider.createIntent(input('estimate-g-50000-1'));
    const standInIntent = standIn.succeed(created.id);
    const { id, payload } = standIn.event('payment_intent.succeeded', standInIntent);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(provider.webhooks?.parse(Buffer.from(payload), header)).toEqual({
      id,
      type: 'payment_intent.succeeded',
      intentId: created.id,
    });
  });

  it('refuses a wrong secret, an altered body and a missing header', () => {
    const intent = [...standIn.intents.values()][0];
    if (!intent) throw new Error('no intent');
    const { payload } = standIn.event('payment_intent.succeeded', intent);
    const wrong = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider.webhooks?.parse(Buffer.from(payload), wrong)).toThrow(InvalidWebhookError);
    const right = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = payload.replace('"livemode":false', '"livemode":true');
    expect(() => provider.webhooks?.parse(Buffer.from(altered), right)).toThrow(InvalidWebhookError);
    expect(() => provider.webhooks?.parse(Buffer.from(payload), '')).toThrow(InvalidWebhookError);
  });

  it('is off without a webhook secret', () => {
    const noWebhooks = new StripePaymentProvider({
      kind: 'stripe',
      secretKey: standIn.apiKey,
      publishableKey: 'pk_test_stand_in',
      webhookSecret: null,
      api: { host: standIn.host, port: standIn.port, protocol: 'http' },
    });
    expect(noWebhooks.webhooks).toBeUndefined();
  });
});
