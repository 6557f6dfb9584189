import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INSTRUCTIONS_REQUIRED } from '#domain/admin-estimates.ts';
import {
  DEFAULT_DROP_OFF_CAPACITY,
  DROP_OFF_DATE_PAST,
  DROP_OFF_DATE_REQUIRED,
  DROP_OFF_SLOT_FULL,
  DROP_OFF_SLOT_REQUIRED,
} from '#domain/drop-off-slots.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { createEstimate } from '#server/db/factories.ts';
import { appointments } from '#server/db/schema.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { cannotReschedule, cannotSchedule } from './service.ts';

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

const aliceEstimate = (status: EstimateStatus = 'approved') =>
  createEstimate(t.database.db, { userId: alice.user.id, status, estimatedAmount: '1250.00' });
const schedule = (id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${id}/schedule`,
    headers: as(admin),
    payload: payload as object,
  });
const reschedule = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/estimates/${id}/reschedule`, headers: as(admin) });
const messagesOf = async (id: string) =>
  (
    (await t.app.inject({ url: `/api/estimates/${id}/messages`, headers: as(alice) })).json() as {
      content: string;
    }[]
  ).map((message) => message.content);
const appointmentRows = (estimateId: string) =>
  t.database.db.select().from(appointments).where(eq(appointments.estimateId, estimateId));

describe('POST /api/admin/estimates/{id}/schedule', () => {
  it('books the drop-off, sets scheduled and tells the customer the day, window and instructions', async () => {
    const estimate = await aliceEstimate();
    const date = dayAhead(1);
    const res = await schedule(estimate.id, {
      date,
      slot: '10:00-12:00',
      instructions: '  Park by the blue door; keys to the front desk.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estimate.status).toBe('scheduled');
    expect(res.json().appointment).toMatchObject({
      date,
      slot: '10:00-12:00',
      slotLabel: '10:00 AM - 12:00 PM',
      instructions: 'Park by the blue door; keys to the front desk.',
    });
    const [note] = await messagesOf(estimate.id);
    expect(note).toMatch(/^Drop-off scheduling: Monday, [A-Z][a-z]+ \d{1,2}, \d{4}, 10:00 AM - 12:00 PM\n/);
    expect(note?.split('\n')[1]).toBe('Park by the blue door; keys to the front desk.');
    const details = await t.app.inject({
      url: `/api/admin/estimates/${estimate.id}/details`,
      headers: as(admin),
    });
    expect(details.json().appointment).toMatchObject({ date, slot: '10:00-12:00' });
  });

  it('refuses weekends, past days, unknown windows and missing instructions', async () => {
    const estimate = await aliceEstimate();
    const cases: [unknown, string][] = [
      [
        { date: dayAhead(6), slot: '08:00-10:00', instructions: 'x' },
        'The shop is closed on Saturdays. Please choose another day.',
      ],
      [
        { date: dayAhead(0), slot: '08:00-10:00', instructions: 'x' },
        'The shop is closed on Sundays. Please choose another day.',
      ],
      [
        { date: dayAhead(5), slot: '14:00-16:00', instructions: 'x' },
        "The 2:00 PM - 4:00 PM window is outside the shop's hours on Fridays (8:00 AM – 1:00 PM). Please choose another time.",
      ],
      [{ date: '2024-01-08', slot: '08:00-10:00', instructions: 'x' }, DROP_OFF_DATE_PAST],
      [{ date: '2026-02-30', slot: '08:00-10:00', instructions: 'x' }, DROP_OFF_DATE_REQUIRED],
      [{ slot: '08:00-10:00', instructions: 'x' }, DROP_OFF_DATE_REQUIRED],
      [{ date: dayAhead(2), slot: '12:00-14:00', instructions: 'x' }, DROP_OFF_SLOT_REQUIRED],
      [{ date: dayAhead(2), instructions: 'x' }, DROP_OFF_SLOT_REQUIRED],
      [{ date: dayAhead(2), slot: '08:00-10:00', instructions: '   ' }, INSTRUCTIONS_REQUIRED],
      [{ date: dayAhead(2), slot: '08:00-10:00' }, INSTRUCTIONS_REQUIRED],
    ];
    for (const [payload, message] of cases) {
      const res = await schedule(estimate.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const tooLong = await schedule(estimate.id, {
      date: dayAhead(2),
      slot: '08:00-10:00',
      instructions: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await appointmentRows(estimate.id)).toEqual([]);
    expect(await messagesOf(estimate.id)).toEqual([]);
  });

  it('schedules only an approved estimate (or moves a scheduled one)', async () => {
    for (const status of [
      'pending',
      'quoted',
      'declined',
      'in_progress',
      'completed',
      'cancelled',
    ] as const) {
      const estimate = await aliceEstimate(status);
      const res = await schedule(estimate.id, { date: dayAhead(3), slot: '14:00-16:00', instructions: 'x' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ message: cannotSchedule(status) });
    }
  });

  it('moving a scheduled estimate frees its old place', async () => {
    const estimate = await aliceEstimate();
    const first = { date: dayAhead(4, 2), slot: '08:00-10:00', instructions: 'First time' };
    expect((await schedule(estimate.id, first)).statusCode).toBe(200);
    const moved = await schedule(estimate.id, { ...first, slot: '14:00-16:00', instructions: 'Later' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment).toMatchObject({ slot: '14:00-16:00', instructions: 'Later' });
    const rows = await appointmentRows(estimate.id);
    expect(rows.map((row) => [row.slot, row.status]).sort()).toEqual([
      ['08:00-10:00', 'cancelled'],
      ['14:00-16:00', 'scheduled'],
    ]);
  });

  it(`takes ${DEFAULT_DROP_OFF_CAPACITY} cars per window, then says the window is full`, async () => {
    const booking = { date: dayAhead(5, 3), slot: '08:00-10:00', instructions: 'Front lot' };
    for (let i = 0; i < DEFAULT_DROP_OFF_CAPACITY; i++) {
      expect((await schedule((await aliceEstimate()).id, booking)).statusCode).toBe(200);
    }
    const late = await aliceEstimate();
    const res = await schedule(late.id, booking);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DROP_OFF_SLOT_FULL });
    const after = await t.app.inject({ url: `/api/estimates/${late.id}`, headers: as(admin) });
    expect(after.json().status).toBe('approved');
    expect(await messagesOf(late.id)).toEqual([]);
    // Another window of the same day still has room.
    expect((await schedule(late.id, { ...booking, slot: '10:00-12:00' })).statusCode).toBe(200);
  });

  it('gives the last place to exactly one of three bookings made at the same moment', async () => {
    const booking = { date: dayAhead(3, 4), slot: '14:00-16:00', instructions: 'Side gate' };
    for (let i = 0; i < DEFAULT_DROP_OFF_CAPACITY - 1; i++) {
      expect((await schedule((await aliceEstimate()).id, booking)).statusCode).toBe(200);
    }
    const contenders = await Promise.all([aliceEstimate(), aliceEstimate(), aliceEstimate()]);
    const results = await Promise.all(contenders.map((estimate) => schedule(estimate.id, booking)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.dropOffDate, booking.date));
    expect(booked.filter((row) => row.status === 'scheduled')).toHaveLength(DEFAULT_DROP_OFF_CAPACITY);
  });
});

describe('POST /api/admin/estimates/{id}/reschedule', () => {
  it('cancels the drop-off, sets approved and posts the note', async () => {
    const estimate = await aliceEstimate();
    const booking = { date: dayAhead(2, 5), slot: '08:00-10:00', instructions: 'Front lot' };
    expect((await schedule(estimate.id, booking)).statusCode).toBe(200);
    const res = await reschedule(estimate.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estimate.status).toBe('approved');
    expect(res.json().appointment).toBeNull();
    expect((await appointmentRows(estimate.id)).map((row) => row.status)).toEqual(['cancelled']);
    const note = (await messagesOf(estimate.id)).at(-1) ?? '';
    expect(note.split('\n')[0]).toBe('Rescheduling requested by admin');
    expect(note).toMatch(
      /^We need to find a new drop-off time for your .+\. We'll be in touch shortly, or reply here with a day that suits you\.$/m,
    );
    // It can be booked again.
    expect((await schedule(estimate.id, booking)).statusCode).toBe(200);
  });

  it('is only for a scheduled estimate', async () => {
    for (const status of ['pending', 'quoted', 'approved', 'in_progress', 'completed'] as const) {
      const estimate = await aliceEstimate(status);
      const res = await reschedule(estimate.id);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ message: cannotReschedule(status) });
      expect(await messagesOf(estimate.id)).toEqual([]);
    }
  });
});

describe('GET /api/admin/estimates/{id}/drop-off-slots', () => {
  const windowsOf = (id: string, date: string, person: Person = admin) =>
    t.app.inject({
      url: `/api/admin/estimates/${id}/drop-off-slots?date=${encodeURIComponent(date)}`,
      headers: as(person),
    });

  it('marks a window full once it holds two other cars, as the booking would be refused', async () => {
    const date = dayAhead(2, 6);
    const booking = { date, slot: '10:00-12:00', instructions: 'Front lot' };
    const mine = await aliceEstimate();
    const empty = await windowsOf(mine.id, date);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().windows.map((w: { full: boolean }) => w.full)).toEqual([false, false, false]);

    for (let i = 0; i < DEFAULT_DROP_OFF_CAPACITY; i++) {
      expect((await schedule((await aliceEstimate()).id, booking)).statusCode).toBe(200);
    }
    const res = await windowsOf(mine.id, date);
    expect(res.json()).toEqual({
      date,
      closed: null,
      windows: [
        { id: '08:00-10:00', label: '8:00 AM - 10:00 AM', taken: 0, capacity: 2, full: false },
        { id: '10:00-12:00', label: '10:00 AM - 12:00 PM', taken: 2, capacity: 2, full: true },
        { id: '14:00-16:00', label: '2:00 PM - 4:00 PM', taken: 0, capacity: 2, full: false },
      ],
    });
    expect((await schedule(mine.id, booking)).statusCode).toBe(409);
  });

  it("does not count the estimate's own booking, which moving it frees", async () => {
    const date = dayAhead(4, 6);
    const booking = { date, slot: '14:00-16:00', instructions: 'Side gate' };
    const other = await aliceEstimate();
    const mine = await aliceEstimate();
    expect((await schedule(other.id, booking)).statusCode).toBe(200);
    expect((await schedule(mine.id, booking)).statusCode).toBe(200);
    expect((await windowsOf(mine.id, date)).json().windows[2]).toMatchObject({ taken: 1, full: false });
    expect((await windowsOf((await aliceEstimate()).id, date)).json().windows[2]).toMatchObject({
      taken: 2,
      full: true,
    });
    // Booking the same window again keeps its place.
    expect((await schedule(mine.id, { ...booking, instructions: 'Back door' })).statusCode).toBe(200);
  });

  it('asks for a real date, and answers only the shop', async () => {
    const estimate = await aliceEstimate();
    const bad = await windowsOf(estimate.id, '2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: DROP_OFF_DATE_REQUIRED });
    expect((await windowsOf(estimate.id, dayAhead(1), alice)).statusCode).toBe(403);
    expect((await windowsOf(estimate.id, dayAhead(1), bob)).statusCode).toBe(403);
    const missing = await windowsOf('00000000-0000-4000-8000-000000000000', dayAhead(1));
    expect(missing.statusCode).toBe(404);
  });
});
