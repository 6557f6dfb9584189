import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_CARDS } from '#domain/test-cards.ts';
import { createEstimate } from '#server/db/factories.ts';
import { as } from '#server/test-support/people.ts';
import { type StripeStandIn, startStripeStandIn } from '#server/test-support/stripe-stand-in.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * A payment link with Stripe configured (the real adapter and SDK, against the local API stand-in):
 * the intent is Stripe's usual one, with automatic payment methods, so whatever the shop turns on in
 * its Stripe dashboard (Affirm, Klarna…) is offered on the link's page without a change of code.
 */

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());
const t = setUpTestShop(() => ({
  payments: {
    kind: 'stripe',
    secretKey: standIn.apiKey,
    publishableKey: 'pk_test_links',
    webhookSecret: 'whsec_links_test',
    api: { host: standIn.host, port: standIn.port, protocol: 'http' },
  },
}));
const { alice, admin } = setUpCast(t);

it('pays through a Stripe intent with automatic payment methods, then the link is dead', async () => {
  const estimate = await createEstimate(t.database.db, {
    userId: alice.user.id,
    status: 'completed',
    estimatedAmount: '640.25',
  });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimate.id}/payment-link`,
    headers: as(admin),
  });
  expect(sent.statusCode).toBe(201);
  const token = String(sent.json().url).split('/pay/')[1];

  const intent = await t.app.inject({ method: 'POST', url: `/api/pay/${token}/intent` });
  expect(intent.statusCode).toBe(200);
  const { paymentIntentId, amount } = intent.json();
  expect(amount).toBe('640.25');
  expect(standIn.intents.get(paymentIntentId)).toMatchObject({
    amount: 64_025,
    automatic_payment_methods: { enabled: true },
  });

  // No test card form where Stripe takes the card.
  const testCard = await t.app.inject({
    method: 'POST',
    url: `/api/pay/${token}/test-payments/confirm`,
    payload: {
      clientSecret: intent.json().clientSecret,
      cardNumber: TEST_CARDS.success,
      expiry: '12 / 40',
      cvc: '123',
    },
  });
  expect(testCard.statusCode).toBe(404);

  standIn.succeed(paymentIntentId);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/pay/${token}/confirm`,
    payload: { paymentIntentId },
  });
  expect(confirmed.json()).toEqual({ status: 'succeeded', amountPaid: '640.25', failureMessage: null });
  expect((await t.app.inject({ method: 'GET', url: `/api/pay/${token}` })).statusCode).toBe(410);
});
