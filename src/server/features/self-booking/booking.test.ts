import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_BOOKING_HORIZON_DAYS,
  DROP_OFF_DATE_PAST,
  dropOffTooFar,
  lastBookableDay,
  SHOP_BOOKING_HORIZON_DAYS,
  shopToday,
} from '#domain/drop-off-slots.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import {
  DROP_OFF_CHANGE_CLOSED,
  DROP_OFF_FROM_TOMORROW,
  DROP_OFF_NOT_APPROVED,
  DROP_OFF_WINDOW_TAKEN,
  NO_DROP_OFF_TO_CANCEL,
  type OpenWindow,
} from '#domain/self-booking.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { appointments, estimates, messages, outbox } from '#server/db/schema.ts';
import { testConfig } from '#server/test-support/app.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const CLOSED_WEDNESDAY = dayAhead(3, 2);
// Two cars per window; one Wednesday the shop is closed.
const t = setUpTestShop({
  dropOffCapacity: 2,
  shop: { ...testConfig().shop, closedDates: [CLOSED_WEDNESDAY] },
});
const { alice, bob, admin } = setUpCast(t);

const approvedEstimateOf = async (person: Person, status: EstimateStatus = 'approved') => {
  const vehicle = await createVehicle(t.db, person.user.id, { year: 2019, make: 'Honda', model: 'Civic' });
  return createEstimate(t.db, {
    userId: person.user.id,
    vehicleId: vehicle.id,
    status,
    estimatedAmount: '900.00',
  });
};
const windows = (id: string, person: Person, query = '') =>
  t.app.inject({ url: `/api/estimates/${id}/drop-off/windows${query}`, headers: as(person) });
const book = (id: string, person: Person | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/estimates/${id}/drop-off`, headers: as(person), payload });
const cancel = (id: string, person: Person) =>
  t.app.inject({ method: 'DELETE', url: `/api/estimates/${id}/drop-off`, headers: as(person) });
const liveBookings = (estimateId: string) =>
  t.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.estimateId, estimateId), eq(appointments.status, 'scheduled')));
const notesOf = async (estimateId: string) =>
  (await t.db.select().from(messages).where(eq(messages.estimateId, estimateId))).map((m) => m.content);

describe('GET /api/estimates/{id}/drop-off/windows', () => {
  it('lists only windows inside the hours of open days, from tomorrow for a customer, with the places left', async () => {
    const estimate = await approvedEstimateOf(alice);
    const from = dayAhead(1, 2);
    const res = await windows(estimate.id, alice, `?from=${from}&days=7`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as OpenWindow[];
    const dates = new Set(list.map((w) => w.date));
    // Monday to Friday of that week, but not the closed Wednesday; never a weekend.
    expect([...dates]).toEqual([dayAhead(1, 2), dayAhead(2, 2), dayAhead(4, 2), dayAhead(5, 2)]);
    // Friday closes at 1:00 PM: no 2:00 PM window.
    expect(list.filter((w) => w.date === dayAhead(5, 2)).map((w) => w.slot)).toEqual([
      '08:00-10:00',
      '10:00-12:00',
    ]);
    expect(list[0]).toEqual({ date: from, slot: '08:00-10:00', label: '8:00 AM - 10:00 AM', available: 2 });

    // A day in the past is not offered: the listing starts tomorrow for customers.
    const past = (await windows(estimate.id, alice, '?from=2020-01-06&days=3')).json() as OpenWindow[];
    for (const window of past) expect(window.date > shopToday()).toBe(true);
  });

  it('counts the places others hold, and answers 404 to another customer', async () => {
    const estimate = await approvedEstimateOf(alice);
    const other = await approvedEstimateOf(bob);
    const date = dayAhead(2, 3);
    expect((await book(other.id, bob, { date, slot: '10:00-12:00' })).statusCode).toBe(201);
    const list = (await windows(estimate.id, alice, `?from=${date}&days=1`)).json() as OpenWindow[];
    expect(list.find((w) => w.slot === '10:00-12:00')?.available).toBe(1);
    // The estimate's own booking does not count against itself (moving frees it).
    const own = (await windows(other.id, bob, `?from=${date}&days=1`)).json() as OpenWindow[];
    expect(own.find((w) => w.slot === '10:00-12:00')?.available).toBe(2);
    expect((await windows(estimate.id, bob)).statusCode).toBe(404);
    expect((await windows(estimate.id, admin, `?from=${date}&days=1`)).statusCode).toBe(200);
    expect((await windows(estimate.id, alice, '?days=200')).statusCode).toBe(400);
  });
});

describe('POST /api/estimates/{id}/drop-off', () => {
  it('books the window: scheduled, the note, the e-mail and text, the calendar file, and the shop is told', async () => {
    const estimate = await approvedEstimateOf(alice);
    await t.db.update(estimates).set({ smsPhone: '+18135550142' }).where(eq(estimates.id, estimate.id));
    const date = dayAhead(2);
    const res = await book(estimate.id, alice, { date, slot: '08:00-10:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'scheduled',
      dropOff: { date, slot: '08:00-10:00', bookedByCustomer: true, confirmedAt: null },
    });
    const [note] = await notesOf(estimate.id);
    expect(note).toMatch(/^Drop-off booked online: Tuesday, .*, 8:00 AM - 10:00 AM\nBring your keys/);
    const mails = await queuedEmails(t.db, estimate.id);
    expect(mails.map((m) => m.topic).sort()).toEqual(['drop_off_scheduled', 'shop_drop_off']);
    const shopMail = mails.find((m) => m.topic === 'shop_drop_off');
    expect(shopMail?.payload.subject).toMatch(/^Drop-off booked online: /);
    const texts = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.estimateId, estimate.id), eq(outbox.kind, 'sms')));
    expect(texts).toHaveLength(1);
    const ics = await t.app.inject({ url: `/api/estimates/${estimate.id}/drop-off.ics`, headers: as(alice) });
    expect(ics.statusCode).toBe(200);
  });

  it('is refused outside the hours, on closed and past days, today, and for another customer', async () => {
    const estimate = await approvedEstimateOf(alice);
    const cases: [object, number, string | RegExp][] = [
      [{ date: dayAhead(5), slot: '14:00-16:00' }, 400, /outside the shop's hours on Fridays/],
      [{ date: dayAhead(6), slot: '08:00-10:00' }, 400, /closed on Saturdays/],
      [{ date: CLOSED_WEDNESDAY, slot: '08:00-10:00' }, 400, /The shop is closed on Wednesday/],
      [{ date: '2020-01-06', slot: '08:00-10:00' }, 400, DROP_OFF_DATE_PAST],
    ];
    for (const [payload, status, message] of cases) {
      const res = await book(estimate.id, alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const today = await book(estimate.id, alice, { date: shopToday(), slot: '14:00-16:00' });
    expect(today.statusCode).toBe(400);
    // Today is refused either as a weekend day, a window already over, or as today.
    if (/^Drop-offs/.test(today.json().message)) expect(today.json().message).toBe(DROP_OFF_FROM_TOMORROW);
    const others = await book(estimate.id, bob, { date: dayAhead(2), slot: '08:00-10:00' });
    expect(others.statusCode).toBe(404);
    expect((await book(estimate.id, undefined, { date: dayAhead(2), slot: '08:00-10:00' })).statusCode).toBe(
      401,
    );
    expect(await liveBookings(estimate.id)).toHaveLength(0);
  });

  it('is 409 for an estimate not approved', async () => {
    for (const status of ['quoted', 'declined', 'in_progress'] as const) {
      const estimate = await approvedEstimateOf(alice, status);
      const res = await book(estimate.id, alice, { date: dayAhead(2), slot: '08:00-10:00' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ message: DROP_OFF_NOT_APPROVED });
    }
  });

  it('says a full window was just taken, with the exact words', async () => {
    const date = dayAhead(3, 3);
    for (let i = 0; i < 2; i++) {
      const other = await approvedEstimateOf(bob);
      expect((await book(other.id, bob, { date, slot: '14:00-16:00' })).statusCode).toBe(201);
    }
    const estimate = await approvedEstimateOf(alice);
    const res = await book(estimate.id, alice, { date, slot: '14:00-16:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DROP_OFF_WINDOW_TAKEN });
    const list = (await windows(estimate.id, alice, `?from=${date}&days=1`)).json() as OpenWindow[];
    expect(list.find((w) => w.slot === '14:00-16:00')?.available).toBe(0);
  });

  it('gives the last places of a window to exactly as many racing customers as it holds', async () => {
    const date = dayAhead(4, 3);
    const racers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const person = await createPerson(t, { email: `racer-${i}@example.com`, firstName: `Racer${i}` });
        return { person, estimate: await approvedEstimateOf(person) };
      }),
    );
    const answers = await Promise.all(
      racers.map(({ person, estimate }) => book(estimate.id, person, { date, slot: '08:00-10:00' })),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json()).toEqual({ message: DROP_OFF_WINDOW_TAKEN });
    }
    const taken = await t.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.dropOffDate, date),
          eq(appointments.slot, '08:00-10:00'),
          eq(appointments.status, 'scheduled'),
        ),
      );
    expect(taken).toHaveLength(2);
  });
});

describe('the booking horizon', () => {
  const daysFromToday = (days: number) =>
    new Date(Date.parse(`${shopToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  /** An open window of a day past the customer's 90 days, as the desk lists it (up to a year). */
  async function windowPastQuarter(estimateId: string): Promise<OpenWindow> {
    const from = daysFromToday(CUSTOMER_BOOKING_HORIZON_DAYS + 1);
    const [window] = (await windows(estimateId, admin, `?from=${from}&days=14`)).json() as OpenWindow[];
    if (!window) throw new Error(`no open window from ${from}`);
    return window;
  }

  it('refuses a customer past 90 days ahead, in words, and lists no window past it', async () => {
    const estimate = await approvedEstimateOf(alice);
    const past = await windowPastQuarter(estimate.id);
    for (const { date, slot } of [{ date: '9999-12-01', slot: '08:00-10:00' }, past]) {
      const res = await book(estimate.id, alice, { date, slot });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ message: dropOffTooFar(CUSTOMER_BOOKING_HORIZON_DAYS) });
    }
    expect(await liveBookings(estimate.id)).toHaveLength(0);
    expect((await windows(estimate.id, alice, '?from=2035-01-01')).json()).toEqual([]);
    expect((await windows(estimate.id, alice, `?from=${past.date}&days=1`)).json()).toEqual([]);
    // A page that starts before the horizon stops at it.
    const last = lastBookableDay(false);
    const page = (
      await windows(estimate.id, alice, `?from=${daysFromToday(85)}&days=14`)
    ).json() as OpenWindow[];
    for (const window of page) expect(window.date <= last).toBe(true);
  });

  it('lets the desk book further ahead, up to a year, and no further', async () => {
    const estimate = await approvedEstimateOf(alice);
    const { date, slot } = await windowPastQuarter(estimate.id);
    const booked = await book(estimate.id, admin, { date, slot });
    expect(booked.statusCode, booked.body).toBe(201);
    const tooFar = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/schedule`,
      headers: as(admin),
      payload: { date: '9999-12-01', slot: '08:00-10:00', instructions: 'Keys at the desk.' },
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toEqual({ message: dropOffTooFar(SHOP_BOOKING_HORIZON_DAYS) });
    const online = await book(estimate.id, admin, { date: '9999-12-01', slot: '08:00-10:00' });
    expect(online.json()).toEqual({ message: dropOffTooFar(SHOP_BOOKING_HORIZON_DAYS) });
  });
});

describe('moving and cancelling', () => {
  it('moves to another window (the old place freed) and cancels back to approved, the shop told', async () => {
    const estimate = await approvedEstimateOf(alice);
    const first = dayAhead(1, 4);
    const second = dayAhead(2, 4);
    expect((await book(estimate.id, alice, { date: first, slot: '08:00-10:00' })).statusCode).toBe(201);
    const moved = await book(estimate.id, alice, { date: second, slot: '10:00-12:00' });
    expect(moved.statusCode, moved.body).toBe(201);
    const live = await liveBookings(estimate.id);
    expect(live.map((row) => [row.dropOffDate, row.slot])).toEqual([[second, '10:00-12:00']]);

    const cancelled = await cancel(estimate.id, alice);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'approved', dropOff: null });
    expect(await liveBookings(estimate.id)).toHaveLength(0);
    expect((await notesOf(estimate.id)).some((note) => note.startsWith('Drop-off cancelled: '))).toBe(true);
    const shopMails = (await queuedEmails(t.db, estimate.id)).filter((m) => m.topic === 'shop_drop_off');
    expect(shopMails.map((m) => m.payload.subject.split(':')[0])).toEqual([
      'Drop-off booked online',
      'Drop-off booked online',
      'Drop-off cancelled online',
    ]);
    // Then book again.
    expect((await book(estimate.id, alice, { date: first, slot: '08:00-10:00' })).statusCode).toBe(201);
    expect((await cancel(estimate.id, bob)).statusCode).toBe(404);
  });

  it("keeps the shop's instructions when the customer moves a booking the shop made", async () => {
    const estimate = await approvedEstimateOf(alice);
    const desk = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/schedule`,
      headers: as(admin),
      payload: { date: dayAhead(1, 5), slot: '08:00-10:00', instructions: 'Park by the paint booth.' },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const moved = await book(estimate.id, alice, { date: dayAhead(2, 5), slot: '10:00-12:00' });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().dropOff).toMatchObject({
      date: dayAhead(2, 5),
      bookedByCustomer: true,
      instructions: 'Park by the paint booth.',
    });
    // Moved again, still the shop's words; a booking the customer made carries what to bring.
    const again = await book(estimate.id, alice, { date: dayAhead(3, 5), slot: '10:00-12:00' });
    expect(again.json().dropOff.instructions).toBe('Park by the paint booth.');
    const own = await approvedEstimateOf(alice);
    const first = await book(own.id, alice, { date: dayAhead(4, 5), slot: '08:00-10:00' });
    const second = await book(own.id, alice, { date: dayAhead(4, 5), slot: '10:00-12:00' });
    expect(second.json().dropOff.instructions).toBe(first.json().dropOff.instructions);
    expect(second.json().dropOff.instructions).toMatch(/^Bring your keys/);
  });

  it('stops online changes on the day itself; the shop may still', async () => {
    const estimate = await approvedEstimateOf(alice);
    expect((await book(estimate.id, alice, { date: dayAhead(3, 4), slot: '08:00-10:00' })).statusCode).toBe(
      201,
    );
    await t.db
      .update(appointments)
      .set({ dropOffDate: shopToday() })
      .where(eq(appointments.estimateId, estimate.id));
    const refused = await cancel(estimate.id, alice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: DROP_OFF_CHANGE_CLOSED });
    const move = await book(estimate.id, alice, { date: dayAhead(4, 4), slot: '08:00-10:00' });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual({ message: DROP_OFF_CHANGE_CLOSED });
    expect((await cancel(estimate.id, admin)).statusCode).toBe(200);
    const nothing = await cancel(estimate.id, alice);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ message: NO_DROP_OFF_TO_CANCEL });
  });

  it('answers a Spanish-speaking customer in Spanish', async () => {
    const maria = await createPerson(t, { email: 'maria-booking@example.com', language: 'es' });
    const estimate = await approvedEstimateOf(maria, 'quoted');
    const res = await book(estimate.id, maria, { date: dayAhead(2), slot: '08:00-10:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Podrá reservar/);
    // Her own booking's note reads in Spanish for her, in English for the shop.
    const approved = await approvedEstimateOf(maria);
    expect((await book(approved.id, maria, { date: dayAhead(3), slot: '10:00-12:00' })).statusCode).toBe(201);
    const thread = async (person: Person) =>
      (
        (
          await t.app.inject({ url: `/api/estimates/${approved.id}/messages`, headers: as(person) })
        ).json() as {
          content: string;
        }[]
      ).map((message) => message.content);
    expect((await thread(maria))[0]).toMatch(/^Cita reservada en línea: miércoles, .*\nTraiga las llaves/);
    expect((await thread(admin))[0]).toMatch(/^Drop-off booked online: Wednesday, .*\nBring your keys/);
  });
});
