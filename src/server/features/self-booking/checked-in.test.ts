import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_IN_ANGLES } from '#domain/check-in.ts';
import { photoUrl } from '#domain/photos.ts';
import { DROP_OFF_CHECKED_IN } from '#domain/self-booking.ts';
import { createEstimate, createUploadedPhoto, createVehicle } from '#server/db/factories.ts';
import { appointments, outbox } from '#server/db/schema.ts';
import { testConfig } from '#server/test-support/app.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as } from '#server/test-support/people.ts';
import { checkInBody } from '#server/test-support/signature.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { dropOffLinkToken } from './drop-off-link.ts';
import { sendDropOffReminders } from './reminders.ts';

/**
 * Once the desk records the car's check-in, the car is at the shop: the estimate may stay approved or
 * scheduled until the work starts, but the customer has no drop-off left to book, move or cancel, and
 * the day-before reminder does not ask them to bring it. Sent home and booked again, it is out again.
 */

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
const config = testConfig();
const secret = config.sessionSecret;
const DROP_OFF_DAY = dayAhead(3);
/** 15:30 UTC on the day before: inside the reminder hours in Florida. */
const DAY_BEFORE = new Date(`${dayAhead(2)}T15:30:00Z`);

async function estimateOf(status: 'approved' | 'scheduled', slot = '10:00-12:00') {
  const vehicle = await createVehicle(t.db, alice.user.id, { year: 2021, make: 'Kia', model: 'Soul' });
  const estimate = await createEstimate(t.db, {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'approved',
    estimatedAmount: '700.00',
  });
  if (status === 'scheduled') {
    const booked = await book(estimate.id, { date: DROP_OFF_DAY, slot });
    expect(booked.statusCode, booked.body).toBe(201);
  }
  return estimate;
}
const book = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/estimates/${id}/drop-off`, headers: as(alice), payload });
const cancel = (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/estimates/${id}/drop-off`, headers: as(alice) });
async function checkIn(estimateId: string) {
  const urls: string[] = [];
  for (const _ of DEFAULT_CHECK_IN_ANGLES) {
    urls.push(photoUrl((await createUploadedPhoto(t.db, { uploaderId: admin.user.id })).id));
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimateId}/check-in`,
    headers: as(admin),
    payload: checkInBody(urls),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('a car checked in', () => {
  it('cannot be booked, moved or cancelled online, by the customer or through the link', async () => {
    const walkIn = await estimateOf('approved');
    await checkIn(walkIn.id);
    const refused = await book(walkIn.id, { date: dayAhead(4), slot: '08:00-10:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: DROP_OFF_CHECKED_IN });

    const booked = await estimateOf('scheduled', '08:00-10:00');
    await checkIn(booked.id);
    const move = await book(booked.id, { date: dayAhead(4), slot: '08:00-10:00' });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual({ message: DROP_OFF_CHECKED_IN });
    const off = await cancel(booked.id);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ message: DROP_OFF_CHECKED_IN });

    const token = dropOffLinkToken(secret, booked.id);
    const page = await t.app.inject({ url: `/api/drop-off-links/${token}` });
    expect(page.json()).toMatchObject({ status: 'scheduled', canBook: false });
    const throughLink = await t.app.inject({
      method: 'POST',
      url: `/api/drop-off-links/${token}`,
      payload: { date: dayAhead(4), slot: '08:00-10:00' },
    });
    expect(throughLink.statusCode).toBe(409);
    const live = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.estimateId, booked.id), eq(appointments.status, 'scheduled')));
    expect(live.map((row) => row.dropOffDate)).toEqual([DROP_OFF_DAY]);
    // The shop still may.
    const desk = await t.app.inject({
      method: 'DELETE',
      url: `/api/estimates/${booked.id}/drop-off`,
      headers: as(admin),
    });
    expect(desk.statusCode, desk.body).toBe(200);
  });

  it('gets no day-before reminder', async () => {
    const booked = await estimateOf('scheduled');
    const other = await estimateOf('scheduled');
    await checkIn(booked.id);
    expect(await sendDropOffReminders(t.db, { secret, appUrl: config.appUrl }, DAY_BEFORE)).toBe(1);
    const reminders = await t.db
      .select({ estimateId: outbox.estimateId })
      .from(outbox)
      .where(eq(outbox.topic, 'drop_off_reminder'));
    expect(reminders.map((row) => row.estimateId)).toEqual([other.id]);
  });

  it('can be booked again once the shop sent it home (the estimate approved anew)', async () => {
    const booked = await estimateOf('scheduled', '14:00-16:00');
    await checkIn(booked.id);
    const sentHome = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${booked.id}/reschedule`,
      headers: as(admin),
    });
    expect(sentHome.statusCode, sentHome.body).toBe(200);
    const again = await book(booked.id, { date: dayAhead(4), slot: '08:00-10:00' });
    expect(again.statusCode, again.body).toBe(201);
  });
});
