import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '#domain/test-cards.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimates, messages, payments } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/** The whole payment flow in test mode (no Stripe keys): the built-in provider, on a real database. */

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

const card = (cardNumber: string = TEST_CARDS.success) => ({ cardNumber, expiry: '12 / 40', cvc: '123' });

async function approvedEstimate(fields: Partial<Parameters<typeof createEstimate>[1]> = {}) {
  const { db } = t.database;
  const vehicle = await createVehicle(db, alice.user.id, { year: 2020, make: 'Honda', model: 'Civic' });
  return createEstimate(db, {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'approved',
    estimatedAmount: '2000.00',
    customerDeductible: '500.00',
    insuranceCoverage: '1500.00',
    insuranceCompany: 'GEICO',
    ...fields,
  });
}

const createIntent = (estimateId: string, who: Person | null = alice, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: as(who ?? undefined),
    payload: { estimateId, ...extra },
  });

const payWithCard = (clientSecret: string, cardFields = card(), who: Person | null = alice) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test-payments/confirm',
    headers: as(who ?? undefined),
    payload: { clientSecret, ...cardFields },
  });

const summary = (estimateId: string, who: Person | null = alice) =>
  t.app.inject({
    method: 'GET',
    url: `/api/estimates/${estimateId}/payment-summary`,
    headers: as(who ?? undefined),
  });

const confirm = (paymentIntentId: string, who: Person | null = alice, estimateId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/confirm',
    headers: as(who ?? undefined),
    payload: { paymentIntentId, ...(estimateId && { estimateId }) },
  });

const paymentRows = (estimateId: string) =>
  t.database.db.select().from(payments).where(eq(payments.estimateId, estimateId));
const notes = (estimateId: string) =>
  t.database.db.select().from(messages).where(eq(messages.estimateId, estimateId));

describe('payment configuration', () => {
  it('is test mode when no Stripe key is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ mode: 'test' });
  });

  it('has no webhook route in test mode', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/create-payment-intent: the amount', () => {
  it('charges the deductible when there is one', async () => {
    const estimate = await approvedEstimate();
    const res = await createIntent(estimate.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: '500.00' });
    expect(res.json().clientSecret).toMatch(/^pi_test_[0-9a-f]{24}_secret_[0-9a-f]{24}$/);
    const [row] = await paymentRows(estimate.id);
    expect(row).toMatchObject({
      provider: 'test',
      providerIntentId: res.json().paymentIntentId,
      amountCents: 50_000,
      currency: 'usd',
      status: 'requires_payment',
      userId: alice.user.id,
    });
  });

  it('charges the total when there is no deductible', async () => {
    const estimate = await approvedEstimate({ customerDeductible: null, estimatedAmount: '1234.50' });
    expect((await createIntent(estimate.id)).json().amount).toBe('1234.50');
  });

  it('ignores any amount the client sends', async () => {
    const estimate = await approvedEstimate();
    const first = await createIntent(estimate.id, alice, { amount: 1 });
    expect(first.json().amount).toBe('500.00');
    const second = await createIntent(estimate.id, alice, { amount: '2000.00' });
    expect(second.json()).toEqual(first.json());
    const rows = await paymentRows(estimate.id);
    expect(rows.map((row) => row.amountCents)).toEqual([50_000]);
  });

  it('subtracts what was already paid', async () => {
    const estimate = await approvedEstimate();
    await t.database.db.insert(payments).values({
      estimateId: estimate.id,
      userId: alice.user.id,
      provider: 'test',
      providerIntentId: `pi_earlier_${estimate.id}`,
      amountCents: 20_000,
      status: 'succeeded',
      paidAt: new Date(),
    });
    expect((await createIntent(estimate.id)).json().amount).toBe('300.00');
    expect((await summary(estimate.id)).json()).toMatchObject({ amountDue: '300.00', amountPaid: '200.00' });
  });

  it('makes a new intent for a changed amount and cancels the old one', async () => {
    const estimate = await approvedEstimate();
    const old = (await createIntent(estimate.id)).json();
    await t.database.db
      .update(estimates)
      .set({ customerDeductible: '750.00', insuranceCoverage: '1250.00' })
      .where(eq(estimates.id, estimate.id));
    const fresh = (await createIntent(estimate.id)).json();
    expect(fresh.amount).toBe('750.00');
    expect(fresh.paymentIntentId).not.toBe(old.paymentIntentId);
    const rows = await paymentRows(estimate.id);
    expect(rows.find((row) => row.providerIntentId === old.paymentIntentId)?.status).toBe('canceled');
    const stale = await payWithCard(old.clientSecret);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This payment was cancelled. Please reload the page to pay.');
  });
});

describe('POST /api/create-payment-intent: who and when', () => {
  it('needs a signed-in user', async () => {
    const estimate = await approvedEstimate();
    expect((await createIntent(estimate.id, null)).statusCode).toBe(401);
  });

  it("answers another customer's estimate like a missing one", async () => {
    const estimate = await approvedEstimate();
    const res = await createIntent(estimate.id, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Estimate not found');
    expect((await createIntent('not-a-uuid')).statusCode).toBe(404);
    expect((await createIntent(crypto.randomUUID())).statusCode).toBe(404);
    expect(await paymentRows(estimate.id)).toHaveLength(0);
  });

  it('lets the shop take the payment for the customer', async () => {
    const estimate = await approvedEstimate();
    const res = await createIntent(estimate.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe('500.00');
  });

  it('is offered only for approved, scheduled or completed estimates', async () => {
    for (const status of ['pending', 'quoted', 'declined', 'in_progress', 'cancelled'] as const) {
      const estimate = await approvedEstimate({ status });
      const res = await createIntent(estimate.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Payment is only available for approved estimates.');
    }
    const scheduled = await approvedEstimate({ status: 'scheduled' });
    expect((await createIntent(scheduled.id)).statusCode).toBe(200);
  });

  it('needs something to pay', async () => {
    const estimate = await approvedEstimate({
      estimatedAmount: null,
      customerDeductible: null,
      insuranceCoverage: null,
    });
    const res = await createIntent(estimate.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This estimate doesn't have a payment amount set.");
  });
});

describe("a completed repair's balance", () => {
  const paidEarlier = (estimateId: string, amountCents: number) =>
    t.database.db.insert(payments).values({
      estimateId,
      userId: alice.user.id,
      provider: 'test',
      providerIntentId: `pi_earlier_${crypto.randomUUID()}`,
      amountCents,
      status: 'succeeded',
      paidAt: new Date(),
    });

  it('can be paid online: the server charges what is left, then nothing more', async () => {
    const estimate = await approvedEstimate({ status: 'completed' });
    await paidEarlier(estimate.id, 20_000);
    const intent = await createIntent(estimate.id, alice, { amount: '500.00' });
    expect(intent.statusCode).toBe(200);
    expect(intent.json().amount).toBe('300.00');
    expect((await payWithCard(intent.json().clientSecret)).json().status).toBe('succeeded');
    expect((await summary(estimate.id)).json()).toMatchObject({ amountDue: '0.00', amountPaid: '500.00' });

    const again = await createIntent(estimate.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This estimate is already paid.');
  });

  it('refuses an intent that would now pay more than the balance', async () => {
    const estimate = await approvedEstimate({ status: 'completed' });
    const { clientSecret } = (await createIntent(estimate.id)).json();
    // Meanwhile part of the balance is settled some other way: the old intent would overpay.
    await paidEarlier(estimate.id, 10_000);
    const stale = await payWithCard(clientSecret);
    expect(stale.statusCode).toBe(409);
    expect((await summary(estimate.id)).json()).toMatchObject({ amountDue: '400.00', amountPaid: '100.00' });
    expect((await createIntent(estimate.id)).json().amount).toBe('400.00');
  });
});

describe('paying with a test card', () => {
  it('declines, then takes the payment on the same intent, with a receipt note', async () => {
    const estimate = await approvedEstimate();
    const { clientSecret, paymentIntentId } = (await createIntent(estimate.id)).json();

    const declined = await payWithCard(clientSecret, card(TEST_CARDS.declined));
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({
      status: 'failed',
      paymentIntentId,
      message: 'Your card was declined.',
    });
    const poor = await payWithCard(clientSecret, card(TEST_CARDS.insufficientFunds));
    expect(poor.json().message).toBe('Your card has insufficient funds.');
    expect(await notes(estimate.id)).toHaveLength(0);

    // A retry after a decline pays the same intent: it is still open.
    expect((await createIntent(estimate.id)).json().paymentIntentId).toBe(paymentIntentId);
    const paid = await payWithCard(clientSecret);
    expect(paid.json()).toEqual({ status: 'succeeded', paymentIntentId, message: null });

    const [row] = await paymentRows(estimate.id);
    expect(row).toMatchObject({
      status: 'succeeded',
      cardLast4: '4242',
      cardBrand: 'visa',
      failureMessage: null,
    });
    expect(row?.paidAt).toBeInstanceOf(Date);
    const [note] = await notes(estimate.id);
    expect(note).toMatchObject({
      content: 'Payment received: $500.00 (card ending 4242) - TEST MODE, no money was charged',
      isFromAdmin: true,
      authorId: null,
    });
  });

  it('checks the card before anything happens', async () => {
    const estimate = await approvedEstimate();
    const { clientSecret } = (await createIntent(estimate.id)).json();
    const wrongDigit = await payWithCard(clientSecret, card('4242 4242 4242 4241'));
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().message).toBe('Your card number is invalid.');
    const expired = await payWithCard(clientSecret, { ...card(), expiry: '01 / 20' });
    expect(expired.json().message).toBe("Your card's expiration date is in the past.");
    const shortCvc = await payWithCard(clientSecret, { ...card(), cvc: '1' });
    expect(shortCvc.json().message).toBe("Your card's security code is incomplete.");
    const [row] = await paymentRows(estimate.id);
    expect(row?.status).toBe('requires_payment');
  });

  it('accepts only secrets this server issued, for estimates the caller may see', async () => {
    const estimate = await approvedEstimate();
    const { clientSecret, paymentIntentId } = (await createIntent(estimate.id)).json();
    const forged = `${paymentIntentId}_secret_${'0'.repeat(24)}`;
    expect((await payWithCard(forged)).statusCode).toBe(404);
    expect((await payWithCard('nonsense')).statusCode).toBe(404);
    expect((await payWithCard(clientSecret, card(), bob)).statusCode).toBe(404);
    expect((await payWithCard(clientSecret, card(), null)).statusCode).toBe(401);
    expect((await paymentRows(estimate.id))[0]?.status).toBe('requires_payment');
  });
});

describe('double submission never charges twice', () => {
  it('two clicks: the same intent, and paying it twice records one payment', async () => {
    const estimate = await approvedEstimate();
    const [a, b] = await Promise.all([createIntent(estimate.id), createIntent(estimate.id)]);
    expect(a?.json().paymentIntentId).toBe(b?.json().paymentIntentId);
    expect(await paymentRows(estimate.id)).toHaveLength(1);

    const secret = a?.json().clientSecret;
    const results = await Promise.all([payWithCard(secret), payWithCard(secret)]);
    expect(results.map((res) => res.json().status)).toEqual(['succeeded', 'succeeded']);
    const rows = await paymentRows(estimate.id);
    expect(rows.filter((row) => row.status === 'succeeded')).toHaveLength(1);
    expect(await notes(estimate.id)).toHaveLength(1);
    expect((await summary(estimate.id)).json()).toMatchObject({ amountDue: '0.00', amountPaid: '500.00' });
  });

  it('two tabs: the second tab finds the estimate paid', async () => {
    const estimate = await approvedEstimate();
    const tabOne = (await createIntent(estimate.id)).json();
    const tabTwo = (await createIntent(estimate.id, admin)).json();
    expect(tabTwo.paymentIntentId).toBe(tabOne.paymentIntentId);
    await payWithCard(tabOne.clientSecret);

    const again = await createIntent(estimate.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This estimate is already paid.');
    expect((await payWithCard(tabTwo.clientSecret, card(), admin)).json().status).toBe('succeeded');
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.estimateId, estimate.id), eq(payments.status, 'succeeded')));
    expect(rows).toHaveLength(1);
  });
});

describe('after the payment', () => {
  it('confirms from the server: amount, transaction id, estimate', async () => {
    const estimate = await approvedEstimate();
    const { clientSecret, paymentIntentId } = (await createIntent(estimate.id)).json();

    const before = await confirm(paymentIntentId);
    expect(before.json()).toMatchObject({ status: 'requires_payment', amountPaid: '0.00', paidAt: null });

    await payWithCard(clientSecret);
    const res = await confirm(paymentIntentId, alice, estimate.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'succeeded',
      amountPaid: '500.00',
      transactionId: paymentIntentId,
      cardLast4: '4242',
      estimate: {
        id: estimate.id,
        status: 'approved',
        estimatedAmount: '2000.00',
        customerDeductible: '500.00',
        insuranceCoverage: '1500.00',
        vehicle: { year: 2020, make: 'Honda', model: 'Civic' },
      },
    });
    expect(new Date(res.json().paidAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await confirm(paymentIntentId, admin)).statusCode).toBe(200);
  });

  it("hides other customers' payments", async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = (await createIntent(estimate.id)).json();
    expect((await confirm(paymentIntentId, bob)).statusCode).toBe(404);
    expect((await confirm('pi_test_unknown')).statusCode).toBe(404);
    expect((await confirm(paymentIntentId, alice, crypto.randomUUID())).statusCode).toBe(404);
    expect((await confirm(paymentIntentId, null)).statusCode).toBe(401);
  });

  it('summarises what is due and paid, for the owner and the shop only', async () => {
    const estimate = await approvedEstimate();
    expect((await summary(estimate.id)).json()).toMatchObject({
      amountDue: '500.00',
      amountPaid: '0.00',
      lastPaidAt: null,
      estimate: { id: estimate.id, customerDeductible: '500.00', vehicle: { make: 'Honda' } },
    });
    const { clientSecret } = (await createIntent(estimate.id)).json();
    await payWithCard(clientSecret);
    const shop = (await summary(estimate.id, admin)).json();
    expect(shop).toMatchObject({ amountDue: '0.00', amountPaid: '500.00' });
    expect(shop.lastPaidAt).not.toBeNull();
    expect((await summary(estimate.id, bob)).statusCode).toBe(404);
    expect((await summary(estimate.id, null)).statusCode).toBe(401);
    expect((await summary('nope')).statusCode).toBe(404);
  });

  it('marks the estimate changed, so list pollers see the payment', async () => {
    const estimate = await approvedEstimate();
    const { clientSecret } = (await createIntent(estimate.id)).json();
    const [before] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    await payWithCard(clientSecret);
    const [after] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimate.id}`,
      headers: as(admin),
    });
    expect(shown.json()).toMatchObject({ amountPaid: '500.00', customerDeductible: '500.00' });
  });
});
