import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopToday } from '#domain/drop-off-slots.ts';
import { DROP_OFF_WINDOW_TAKEN, type OpenWindow } from '#domain/self-booking.ts';
import { STATUS_LINK_NOT_VALID } from '#domain/status-links.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { appointments, messages, outbox } from '#server/db/schema.ts';
import { testConfig } from '#server/test-support/app.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { dropOffLinkToken } from './drop-off-link.ts';
import { DROP_OFF_NOT_DUE, NOT_A_BOOKED_DROP_OFF } from './no-show.ts';
import { dropOffPageGuard } from './page-guard.ts';

const t = setUpTestShop();
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
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/drop-off-links/${token}/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirmedAt = confirmed.json().dropOff.confirmedAt as string;
    expect(Date.parse(confirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    // A second tap keeps the first time.
    const again = await t.app.inject({ method: 'POST', url: `/api/drop-off-links/${token}/confirm` });
    expect(again.json().dropOff.confirmedAt).toBe(confirmedAt);
    const details = await t.app.inject({
      url: `/api/admin/estimates/${estimate.id}/details`,
      headers: as(admin),
    });
    expect(details.json().appointment.confirmedAt).toBe(confirmedAt);
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
    await t.db
      .update(appointments)
      .set({ dropOffDate: shopToday() })
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
    expect(note?.content).toMatch(/We missed you today, and we hope everything is all right\./);
    const link = /http:\/\/\S+\/drop-off\/([\w.-]+)$/.exec(note?.content ?? '')?.[1] ?? '';
    const page = await t.app.inject({ url: `/api/drop-off-links/${link}` });
    expect(page.json()).toMatchObject({ status: 'approved', dropOff: null, canBook: true });
    // The customer hears it by e-mail (the shop's message).
    const mails = await queuedEmails(t.db, estimate.id);
    expect(mails.some((mail) => mail.topic === 'shop_message')).toBe(true);
    // Counted on the dashboard's calendar (this month) and in the customer's history.
    const calendar = await t.app.inject({ url: '/api/admin/calendar', headers: as(admin) });
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
});
