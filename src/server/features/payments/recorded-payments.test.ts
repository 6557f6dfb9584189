import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REQUEST_ALREADY_RECORDED } from '#domain/recorded-payments.ts';
import { TEST_CARDS } from '#domain/test-cards.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimates, messages, payments } from '#server/db/schema.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/** Payments the shop takes outside the app: recorded by staff, counted with the card payments. */

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

async function estimateOfAlice(fields: Partial<Parameters<typeof createEstimate>[1]> = {}) {
  const { db } = t.database;
  const vehicle = await createVehicle(db, alice.user.id, { year: 2019, make: 'Ford', model: 'F-150' });
  return createEstimate(db, {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'completed',
    estimatedAmount: '1018.44',
    ...fields,
  });
}

const record = (estimateId: string, body: object, who: Person | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimateId}/payments`,
    headers: as(who ?? undefined),
    payload: body,
  });

const summary = (estimateId: string, who: Person | null = alice) =>
  t.app.inject({
    method: 'GET',
    url: `/api/estimates/${estimateId}/payment-summary`,
    headers: as(who ?? undefined),
  });

describe('POST /api/admin/estimates/{id}/payments', () => {
  it('records a cash payment: 201, counted as paid, in the conversation by who recorded it', async () => {
    const estimate = await estimateOfAlice();
    const res = await record(estimate.id, { amount: '226.51', method: 'cash', note: 'Paid at pickup' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount: '226.51',
      method: 'cash',
      reference: null,
      note: 'Paid at pickup',
      amountDue: '791.93',
    });

    const [row] = await t.database.db.select().from(payments).where(eq(payments.estimateId, estimate.id));
    expect(row).toMatchObject({
      status: 'succeeded',
      method: 'cash',
      recordedBy: admin.user.id,
      amountCents: 22651,
    });
    const notes = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(notes).toEqual([
      expect.objectContaining({
        authorId: admin.user.id,
        isFromAdmin: true,
        content: 'Payment received: $226.51 (cash)',
      }),
    ]);
    // The customer gets a receipt that says how it was paid.
    const receipts = (await queuedEmails(t.database.db, estimate.id)).filter(
      (m) => m.topic === 'payment_receipt',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.payload.text).toContain('Cash');

    // The estimate row keeps the paid sum and what is still owed (the list filter and dashboard read them).
    const [stored] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(stored).toMatchObject({ paidCents: 22651, owedCents: 79193 });
  });

  it('pays the rest in full: the summary says nothing is due, and the card payment is refused', async () => {
    const estimate = await estimateOfAlice();
    await record(estimate.id, { amount: '18.44', method: 'check', reference: '1042' });
    const res = await record(estimate.id, { amount: '1000', method: 'insurance' });
    expect(res.statusCode).toBe(201);
    expect(res.json().amountDue).toBe('0.00');

    const owner = await summary(estimate.id);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({
      amountDue: '0.00',
      paid: '1018.44',
      payments: [
        { amount: '18.44', method: 'check', at: expect.any(String) },
        { amount: '1000.00', method: 'insurance', at: expect.any(String) },
      ],
    });
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: as(alice),
      payload: { estimateId: estimate.id },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe('This estimate is already paid.');
    const notes = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(notes.map((note) => note.content)).toContain('Payment received: $18.44 (check 1042)');
  });

  it('refuses more than the balance due with 409 and a sentence, and records nothing', async () => {
    const estimate = await estimateOfAlice({ customerDeductible: '500.00', insuranceCoverage: '518.44' });
    const res = await record(estimate.id, { amount: '500.01', method: 'cash' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('That is more than the balance due: at most $500.00 can be recorded.');
    await record(estimate.id, { amount: '500', method: 'cash' });
    const again = await record(estimate.id, { amount: '0.01', method: 'cash' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Nothing is owed/);
    const rows = await t.database.db.select().from(payments).where(eq(payments.estimateId, estimate.id));
    expect(rows).toHaveLength(1);
  });

  it("keeps the insurer's check off the customer's deductible; takes it on a customer-pay job", async () => {
    const shared = await estimateOfAlice({ customerDeductible: '500.00', insuranceCoverage: '518.44' });
    const refused = await record(shared.id, { amount: '300.00', method: 'insurance' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "The insurer pays its $518.44 coverage apart from the customer's balance: record here only what the customer pays toward their share.",
    );
    expect((await summary(shared.id)).json()).toMatchObject({ amountDue: '500.00', paid: '0.00' });

    const customerPay = await estimateOfAlice();
    const taken = await record(customerPay.id, { amount: '1018.44', method: 'insurance' });
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('refuses zero, negative and malformed amounts and unknown methods with 400', async () => {
    const estimate = await estimateOfAlice();
    for (const amount of ['0', '0.00', '-5', 'ten dollars', '12.345', '', null]) {
      const res = await record(estimate.id, { amount, method: 'cash' });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toMatch(/Enter the amount received/);
    }
    const noMethod = await record(estimate.id, { amount: '10', method: 'bitcoin' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().message).toMatch(/Choose how it was paid/);
    const longRef = await record(estimate.id, { amount: '10', method: 'check', reference: 'x'.repeat(101) });
    expect(longRef.statusCode).toBe(400);
    expect(await t.database.db.select().from(payments).where(eq(payments.estimateId, estimate.id))).toEqual(
      [],
    );
  });

  it('refuses a JSON number with more than two decimals with 400, rather than rounding it', async () => {
    const estimate = await estimateOfAlice();
    const res = await record(estimate.id, { amount: 100.999, method: 'cash' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Enter the amount received/);
    expect(await t.database.db.select().from(payments).where(eq(payments.estimateId, estimate.id))).toEqual(
      [],
    );
  });

  it('is refused while nothing was agreed (a quote) with 409', async () => {
    const estimate = await estimateOfAlice({ status: 'quoted' });
    const res = await record(estimate.id, { amount: '10', method: 'cash' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/only once the work is approved/);
  });

  it('is the shop’s: a customer gets 403 even on their own estimate, nobody signed in 401', async () => {
    const estimate = await estimateOfAlice();
    expect((await record(estimate.id, { amount: '10', method: 'cash' }, alice)).statusCode).toBe(403);
    expect((await record(estimate.id, { amount: '10', method: 'cash' }, bob)).statusCode).toBe(403);
    expect((await record(estimate.id, { amount: '10', method: 'cash' }, null)).statusCode).toBe(401);
  });

  it('cancels a card payment left open online, so the balance cannot be paid twice', async () => {
    const estimate = await estimateOfAlice({ status: 'approved' });
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: as(alice),
      payload: { estimateId: estimate.id },
    });
    expect(intent.statusCode).toBe(200);
    expect((await record(estimate.id, { amount: '1018.44', method: 'cash' })).statusCode).toBe(201);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: as(alice),
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: TEST_CARDS.success,
        expiry: '12 / 40',
        cvc: '123',
      },
    });
    expect(pay.statusCode).toBe(409);
    expect((await summary(estimate.id)).json()).toMatchObject({ paid: '1018.44', amountDue: '0.00' });
  });
});

describe('one form sent twice (its requestId)', () => {
  const requestId = '5b0e4f43-8a7e-4c8e-9f11-2d6b1a0c7e01';

  it('records one payment however often it arrives, at once or later, and answers it each time', async () => {
    const estimate = await estimateOfAlice();
    const body = { amount: '100.00', method: 'cash', requestId };
    const [first, second] = await Promise.all([record(estimate.id, body), record(estimate.id, body)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    expect(second?.json()).toMatchObject({ id: first?.json().id, amount: '100.00', amountDue: '918.44' });
    const later = await record(estimate.id, body);
    expect(later.json().id).toBe(first?.json().id);

    const rows = await t.database.db.select().from(payments).where(eq(payments.estimateId, estimate.id));
    expect(rows).toHaveLength(1);
    const notes = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(notes).toHaveLength(1);
    expect(
      (await queuedEmails(t.database.db, estimate.id)).filter((m) => m.topic === 'payment_receipt'),
    ).toHaveLength(1);
    expect((await summary(estimate.id)).json().amountDue).toBe('918.44');
  });

  it('refuses the id of a payment recorded otherwise, recording nothing; forms without one still record', async () => {
    const estimate = await estimateOfAlice();
    const other = '5b0e4f43-8a7e-4c8e-9f11-2d6b1a0c7e02';
    expect(
      (await record(estimate.id, { amount: '50.00', method: 'cash', requestId: other })).statusCode,
    ).toBe(201);
    const changed = await record(estimate.id, { amount: '60.00', method: 'cash', requestId: other });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(REQUEST_ALREADY_RECORDED);
    const elsewhere = await record((await estimateOfAlice()).id, {
      amount: '50.00',
      method: 'cash',
      requestId: other,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect((await record(estimate.id, { amount: '10.00', method: 'cash' })).statusCode).toBe(201);
    expect((await record(estimate.id, { amount: '10.00', method: 'cash' })).statusCode).toBe(201);
    const rows = await t.database.db.select().from(payments).where(eq(payments.estimateId, estimate.id));
    expect(rows).toHaveLength(3);
    expect(
      (await record(estimate.id, { amount: '1.00', method: 'cash', requestId: 'not-a-uuid' })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/estimates/{id}/payment-summary', () => {
  it('is the owner’s and the shop’s; another customer hears it does not exist', async () => {
    const estimate = await estimateOfAlice();
    await record(estimate.id, { amount: '100', method: 'card', note: 'Terminal at the counter' });
    expect((await summary(estimate.id, alice)).json()).toMatchObject({ paid: '100.00', amountDue: '918.44' });
    // Staff also read who recorded a desk payment; the customer does not.
    expect((await summary(estimate.id, admin)).json()).toMatchObject({
      paid: '100.00',
      amountDue: '918.44',
      payments: [{ amount: '100.00', method: 'card', recordedBy: 'Rick', note: 'Terminal at the counter' }],
    });
    expect((await summary(estimate.id, alice)).json().payments).toEqual([
      { id: expect.any(String), amount: '100.00', method: 'card', at: expect.any(String) },
    ]);
    const other = await summary(estimate.id, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Estimate not found');
  });
});

describe('the invoice', () => {
  it('says Paid in full once nothing is due', async () => {
    const estimate = await estimateOfAlice();
    await record(estimate.id, { amount: '1018.44', method: 'cash' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimate.id}/invoice.pdf`,
      headers: as(alice),
    });
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Paid in full');
  });
});
