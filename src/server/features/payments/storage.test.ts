import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopToday } from '#domain/drop-off-slots.ts';
import { paymentIntentReplySchema, paymentSummarySchema } from '#domain/payments.ts';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { calendarDaysBetween } from '#domain/storage.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimateEvents, estimates, outbox } from '#server/db/schema.ts';
import { recordReadyNotice } from '#server/features/notifications/ready-notice.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

// Holidays on: the ready notice of Wed 26 Nov 2025 skips Thanksgiving (Thu 27) and the weekend.
const t = setUpTestShop({
  shop: { ...DEFAULT_SHOP, storageDailyRate: '35.00', federalHolidays: true, registrationNumber: 'MV99001' },
});
const { alice, admin } = setUpCast(t);
const db = () => t.db;

let plates = 0;
/** A repair in progress for $400.00, then completed by the desk: the ready notice goes out then. */
async function completedByTheDesk(): Promise<string> {
  plates += 1;
  const vehicle = await createVehicle(db(), alice.user.id, {
    licensePlate: `STG${plates}`,
    vin: '1HGCM82633A004352',
  });
  const estimate = await createEstimate(db(), {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'in_progress',
    estimatedAmount: '400.00',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimate.id}/status`,
    headers: as(admin),
    payload: { status: 'completed' },
  });
  expect(res.statusCode).toBe(200);
  return estimate.id;
}

/** The notice moved back to Wed 26 Nov 2025, 10 am in Florida, as if it had gone out then. */
async function notifiedLastYear(id: string) {
  await db().transaction((tx) => recordReadyNotice(tx, id, new Date('2025-11-26T15:00:00Z')));
}

const summaryOf = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/estimates/${id}/payment-summary`,
    headers: as(alice),
  });
  expect(res.statusCode).toBe(200);
  return paymentSummarySchema.parse(res.json());
};

/** Storage days from 3 Dec 2025 through today at the shop, both counted. */
const daysSinceStart = () => calendarDaysBetween('2025-12-03', shopToday()) + 1;

describe('the ready notice', () => {
  it('is recorded with its time and first storage day when the desk completes the repair, and tells the customer', async () => {
    const before = Date.now();
    const id = await completedByTheDesk();
    const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
    expect(row?.readyNotifiedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.storageRateCents).toBe(3500);
    expect(row?.storageFrom && row.storageFrom > shopToday()).toBe(true);

    const events = await db()
      .select()
      .from(estimateEvents)
      .where(and(eq(estimateEvents.estimateId, id), eq(estimateEvents.kind, 'ready_notice')));
    expect(events).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: `/api/estimates/${id}`, headers: as(alice) });
    expect(page.json().timeline.map((entry: { kind: string }) => entry.kind)).toContain('ready_notice');

    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.estimateId, id), eq(outbox.topic, 'repair_completed')));
    expect(JSON.stringify(mail?.payload)).toContain('storage is charged from that day at $35.00 a day');

    const summary = await summaryOf(id);
    expect(summary.storage).toEqual({ from: row?.storageFrom, days: 0, rate: '35.00', amount: '0.00' });
    expect(summary.amountDue).toBe('400.00');
  });

  it('starts storage on the fourth business day, past a holiday and a weekend', async () => {
    const id = await completedByTheDesk();
    await notifiedLastYear(id);
    const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
    // Thu 27 Thanksgiving; Fri 28, Mon 1, Tue 2 free; Wed 3 Dec charged.
    expect(row?.storageFrom).toBe('2025-12-03');
  });
});

describe('storage in what is owed', () => {
  it('is in payment-summary and in its amount due', async () => {
    const id = await completedByTheDesk();
    await notifiedLastYear(id);
    const summary = await summaryOf(id);
    const days = daysSinceStart();
    expect(summary.storage).toEqual({ from: '2025-12-03', days, rate: '35.00', amount: `${days * 35}.00` });
    expect(summary.amountDue).toBe(`${400 + days * 35}.00`);
  });

  it('is what a card payment charges and what a payment link asks for', async () => {
    const id = await completedByTheDesk();
    await notifiedLastYear(id);
    const owed = `${400 + daysSinceStart() * 35}.00`;
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: as(alice),
      payload: { estimateId: id, amount: '400.00' },
    });
    expect(intent.statusCode).toBe(200);
    expect(paymentIntentReplySchema.parse(intent.json()).amount).toBe(owed);

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${id}/payment-link`,
      headers: as(admin),
    });
    expect(link.statusCode).toBe(201);
    const token = String(link.json().url).split('/pay/')[1];
    const page = await t.app.inject({ method: 'GET', url: `/api/pay/${token}` });
    expect(page.json().amountDue).toBe(owed);
  });

  it('lets the counter take the storage too, and no more', async () => {
    const id = await completedByTheDesk();
    await notifiedLastYear(id);
    const owedCents = (400 + daysSinceStart() * 35) * 100;
    const record = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/estimates/${id}/payments`,
        headers: as(admin),
        payload: { amount: amount / 100, method: 'cash' },
      });
    expect((await record(owedCents + 1)).statusCode).toBe(409);
    const paid = await record(owedCents);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().amountDue).toBe('0.00');
  });

  it('is part of the balance the pickup names, and stops on the pickup day', async () => {
    const id = await completedByTheDesk();
    await notifiedLastYear(id);
    const owed = 400 + daysSinceStart() * 35;
    const pickup = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/estimates/${id}/pickup`, headers: as(admin), payload });
    const refused = await pickup({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`$${owed.toLocaleString('en-US')}.00`);
    expect((await pickup({ confirmBalance: true })).statusCode).toBe(200);
    const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
    expect(row?.pickupBalanceCents).toBe(owed * 100);
    expect((await summaryOf(id)).storage?.days).toBe(daysSinceStart());
  });

  it('is not charged when the repair goes back into the shop', async () => {
    const id = await completedByTheDesk();
    await notifiedLastYear(id);
    await db().update(estimates).set({ status: 'in_progress' }).where(eq(estimates.id, id));
    const summary = await summaryOf(id);
    expect(summary.storage).toBeNull();
  });
});
