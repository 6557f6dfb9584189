import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { estimates, messages, payments, processedWebhookEvents } from '#server/db/schema.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { type StripeStandIn, startStripeStandIn } from '#server/test-support/stripe-stand-in.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { CARD_PAYMENT_WENT_THROUGH } from './recorded-payments.ts';
import { PAYMENT_IN_PROGRESS } from './service.ts';

/** The payment flow with Stripe configured: the real adapter and SDK, against a local API stand-in. */

const WEBHOOK_SECRET = 'whsec_routes_test';
const signer = new Stripe('sk_test_signer');
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());
const t = setUpTestShop(() => ({
  payments: {
    kind: 'stripe',
    secretKey: standIn.apiKey,
    publishableKey: 'pk_test_routes',
    webhookSecret: WEBHOOK_SECRET,
    api: { host: standIn.host, port: standIn.port, protocol: 'http' },
  },
}));
const { alice, bob, admin } = setUpCast(t);

const approvedEstimate = () =>
  createEstimate(t.database.db, {
    userId: alice.user.id,
    status: 'approved',
    estimatedAmount: '2000.00',
    customerDeductible: '500.00',
    insuranceCoverage: '1500.00',
  });

const createIntent = (estimateId: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: as(alice),
    payload: { estimateId, ...extra },
  });

const confirm = (paymentIntentId: string, who: Person = alice) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/confirm',
    headers: as(who),
    payload: { paymentIntentId },
  });

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    payload,
  });
}
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

const paymentRows = (estimateId: string) =>
  t.database.db.select().from(payments).where(eq(payments.estimateId, estimateId));
const notes = (estimateId: string) =>
  t.database.db.select().from(messages).where(eq(messages.estimateId, estimateId));
const intentCreations = () =>
  standIn.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');

const recordAtDesk = (estimateId: string, amount = '500.00') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimateId}/payments`,
    headers: as(admin),
    payload: { amount, method: 'cash' },
  });

/** The card network took the payment and has not answered yet: Stripe refuses to cancel it then. */
function startProcessing(intentId: string) {
  const intent = standIn.intents.get(intentId);
  if (!intent) throw new Error(`stand-in: no intent ${intentId}`);
  intent.status = 'processing';
  standIn.failNextRequests(400, {
    type: 'invalid_request_error',
    message: 'You cannot cancel this PaymentIntent because it has a status of processing.',
    code: 'payment_intent_unexpected_state',
  });
}

describe('Stripe mode', () => {
  it('tells the client to load Stripe with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ mode: 'stripe', publishableKey: 'pk_test_routes' });
  });

  it('has no test card route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: as(alice),
      payload: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('creates the intent on Stripe for the amount due, keyed by estimate, amount and attempt', async () => {
    const estimate = await approvedEstimate();
    const res = await createIntent(estimate.id, { amount: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const standInIntent = standIn.intents.get(body.paymentIntentId);
    expect(body).toEqual({
      clientSecret: standInIntent?.client_secret,
      paymentIntentId: standInIntent?.id,
      amount: '500.00',
    });
    expect(standInIntent).toMatchObject({
      amount: 50_000,
      currency: 'usd',
      metadata: { estimateId: estimate.id },
    });
    expect(intentCreations().at(-1)?.idempotencyKey).toBe(`estimate-${estimate.id}-50000-1`);
    expect(await paymentRows(estimate.id)).toMatchObject([
      {
        provider: 'stripe',
        providerIntentId: body.paymentIntentId,
        amountCents: 50_000,
        status: 'requires_payment',
      },
    ]);
  });

  it('reuses the open intent instead of making another (two clicks, two tabs)', async () => {
    const estimate = await approvedEstimate();
    const before = intentCreations().length;
    const [a, b] = await Promise.all([createIntent(estimate.id), createIntent(estimate.id)]);
    const c = await createIntent(estimate.id);
    expect(new Set([a, b, c].map((res) => res?.json().paymentIntentId)).size).toBe(1);
    expect(intentCreations().length - before).toBe(1);
    expect(await paymentRows(estimate.id)).toHaveLength(1);
  });

  it('confirms on return by asking Stripe, not by trusting the URL', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    expect((await confirm(paymentIntentId)).json()).toMatchObject({
      status: 'requires_payment',
      amountPaid: '0.00',
    });

    standIn.decline(paymentIntentId, 'Your card was declined.');
    expect((await confirm(paymentIntentId)).json()).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });

    standIn.succeed(paymentIntentId, { brand: 'visa', last4: '4242' });
    const res = await confirm(paymentIntentId);
    expect(res.json()).toMatchObject({
      status: 'succeeded',
      amountPaid: '500.00',
      transactionId: paymentIntentId,
      cardLast4: '4242',
    });
    expect((await notes(estimate.id)).map((note) => note.content)).toEqual([
      'Payment received: $500.00 (card ending 4242)',
    ]);
    expect((await createIntent(estimate.id)).json().message).toBe('This estimate is already paid.');
    expect((await confirm(paymentIntentId, bob)).statusCode).toBe(404);
  });

  it('notices a payment made on an intent it was about to hand out again', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    standIn.succeed(paymentIntentId);
    const res = await createIntent(estimate.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This estimate is already paid.');
    expect((await paymentRows(estimate.id))[0]?.status).toBe('succeeded');
  });

  it('cancels the old intent on Stripe when the amount changed', async () => {
    const estimate = await approvedEstimate();
    const old = (await createIntent(estimate.id)).json();
    await t.database.db
      .update(estimates)
      .set({ customerDeductible: '600.00', insuranceCoverage: '1400.00' })
      .where(eq(estimates.id, estimate.id));
    const fresh = (await createIntent(estimate.id)).json();
    expect(fresh.amount).toBe('600.00');
    expect(standIn.intents.get(old.paymentIntentId)?.status).toBe('canceled');
    expect(intentCreations().at(-1)?.idempotencyKey).toBe(`estimate-${estimate.id}-60000-2`);
  });

  it('makes no second intent while the old one is being processed and cannot be cancelled', async () => {
    const estimate = await approvedEstimate();
    const old = (await createIntent(estimate.id)).json();
    await t.database.db
      .update(estimates)
      .set({ customerDeductible: '600.00', insuranceCoverage: '1400.00' })
      .where(eq(estimates.id, estimate.id));
    startProcessing(old.paymentIntentId);
    const before = intentCreations().length;
    const res = await createIntent(estimate.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_IN_PROGRESS);
    expect(intentCreations().length).toBe(before);
    // What the cancel found is committed, not rolled back with the refusal.
    expect(await paymentRows(estimate.id)).toMatchObject([{ status: 'processing' }]);
  });

  it('answers a Stripe failure with a plain server error, never as a sign-out', async () => {
    const estimate = await approvedEstimate();
    standIn.failNextRequests(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    const res = await createIntent(estimate.id);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain('API Key');
    expect(await paymentRows(estimate.id)).toHaveLength(0);
  });
});

describe('a payment recorded at the desk while a card payment is open on Stripe', () => {
  it('keeps the card payment found paid when cancelling it, with its note and receipt, and records no cash', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    standIn.succeed(paymentIntentId, { last4: '1881' });
    const res = await recordAtDesk(estimate.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CARD_PAYMENT_WENT_THROUGH);
    expect(await paymentRows(estimate.id)).toMatchObject([{ provider: 'stripe', status: 'succeeded' }]);
    expect((await notes(estimate.id)).map((note) => note.content)).toEqual([
      'Payment received: $500.00 (card ending 1881)',
    ]);
    const receipts = (await queuedEmails(t.database.db, estimate.id)).filter(
      (mail) => mail.topic === 'payment_receipt',
    );
    expect(receipts).toHaveLength(1);
  });

  it('records no cash while the card payment is being processed and cannot be cancelled', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    startProcessing(paymentIntentId);
    const res = await recordAtDesk(estimate.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_IN_PROGRESS);
    expect(await paymentRows(estimate.id)).toMatchObject([{ provider: 'stripe', status: 'processing' }]);
    expect(await notes(estimate.id)).toEqual([]);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('marks the payment succeeded once, however often the event is delivered', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    const event = standIn.event(
      'payment_intent.succeeded',
      standIn.succeed(paymentIntentId, { last4: '1881' }),
    );

    const first = await deliver(event.payload, sign(event.payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const replay = await deliver(event.payload, sign(event.payload));
    expect(replay.statusCode).toBe(200);
    await Promise.all([
      deliver(event.payload, sign(event.payload)),
      deliver(event.payload, sign(event.payload)),
    ]);

    expect(await paymentRows(estimate.id)).toMatchObject([{ status: 'succeeded', cardLast4: '1881' }]);
    expect((await notes(estimate.id)).map((note) => note.content)).toEqual([
      'Payment received: $500.00 (card ending 1881)',
    ]);
    const stored = await t.database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, event.id));
    expect(stored).toMatchObject([{ provider: 'stripe', type: 'payment_intent.succeeded' }]);

    // The customer coming back afterwards finds it paid, and no second note appears.
    expect((await confirm(paymentIntentId)).json().status).toBe('succeeded');
    expect(await notes(estimate.id)).toHaveLength(1);
  });

  it('records a failed attempt, and a late failure event cannot undo a success', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    const failed = standIn.event('payment_intent.payment_failed', standIn.decline(paymentIntentId));
    await deliver(failed.payload, sign(failed.payload));
    expect((await paymentRows(estimate.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });

    const succeeded = standIn.event('payment_intent.succeeded', standIn.succeed(paymentIntentId));
    await deliver(succeeded.payload, sign(succeeded.payload));
    // Even were Stripe to report the intent as failed again, a success stays a success.
    const lateFailure = standIn.event('payment_intent.payment_failed', standIn.decline(paymentIntentId));
    await deliver(lateFailure.payload, sign(lateFailure.payload));
    expect((await paymentRows(estimate.id))[0]?.status).toBe('succeeded');
  });

  it('leaves an event it could not handle unmarked, so the redelivery is handled', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    const event = standIn.event('payment_intent.succeeded', standIn.succeed(paymentIntentId));
    standIn.failNextRequests(500, { type: 'api_error', message: 'Stripe is down.' }, 3);
    expect((await deliver(event.payload, sign(event.payload))).statusCode).toBe(500);
    expect((await paymentRows(estimate.id))[0]?.status).toBe('requires_payment');

    expect((await deliver(event.payload, sign(event.payload))).statusCode).toBe(200);
    expect((await paymentRows(estimate.id))[0]?.status).toBe('succeeded');
  });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    const event = standIn.event('payment_intent.succeeded', standIn.succeed(paymentIntentId));

    const wrongSecret = await deliver(event.payload, sign(event.payload, 'whsec_attacker'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe('Invalid webhook signature.');
    const altered = event.payload.replace('"livemode":false', '"livemode":true');
    expect((await deliver(altered, sign(event.payload))).statusCode).toBe(400);
    expect((await deliver(event.payload)).statusCode).toBe(400);
    expect((await deliver(event.payload, 't=1,v1=abc')).statusCode).toBe(400);

    expect((await paymentRows(estimate.id))[0]?.status).toBe('requires_payment');
    const stored = await t.database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, event.id));
    expect(stored).toHaveLength(0);
  });

  it('acknowledges events about other things without acting on them', async () => {
    const payload = JSON.stringify({
      id: 'evt_other_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
  });
});
