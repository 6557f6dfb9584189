import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dropOffWindow, formatDropOffDate, shopToday, WEEKLY_HOURS_ONLY } from '#domain/drop-off-slots.ts';
import {
  DROP_OFF_DAY_PASSED,
  DROP_OFF_WINDOW_TAKEN,
  dropOffMoved,
  type OpenWindow,
} from '#domain/self-booking.ts';
import { STATUS_LINK_NOT_VALID } from '#domain/status-links.ts';
import { addCalendarDays } from '#domain/storage.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { appointments, messages, outbox } from '#server/db/schema.ts';
import { testConfig } from '#server/test-support/app.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { dropOffLinkToken } from './drop-off-link.ts';
import { DROP_OFF_NOT_DUE, markNoShow, NOT_A_BOOKED_DROP_OFF } from './no-show.ts';
import { dropOffPageGuard } from './page-guard.ts';

const t = setUpTestShop();
const confirm = (token: string, appointmentId: string) =>
  t.app.inject({ method: 'POST', url: `/api/drop-off-links/${token}/confirm`, payload: { appointmentId } });
const { alice, admin } = setUpCast(t);
const secret = testConfig().sessionSecret;

async function bookedEstimate(date = dayAhead(2)) {
  const vehicle = await createVehicle(t.db, alice.user.id, { year: 2018, make: 'Ford', model: 'Escape' });
  const estimate = await createEstimate(t.db, {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'approved',
    estimatedAmount: '650.00',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/estimates/${estimate.id}/drop-off`,
    headers: as(alice),
    payload: { date, slot: '08:00-10:00' },
  });
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  return { estimate, token: dropOffLinkToken(secret, estimate.id) };
}

describe('the drop-off link (the reminder’s confirm and reschedule)', () => {
  it('shows the booking signed out, privately, and confirms it: confirmedAt recorded and shown to staff', async () => {
    const { estimate, token } = await bookedEstimate();
    const page = await t.app.inject({ url: `/api/drop-off-links/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({
      vehicle: '2018 Ford Escape',
      language: 'en',
      status: 'scheduled',
      canBook: true,
      dropOff: { date: dayAhead(2), slot: '08:00-10:00', confirmedAt: null },
    });
    const appointmentId = page.json().dropOff.id as string;
    const confirmed = await confirm(token, appointmentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirmedAt = confirmed.json().dropOff.confirmedAt as string;
    expect(Date.parse(confirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    // A second tap keeps the first time.
    const again = await confirm(token, appointmentId);
    expect(again.json().dropOff.confirmedAt).toBe(confirmedAt);
    const details = await t.app.inject({
      url: `/api/admin/estimates/${estimate.id}/details`,
      headers: as(admin),
    });
    expect(details.json().appointment.confirmedAt).toBe(confirmedAt);
  });

  it('confirms only the booking the reminder named: after a move, 409 naming the new time', async () => {
    const { estimate, token } = await bookedEstimate(dayAhead(1, 5));
    const reminded = (await t.app.inject({ url: `/api/drop-off-links/${token}` })).json().dropOff
      .id as string;
    // The desk moves the booking after the reminder went out.
    const desk = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/schedule`,
      headers: as(admin),
      payload: { date: dayAhead(2, 5), slot: '14:00-16:00', instructions: 'Keys at the desk.' },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const stale = await confirm(token, reminded);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: dropOffMoved(dayAhead(2, 5), '14:00-16:00') });
    expect(stale.json().message).toMatch(/^Your drop-off was moved to Tuesday, .*, 2:00 PM - 4:00 PM\./);
    const page = (await t.app.inject({ url: `/api/drop-off-links/${token}` })).json();
    expect(page.dropOff).toMatchObject({ date: dayAhead(2, 5), slot: '14:00-16:00', confirmedAt: null });
    // The new booking, confirmed by its own id (the page's button), is.
    expect((await confirm(token, page.dropOff.id)).json().dropOff.confirmedAt).not.toBeNull();
  });

  it('does not confirm a booking whose day has passed', async () => {
    const { estimate, token } = await bookedEstimate(dayAhead(3, 5));
    await t.db
      .update(appointments)
      .set({ dropOffDate: '2020-01-06' })
      .where(eq(appointments.estimateId, estimate.id));
    const page = (await t.app.inject({ url: `/api/drop-off-links/${token}` })).json();
    const res = await confirm(token, page.dropOff.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DROP_OFF_DAY_PASSED });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.estimateId, estimate.id));
    expect(row?.confirmedAt).toBeNull();
  });

  it('moves the booking to an open window, in the owner’s name', async () => {
    const { estimate, token } = await bookedEstimate(dayAhead(3));
    const list = await t.app.inject({
      url: `/api/drop-off-links/${token}/windows?from=${dayAhead(4)}&days=1`,
    });
    expect(list.statusCode).toBe(200);
    const open = list.json() as OpenWindow[];
    expect(open.map((w) => w.slot)).toEqual(['08:00-10:00', '10:00-12:00', '14:00-16:00']);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/drop-off-links/${token}`,
      payload: { date: dayAhead(4), slot: '14:00-16:00' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().dropOff).toMatchObject({
      date: dayAhead(4),
      slot: '14:00-16:00',
      bookedByCustomer: true,
    });
    const [note] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.estimateId, estimate.id))
      .orderBy(messages.createdAt)
      .then((rows) => rows.slice(-1));
    expect(note?.authorId).toBe(alice.user.id);
    expect(note?.content).toMatch(/^Drop-off booked online: Thursday/);
  });

  it('is the same plain 404 for a tampered, foreign or expired link, and the page guard agrees', async () => {
    const { estimate, token } = await bookedEstimate(dayAhead(1, 2));
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const foreign = dropOffLinkToken('z'.repeat(32), estimate.id);
    const expired = dropOffLinkToken(secret, estimate.id, new Date(Date.now() - 31 * 86_400_000));
    for (const bad of [tampered, foreign, expired, 'nonsense']) {
      const res = await t.app.inject({ url: `/api/drop-off-links/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ message: STATUS_LINK_NOT_VALID });
      expect((await dropOffPageGuard(secret)(`/drop-off/${bad}`))?.found).toBe(false);
    }
    expect((await dropOffPageGuard(secret)(`/drop-off/${token}`))?.found).toBe(true);
    expect(await dropOffPageGuard(secret)('/survey/abc')).toBeNull();
  });

  it('cannot take a full window either', async () => {
    const date = dayAhead(5, 2);
    await bookedEstimate(date);
    await bookedEstimate(date);
    const { token } = await bookedEstimate(dayAhead(4, 2));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/drop-off-links/${token}`,
      payload: { date, slot: '08:00-10:00' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DROP_OFF_WINDOW_TAKEN });
  });
});

describe('POST /api/admin/estimates/{id}/drop-off/no-show', () => {
  const noShow = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/estimates/${id}/drop-off/no-show`, headers: as(admin) });

  it('frees the window, returns to approved, writes a kind note with the booking link, and counts', async () => {
    const { estimate } = await bookedEstimate(dayAhead(1, 3));
    expect((await noShow(estimate.id)).json()).toEqual({ message: DROP_OFF_NOT_DUE });
    const yesterday = addCalendarDays(shopToday(), -1);
    await t.db
      .update(appointments)
      .set({ dropOffDate: yesterday })
      .where(eq(appointments.estimateId, estimate.id));
    const res = await noShow(estimate.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estimate.status).toBe('approved');
    expect(res.json().appointment).toBeNull();
    const rows = await t.db.select().from(appointments).where(eq(appointments.estimateId, estimate.id));
    expect(rows.map((row) => row.status)).toEqual(['no_show']);
    const notes = await t.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    const note = notes.find((row) => row.content.startsWith('Missed drop-off: '));
    expect(note?.isFromAdmin).toBe(true);
    // Marked the morning after, it names the day it was missed, not "today".
    expect(note?.content).toContain(
      `We missed you on ${formatDropOffDate(yesterday)}, and we hope everything is all right.`,
    );
    const link = /http:\/\/\S+\/drop-off\/([\w.-]+)$/.exec(note?.content ?? '')?.[1] ?? '';
    const page = await t.app.inject({ url: `/api/drop-off-links/${link}` });
    expect(page.json()).toMatchObject({ status: 'approved', dropOff: null, canBook: true });
    // The customer hears it by e-mail (the shop's message).
    const mails = await queuedEmails(t.db, estimate.id);
    expect(mails.some((mail) => mail.topic === 'shop_message')).toBe(true);
    // Counted on the dashboard's calendar (its month) and in the customer's history.
    const calendar = await t.app.inject({
      url: `/api/admin/calendar?month=${yesterday.slice(0, 7)}`,
      headers: as(admin),
    });
    expect(calendar.json().counters.noShowsThisMonth).toBeGreaterThanOrEqual(1);
    expect(res.json().customerNoShows).toBe(1);
    // Once approved again, there is nothing to mark.
    expect((await noShow(estimate.id)).json()).toEqual({ message: NOT_A_BOOKED_DROP_OFF });
    const texts = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.estimateId, estimate.id), eq(outbox.kind, 'sms')));
    expect(texts).toHaveLength(0);
  });

  it("is refused until the window's end has passed, even on its day", async () => {
    const { estimate } = await bookedEstimate(dayAhead(2, 6));
    await t.db
      .update(appointments)
      .set({ slot: '14:00-16:00' })
      .where(eq(appointments.estimateId, estimate.id));
    const { start, end } = dropOffWindow(dayAhead(2, 6), '14:00-16:00');
    const at = (now: Date) =>
      markNoShow(
        t.db,
        {
          secret,
          appUrl: testConfig().appUrl,
          shopName: 'Test shop',
          capacity: 2,
          calendarFor: async () => WEEKLY_HOURS_ONLY,
          now: () => now,
        },
        admin.user,
        estimate.id,
      );
    // At 7 AM on the day of a 2–4 PM window, and at its last minute, the car may still come.
    for (const now of [new Date(start.getTime() - 7 * 3_600_000), new Date(end.getTime() - 60_000)]) {
      await expect(at(now)).rejects.toMatchObject({ message: DROP_OFF_NOT_DUE });
    }
    const marked = await at(new Date(end.getTime() + 60_000));
    expect(marked.estimate.status).toBe('approved');
  });
});
