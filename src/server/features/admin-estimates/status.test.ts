import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STATUS_REQUIRED } from '#domain/admin-estimates.ts';
import { ESTIMATE_STATUSES, type EstimateStatus } from '#domain/estimate-status.ts';
import { createEstimate } from '#server/db/factories.ts';
import { appointments, estimates, messages, type UserRow } from '#server/db/schema.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { changeEstimateStatus, quoteEstimate, requestReschedule, scheduleDropOff } from './service.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const aliceEstimate = (status: EstimateStatus = 'pending') =>
  createEstimate(t.database.db, { userId: alice.user.id, status, estimatedAmount: '640.00' });
const setStatus = (id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${id}/status`,
    headers: as(admin),
    payload: payload as object,
  });
const notesOf = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.estimateId, id))
      .orderBy(asc(messages.createdAt))
  ).map((row) => ({
    content: row.content,
    isFromAdmin: row.isFromAdmin,
    authorId: row.authorId,
  }));
const statusOf = async (id: string) =>
  (await t.database.db.select().from(estimates).where(eq(estimates.id, id)))[0]?.status;

describe('POST /api/admin/estimates/{id}/status', () => {
  it("walks the eight statuses in the repair's order, with the default note", async () => {
    const estimate = await aliceEstimate('cancelled');
    await t.database.db.update(estimates).set({ status: 'pending' }).where(eq(estimates.id, estimate.id));
    const consent = { method: 'phone', name: 'Alice Smith' };
    for (const [status, extra] of [
      ['quoted', {}],
      ['pending', {}],
      ['declined', {}],
      ['quoted', {}],
      ['approved', { consent }],
      ['scheduled', {}],
      ['in_progress', {}],
      ['completed', {}],
      ['cancelled', {}],
    ] as const) {
      const res = await setStatus(estimate.id, { status, ...extra });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().estimate.status).toBe(status);
    }
    const notes = await notesOf(estimate.id);
    expect(notes.map((note) => note.content)).toEqual([
      'Status changed to: Quoted',
      'Status changed to: Pending',
      'Status changed to: Declined',
      'Status changed to: Quoted',
      'Status changed to: Approved',
      'Status changed to: Scheduled',
      'Status changed to: In Progress',
      'Status changed to: Completed',
      'Status changed to: Cancelled',
    ]);
    expect(notes.every((note) => note.isFromAdmin && note.authorId === admin.user.id)).toBe(true);
    // Every status was reached, and a cancelled estimate stays cancelled.
    for (const status of ESTIMATE_STATUSES.filter((s) => s !== 'cancelled')) {
      expect((await setStatus(estimate.id, { status })).statusCode, status).toBe(409);
    }
  });

  it("accepts 'in-progress', keeps the shop's own note, and treats a blank note as none", async () => {
    const estimate = await aliceEstimate('approved');
    expect((await setStatus(estimate.id, { status: 'in-progress', note: 'Parts arrived.' })).statusCode).toBe(
      200,
    );
    expect((await setStatus(estimate.id, { status: 'completed', note: '   ' })).statusCode).toBe(200);
    expect((await notesOf(estimate.id)).map((note) => note.content)).toEqual([
      'Parts arrived.',
      'Status changed to: Completed',
    ]);
    expect(await statusOf(estimate.id)).toBe('completed');
  });

  it('needs a known status', async () => {
    const estimate = await aliceEstimate();
    for (const [payload, message] of [
      [{}, STATUS_REQUIRED],
      [{ status: '' }, STATUS_REQUIRED],
      [{ status: 'bogus' }, 'Unknown status: bogus'],
    ] as const) {
      const res = await setStatus(estimate.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await setStatus(estimate.id, { status: 'approved', extra: 1 })).statusCode).toBe(400);
    expect(await notesOf(estimate.id)).toEqual([]);
  });

  it('keeps the booking while the car comes in or is in the shop, frees it otherwise', async () => {
    const bookingOf = async (id: string) =>
      (await t.database.db.select().from(appointments).where(eq(appointments.estimateId, id))).map(
        (row) => row.status,
      );
    const book = async (id: string, weekday: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/estimates/${id}/schedule`,
        headers: as(admin),
        payload: { date: dayAhead(weekday), slot: '08:00-10:00', instructions: 'Front lot' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    const repaired = await aliceEstimate('approved');
    await book(repaired.id, 2);
    for (const status of ['in_progress', 'completed'] as const) {
      const res = await setStatus(repaired.id, { status });
      expect(res.json().appointment, status).toMatchObject({ slot: '08:00-10:00' });
    }
    expect(await bookingOf(repaired.id)).toEqual(['scheduled']);

    for (const [weekday, status] of [
      [3, 'approved'],
      [4, 'cancelled'],
    ] as const) {
      const estimate = await aliceEstimate('approved');
      await book(estimate.id, weekday);
      const res = await setStatus(estimate.id, { status });
      expect(res.json().appointment, status).toBeNull();
      expect(await bookingOf(estimate.id)).toEqual(['cancelled']);
    }

    // A move the table refuses (back before the approval) leaves the booking as it was.
    const kept = await aliceEstimate('approved');
    await book(kept.id, 5);
    expect((await setStatus(kept.id, { status: 'pending' })).statusCode).toBe(409);
    expect(await bookingOf(kept.id)).toEqual(['scheduled']);
  });

  it('changes the list ETag, so pollers see the change at once', async () => {
    const estimate = await aliceEstimate('approved');
    const before = await t.app.inject({ url: '/api/estimates', headers: as(alice) });
    await setStatus(estimate.id, { status: 'in_progress' });
    const after = await t.app.inject({
      url: '/api/estimates',
      headers: { ...as(alice), 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('each action and its note commit together or not at all', () => {
  /** An admin whose account row does not exist: the note's author reference fails, after the change was made. */
  const ghost = (): UserRow => ({ ...admin.user, id: randomUUID() });
  const db = () => t.database.db;

  it('status: a failing note leaves the status and the drop-off as they were', async () => {
    const estimate = await aliceEstimate('approved');
    await scheduleDropOff({ db: db() }, admin.user, estimate.id, {
      date: dayAhead(3),
      slot: '14:00-16:00',
      instructions: 'Front lot',
    });
    await expect(
      changeEstimateStatus({ db: db(), cancelStalePayments: async () => {} }, ghost(), estimate.id, {
        status: 'cancelled',
      }),
    ).rejects.toThrow();
    expect(await statusOf(estimate.id)).toBe('scheduled');
    const rows = await db().select().from(appointments).where(eq(appointments.estimateId, estimate.id));
    expect(rows.map((row) => row.status)).toEqual(['scheduled']);
  });

  it('quote and reschedule: nothing changes when the note cannot be written', async () => {
    const pending = await aliceEstimate('pending');
    await expect(
      quoteEstimate({ db: db() }, ghost(), pending.id, { estimatedAmount: 90_000 }),
    ).rejects.toThrow();
    const [row] = await db().select().from(estimates).where(eq(estimates.id, pending.id));
    expect(row).toMatchObject({ status: 'pending', estimatedAmount: '640.00' });

    const scheduled = await aliceEstimate('approved');
    await scheduleDropOff({ db: db() }, admin.user, scheduled.id, {
      date: dayAhead(4),
      slot: '10:00-12:00',
      instructions: 'Front lot',
    });
    await expect(requestReschedule({ db: db() }, ghost(), scheduled.id)).rejects.toThrow();
    expect(await statusOf(scheduled.id)).toBe('scheduled');
    const booking = await db().select().from(appointments).where(eq(appointments.estimateId, scheduled.id));
    expect(booking.map((b) => b.status)).toEqual(['scheduled']);
  });
});
