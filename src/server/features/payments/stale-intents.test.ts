import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { createEstimate } from '#server/db/factories.ts';
import { estimates, payments } from '#server/db/schema.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { type StripeStandIn, startStripeStandIn } from '#server/test-support/stripe-stand-in.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * Stripe.js confirms an intent from the customer's browser without asking us, so an intent left open
 * stays payable whatever the estimate says. Every change that stops the estimate being payable, or
 * lowers what is due below an open intent, cancels that intent on Stripe in the same transaction.
 */

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());
// A refusal armed for a cancel that never came must not answer the next test's calls.
afterEach(() => standIn.failNextRequests(500, { type: 'api_error', message: 'disarmed' }, 0));
const t = setUpTestShop(() => ({
  payments: {
    kind: 'stripe',
    secretKey: standIn.apiKey,
    publishableKey: 'pk_test_stale',
    webhookSecret: 'whsec_stale_test',
    api: { host: standIn.host, port: standIn.port, protocol: 'http' },
  },
  pricing: { laborRateCents: 6500, taxRateMillis: 7000, taxableKinds: ['part', 'materials'] },
}));
const { alice, admin } = setUpCast(t);

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, person: Person, payload?: object) =>
  t.app.inject({ method, url, headers: as(person), ...(payload ? { payload } : {}) });
const createIntent = async (estimateId: string) => {
  const res = await call('POST', '/api/create-payment-intent', alice, { estimateId });
  expect(res.statusCode).toBe(200);
  return res.json() as { paymentIntentId: string; amount: string };
};
const deskStatus = (estimateId: string, status: string) =>
  call('POST', `/api/admin/estimates/${estimateId}/status`, admin, { status });
const statusOf = async (estimateId: string) =>
  (await t.db.select().from(estimates).where(eq(estimates.id, estimateId)))[0]?.status;
const paymentRow = async (intentId: string) =>
  (await t.db.select().from(payments).where(eq(payments.providerIntentId, intentId)))[0];
const cancelCalls = (intentId: string) =>
  standIn.requests.filter((request) => request.path === `/v1/payment_intents/${intentId}/cancel`);

/** Approved, the customer's share (the deductible) $500.00. */
const approvedEstimate = () =>
  createEstimate(t.db, {
    userId: alice.user.id,
    status: 'approved',
    estimatedAmount: '2000.00',
    customerDeductible: '500.00',
    insuranceCoverage: '1500.00',
  });

describe('a status change that leaves nothing to pay online cancels the open intent on Stripe', () => {
  it('the desk cancels the estimate', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = await createIntent(estimate.id);
    const res = await deskStatus(estimate.id, 'cancelled');
    expect(res.statusCode).toBe(200);
    expect(standIn.intents.get(paymentIntentId)?.status).toBe('canceled');
    expect(await paymentRow(paymentIntentId)).toMatchObject({ status: 'canceled' });
  });

  it('the shop cancels it through PATCH /api/estimates/{id}', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = await createIntent(estimate.id);
    const res = await call('PATCH', `/api/estimates/${estimate.id}`, admin, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(standIn.intents.get(paymentIntentId)?.status).toBe('canceled');
    expect(await paymentRow(paymentIntentId)).toMatchObject({ status: 'canceled' });
  });

  it('the repair starts (in progress is paid online only once completed), and scheduling keeps it', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = await createIntent(estimate.id);
    expect((await deskStatus(estimate.id, 'scheduled')).statusCode).toBe(200);
    expect(cancelCalls(paymentIntentId)).toHaveLength(0);
    expect((await deskStatus(estimate.id, 'in_progress')).statusCode).toBe(200);
    expect(standIn.intents.get(paymentIntentId)?.status).toBe('canceled');
    expect(await paymentRow(paymentIntentId)).toMatchObject({ status: 'canceled' });
  });
});

describe('a cancel that finds the card payment made or under way', () => {
  it('keeps the payment, with its note for staff and its receipt, and still cancels the estimate', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = await createIntent(estimate.id);
    // Paid in the customer's browser; Stripe's webhook has not arrived yet.
    standIn.succeed(paymentIntentId, { last4: '1881' });
    const res = await deskStatus(estimate.id, 'cancelled');
    expect(res.statusCode).toBe(200);
    expect(await statusOf(estimate.id)).toBe('cancelled');
    expect(await paymentRow(paymentIntentId)).toMatchObject({ status: 'succeeded', cardLast4: '1881' });
    const conversation = (await call('GET', `/api/estimates/${estimate.id}/messages`, admin)).json();
    expect(conversation.map((message: { content: string }) => message.content)).toContain(
      'Payment received: $500.00 (card ending 1881)',
    );
    const receipts = (await queuedEmails(t.db, estimate.id)).filter(
      (mail) => mail.topic === 'payment_receipt',
    );
    expect(receipts).toHaveLength(1);
  });

  it('records a payment being processed as such, and still cancels the estimate', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = await createIntent(estimate.id);
    const intent = standIn.intents.get(paymentIntentId);
    if (!intent) throw new Error('no intent on the stand-in');
    // The card network has it: Stripe refuses to cancel a payment being processed.
    intent.status = 'processing';
    standIn.failNextRequests(400, {
      type: 'invalid_request_error',
      message: 'You cannot cancel this PaymentIntent because it has a status of processing.',
      code: 'payment_intent_unexpected_state',
    });
    const res = await call('PATCH', `/api/estimates/${estimate.id}`, admin, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(estimate.id)).toBe('cancelled');
    expect(await paymentRow(paymentIntentId)).toMatchObject({ status: 'processing' });
  });
});

describe('a Stripe that cannot be reached', () => {
  it('fails the status change and leaves the estimate and its intent as they were', async () => {
    const estimate = await approvedEstimate();
    const { paymentIntentId } = await createIntent(estimate.id);
    standIn.failNextRequests(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    const res = await deskStatus(estimate.id, 'cancelled');
    expect(res.statusCode).toBe(500);
    expect(await statusOf(estimate.id)).toBe('approved');
    expect(await paymentRow(paymentIntentId)).toMatchObject({ status: 'requires_payment' });
  });
});

describe("a supplement that lowers the customer's share", () => {
  const BUMPER = {
    kind: 'part',
    description: 'Front bumper cover',
    quantity: 1,
    unitPrice: '400.00',
    partType: 'new_oem',
  };
  const LABOR = { kind: 'labor', description: 'Repair and refinish', quantity: 4 }; // 4 h × $65 = $260

  /** Itemised, all paid by the customer ($400 + 7% tax + $260 = $688.00), approved by Alice. */
  async function itemisedApproved(): Promise<EstimateDetail> {
    const estimate = await createEstimate(t.db, { userId: alice.user.id, status: 'quoted' });
    await call('PUT', `/api/estimates/${estimate.id}/lines`, admin, { lines: [BUMPER, LABOR] });
    const res = await call('PATCH', `/api/estimates/${estimate.id}`, alice, { status: 'approved' });
    expect(res.json()).toMatchObject({ customerDeductible: '688.00' });
    return res.json();
  }

  it('cancels the intent for the old share once the customer approves it', async () => {
    const estimate = await itemisedApproved();
    const old = await createIntent(estimate.id);
    expect(old.amount).toBe('688.00');
    const bumper = estimate.lines.find((line) => line.description === BUMPER.description);
    // The insurer takes the bumper over: the customer's share drops to the labor, $260.00.
    const sent = await call('POST', `/api/estimates/${estimate.id}/supplements`, admin, {
      reason: 'The insurer covers the bumper',
      lines: [{ ...BUMPER, payer: 'insurance', replacesLineId: bumper?.id }],
    });
    expect(sent.statusCode).toBe(201);
    expect(standIn.intents.get(old.paymentIntentId)?.status).toBe('requires_payment_method');

    const decided = await call(
      'POST',
      `/api/estimates/${estimate.id}/supplements/${sent.json().id}/decision`,
      alice,
      { decision: 'approved' },
    );
    expect(decided.statusCode).toBe(200);
    expect(standIn.intents.get(old.paymentIntentId)?.status).toBe('canceled');
    expect(await paymentRow(old.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect((await createIntent(estimate.id)).amount).toBe('260.00');
  });
});
