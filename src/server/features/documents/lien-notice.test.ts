import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopToday } from '#domain/drop-off-slots.ts';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import {
  addCalendarDays,
  calendarDaysBetween,
  LIEN_NOTICE_NO_VIN,
  LIEN_NOTICE_NOTHING_OWED,
  lienNoticeDeadline,
  lienNoticeNotYet,
  lienNoticeStatusSchema,
} from '#domain/storage.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimateEvents, estimates, lienNotices, vehicles } from '#server/db/schema.ts';
import { recordReadyNotice } from '#server/features/notifications/ready-notice.ts';
import { longDay } from '#server/i18n/format.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop({
  shop: { ...DEFAULT_SHOP, storageDailyRate: '35.00', federalHolidays: true, registrationNumber: 'MV99001' },
});
const { alice, admin } = setUpCast(t);
const lucia = setUpPerson(t, {
  email: 'lucia-lien@example.com',
  firstName: 'Lucía',
  lastName: 'Reyes',
  language: 'es',
});
const db = () => t.db;
const VIN = '1HGCM82633A004352';

let plates = 0;
/** A completed $400.00 repair told ready now (storage not begun yet), or on Wed 26 Nov 2025. */
async function completed(
  options: { notified?: 'now' | 'last year'; vin?: string | null; userId?: string } = {},
): Promise<string> {
  plates += 1;
  const vehicle = await createVehicle(db(), options.userId ?? alice.user.id, {
    year: 2019,
    make: 'Honda',
    model: 'Accord',
    licensePlate: `LIEN${plates}`,
    vin: options.vin ?? VIN,
  });
  if (options.vin === null) await db().update(vehicles).set({ vin: null }).where(eq(vehicles.id, vehicle.id));
  const estimate = await createEstimate(db(), {
    userId: options.userId ?? alice.user.id,
    vehicleId: vehicle.id,
    status: 'completed',
    estimatedAmount: '400.00',
  });
  const at = options.notified === 'last year' ? new Date('2025-11-26T15:00:00Z') : new Date();
  // The repair was completed the day it was told ready.
  await db().update(estimateEvents).set({ createdAt: at }).where(eq(estimateEvents.estimateId, estimate.id));
  await db().transaction((tx) => recordReadyNotice(tx, estimate.id, at));
  return estimate.id;
}

const pdfOf = (id: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/estimates/${id}/lien-notice.pdf${query}`,
    headers: as(admin),
  });
const statusOf = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/estimates/${id}/lien-notice`,
    headers: as(admin),
  });
  expect(res.statusCode).toBe(200);
  return lienNoticeStatusSchema.parse(res.json());
};

describe('GET /api/admin/estimates/{id}/lien-notice.pdf', () => {
  it('is 409 before storage begins, naming the day it can be produced, and records nothing', async () => {
    const id = await completed({ notified: 'now' });
    const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
    const from = row?.storageFrom ?? '';
    expect(from > shopToday()).toBe(true);
    const res = await pdfOf(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: lienNoticeNotYet(from), availableFrom: from });
    expect(await db().select().from(lienNotices).where(eq(lienNotices.estimateId, id))).toHaveLength(0);
    const status = await statusOf(id);
    expect(status).toMatchObject({ available: false, storageFrom: from, produced: [] });
  });

  it('prints every field F.S. 713.585(1) asks for once storage has begun, and records who produced it', async () => {
    const id = await completed({ notified: 'last year' });
    const before = await statusOf(id);
    expect(before).toMatchObject({
      available: true,
      reason: null,
      storageFrom: '2025-12-03',
      deadline: '2025-12-12',
    });

    const res = await pdfOf(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    const days = calendarDaysBetween('2025-12-03', shopToday()) + 1;
    const owed = (400 + days * 35).toLocaleString('en-US');
    // Sale: 60 days after completion, and 30 after the notice (today): the later.
    const earliestSale =
      [addCalendarDays('2025-11-26', 60), addCalendarDays(shopToday(), 30)].sort().at(-1) ?? '';
    for (const field of [
      // (1)(a) the 7-business-day deadline, (1)(b) the VIN's last 8 on the envelope labels
      'by Friday, December 12, 2025',
      'VIN (last 8): 3A004352',
      'CERTIFIED MAIL',
      // (1)(c) the vehicle: year, make, VIN and where it is
      '2019 Honda Accord',
      `(VIN): ${VIN}`,
      `Held at: ${DEFAULT_SHOP.name}, ${DEFAULT_SHOP.street}, ${DEFAULT_SHOP.city}`,
      // (1)(d) the owner, the customer, others claiming an interest
      'Customer as indicated on the order for repair: Alice',
      '; address:',
      'Registered owner',
      'Lienholders and others claiming an interest',
      // (1)(e) the lienor, (1)(g) its registration number
      DEFAULT_SHOP.phone,
      'registration number (F.S. 559.904): MV99001',
      // (1)(f) the claim and the cash sum that redeems the car
      'labor and services performed and for storage charges',
      `is $${owed}.00`,
      `${days} days at $35.00 a day`,
      // the sale, the hearing, the bond, the proceeds
      'may be sold to satisfy the lien',
      `on or after ${longDay('en', earliestSale)}`,
      'No vehicle may be sold earlier than 60 days after completion of the repair work',
      'demand for hearing with the clerk of the circuit court',
      'Pasco County',
      'posting bond in accordance with section 559.917',
      'deposited with the clerk of the circuit court',
    ]) {
      expect(text, field).toContain(field);
    }

    const [record] = await db().select().from(lienNotices).where(eq(lienNotices.estimateId, id));
    expect(record).toMatchObject({
      producedBy: admin.user.id,
      amountCents: (400 + days * 35) * 100,
      storageFrom: '2025-12-03',
      deadline: '2025-12-12',
      earliestSale,
    });
    const after = await statusOf(id);
    expect(after.produced).toEqual([
      { at: record?.producedAt.toISOString(), by: admin.user.firstName, amount: `${400 + days * 35}.00` },
    ]);
  });

  it('prints a sale date at least 30 days after the last day the notice may be mailed, not the day it prints', async () => {
    // Completed long ago, storage began today: the notice may be mailed up to 7 weekdays from now.
    const id = await completed({ notified: 'last year' });
    await db().update(estimates).set({ storageFrom: shopToday() }).where(eq(estimates.id, id));
    const deadline = lienNoticeDeadline(shopToday());
    const earliestSale = addCalendarDays(deadline, 30);
    expect(earliestSale > addCalendarDays(shopToday(), 30)).toBe(true);
    const res = await pdfOf(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain(`on or after ${longDay('en', earliestSale)}`);
    const [record] = await db().select().from(lienNotices).where(eq(lienNotices.estimateId, id));
    expect(record?.earliestSale).toBe(earliestSale);
  });

  it("is written in the customer's language, with the statute's English under each paragraph", async () => {
    const id = await completed({ notified: 'last year', userId: lucia.user.id });
    const text = await pdfText((await pdfOf(id)).rawPayload);
    expect(text).toContain('Aviso de reclamo de gravamen'.toUpperCase());
    expect(text).toContain('VIN (últimos 8): 3A004352');
    expect(text).toContain('posting bond in accordance with section 559.917');
    const english = await pdfText((await pdfOf(id, '?language=en')).rawPayload);
    expect(english).not.toContain('gravamen');
  });

  it('is refused without a VIN, and once nothing is owed', async () => {
    const noVin = await completed({ notified: 'last year', vin: null });
    expect((await pdfOf(noVin)).json()).toEqual({ message: LIEN_NOTICE_NO_VIN });

    const paid = await completed({ notified: 'last year' });
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${paid}/payment-summary`,
      headers: as(admin),
    });
    const record = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${paid}/payments`,
      headers: as(admin),
      payload: { amount: Number(summary.json().amountDue), method: 'check', reference: '1042' },
    });
    expect(record.statusCode).toBe(201);
    const refused = await pdfOf(paid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LIEN_NOTICE_NOTHING_OWED);
  });

  it('is for staff only', async () => {
    const id = await completed({ notified: 'last year' });
    const customer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/estimates/${id}/lien-notice.pdf`,
      headers: as(alice),
    });
    expect(customer.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/admin/estimates/${id}/lien-notice.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await db().select().from(lienNotices).where(eq(lienNotices.estimateId, id))).toHaveLength(0);
  });
});
