import { beforeAll, describe, expect, it } from 'vitest';
import { BAD_MONTH_MESSAGE, type Calendar, shopMonth } from '#domain/calendar.ts';
import { shopToday } from '#domain/drop-off-slots.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { createAppointment, createEstimate, createUser, createVehicle } from '#server/db/factories.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { loadCalendar } from './service.ts';

let aliceVehicleId: string;

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
beforeAll(async () => {
  const vehicle = await createVehicle(t.database.db, alice.user.id, {
    year: 2019,
    make: 'Honda',
    model: 'Accord',
    licensePlate: 'LKS1993',
  });
  aliceVehicleId = vehicle.id;
});

const calendar = (month: string | null, person?: Person) =>
  t.app.inject({
    method: 'GET',
    url: month === null ? '/api/admin/calendar' : `/api/admin/calendar?month=${encodeURIComponent(month)}`,
    headers: as(person),
  });

async function calendarOf(month: string | null): Promise<Calendar> {
  const res = await calendar(month, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fresh database per file, but tests share it: each builds in its own months and reads deltas. */
async function estimateFor(status: EstimateStatus, createdAt?: Date) {
  return createEstimate(t.database.db, {
    userId: alice.user.id,
    vehicleId: aliceVehicleId,
    status,
    estimatedAmount: '1250.00',
    createdAt,
  });
}

describe('GET /api/admin/calendar', () => {
  it('is for the shop only: 401 anonymous, 403 customers, whatever they send', async () => {
    expect((await calendar('2025-03')).statusCode).toBe(401);
    for (const month of ['2025-03', 'nonsense', null]) {
      const res = await calendar(month, alice);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('refuses a month that is not YYYY-MM with 400 and a message', async () => {
    for (const month of ['2025-13', '2025-3', 'march', '2025-03-01', '', '0000-01']) {
      const res = await calendar(month, admin);
      expect(res.statusCode, month).toBe(400);
      expect(res.json()).toEqual({ message: BAD_MONTH_MESSAGE });
    }
    const twice = await t.app.inject({
      method: 'GET',
      url: '/api/admin/calendar?month=2025-03&month=2025-04',
      headers: as(admin),
    });
    expect(twice.statusCode).toBe(400);
  });

  it('defaults to this month at the shop and says what day it is there', async () => {
    const before = new Date();
    const body = await calendarOf(null);
    // Around midnight in Florida the day may turn between the two clocks: either is right.
    expect([shopMonth(before), shopMonth()]).toContain(body.month);
    expect([shopToday(before), shopToday()]).toContain(body.today);
    expect(body.today.startsWith(body.month)).toBe(true);
  });

  it('decides the default month and today on the shop clock, not the server one', async () => {
    // 03:00 UTC on April 1 is still March 31 in Florida.
    const atNight = await loadCalendar(t.database.db, admin.user, { now: new Date('2031-04-01T03:00:00Z') });
    expect(atNight).toMatchObject({ month: '2031-03', today: '2031-03-31' });
    const chosen = await loadCalendar(t.database.db, admin.user, {
      month: '2031-05',
      now: new Date('2031-04-01T03:00:00Z'),
    });
    expect(chosen).toMatchObject({ month: '2031-05', today: '2031-03-31' });
    await expect(loadCalendar(t.database.db, alice.user, {})).rejects.toMatchObject({ statusCode: 403 });
  });

  it('places each booking on its drop-off date with its slot, by date then slot, within the month only', async () => {
    const early = await estimateFor('scheduled');
    const late = await estimateFor('scheduled');
    const nextMonth = await estimateFor('scheduled');
    const lastDay = await estimateFor('in_progress');
    await createAppointment(t.database.db, {
      estimateId: late.id,
      dropOffDate: '2031-03-14',
      slot: '14:00-16:00',
    });
    await createAppointment(t.database.db, {
      estimateId: early.id,
      dropOffDate: '2031-03-14',
      slot: '08:00-10:00',
    });
    await createAppointment(t.database.db, {
      estimateId: lastDay.id,
      dropOffDate: '2031-03-31',
      slot: '10:00-12:00',
    });
    await createAppointment(t.database.db, { estimateId: nextMonth.id, dropOffDate: '2031-04-01' });

    const march = await calendarOf('2031-03');
    expect(march.month).toBe('2031-03');
    expect(march.dropOffs.map((d) => [d.estimateId, d.date, d.slot])).toEqual([
      [early.id, '2031-03-14', '08:00-10:00'],
      [late.id, '2031-03-14', '14:00-16:00'],
      [lastDay.id, '2031-03-31', '10:00-12:00'],
    ]);
    expect(march.counters.thisMonth).toBe(3);
    expect(march.dropOffs[1]).toEqual({
      appointmentId: expect.any(String),
      estimateId: late.id,
      reference: late.id.slice(0, 8).toUpperCase(),
      date: '2031-03-14',
      slot: '14:00-16:00',
      slotLabel: '2:00 PM - 4:00 PM',
      status: 'scheduled',
      customerName: 'Alice Adams',
      vehicle: { title: '2019 Honda Accord', licensePlate: 'LKS1993' },
      bookedByCustomer: false,
      confirmedAt: null,
    });
    expect(march.dropOffs[2]?.status).toBe('in_progress');

    const april = await calendarOf('2031-04');
    expect(april.dropOffs.map((d) => d.estimateId)).toEqual([nextMonth.id]);
    expect((await calendarOf('2031-02')).dropOffs).toEqual([]);
  });

  it('leaves out cancelled bookings, superseded bookings, and estimates no longer coming in', async () => {
    const cancelled = await estimateFor('scheduled');
    await createAppointment(t.database.db, {
      estimateId: cancelled.id,
      dropOffDate: '2032-05-10',
      status: 'cancelled',
    });
    const declined = await estimateFor('cancelled');
    await createAppointment(t.database.db, { estimateId: declined.id, dropOffDate: '2032-05-11' });
    const awaitingNewDate = await estimateFor('approved');
    await createAppointment(t.database.db, { estimateId: awaitingNewDate.id, dropOffDate: '2032-05-12' });

    // Moved: only the newest booking counts, even if the old one was not marked cancelled.
    const moved = await estimateFor('scheduled');
    await createAppointment(t.database.db, {
      estimateId: moved.id,
      dropOffDate: '2032-05-13',
      createdAt: new Date('2032-01-01T12:00:00Z'),
    });
    await createAppointment(t.database.db, {
      estimateId: moved.id,
      dropOffDate: '2032-05-20',
      slot: '10:00-12:00',
      createdAt: new Date('2032-01-02T12:00:00Z'),
    });
    const done = await estimateFor('completed');
    await createAppointment(t.database.db, { estimateId: done.id, dropOffDate: '2032-05-06' });

    const may = await calendarOf('2032-05');
    expect(may.dropOffs.map((d) => [d.estimateId, d.date, d.status])).toEqual([
      [done.id, '2032-05-06', 'completed'],
      [moved.id, '2032-05-20', 'scheduled'],
    ]);
  });

  it('counts scheduled estimates with a date in any month, approved ones, and lists those waiting for a date apart', async () => {
    const before = await calendarOf('2033-01');
    const booked = await estimateFor('scheduled');
    await createAppointment(t.database.db, { estimateId: booked.id, dropOffDate: '2033-02-02' });
    const waiting = await estimateFor('approved', new Date('2020-01-01T12:00:00Z'));
    const noDate = await estimateFor('scheduled', new Date('2020-01-02T12:00:00Z'));
    const cancelledOnly = await estimateFor('scheduled', new Date('2020-01-03T12:00:00Z'));
    await createAppointment(t.database.db, {
      estimateId: cancelledOnly.id,
      dropOffDate: '2033-02-03',
      status: 'cancelled',
    });
    await estimateFor('quoted');

    const after = await calendarOf('2033-01');
    expect(after.counters.totalScheduled - before.counters.totalScheduled).toBe(1);
    expect(after.counters.approved - before.counters.approved).toBe(1);
    expect(after.counters.thisMonth).toBe(0);
    expect(after.approvedUnscheduled.total - before.approvedUnscheduled.total).toBe(3);

    const listed = after.approvedUnscheduled.estimates;
    expect(listed).toHaveLength(after.approvedUnscheduled.total);
    // Longest waiting first.
    expect(listed.slice(0, 3).map((e) => [e.estimateId, e.status])).toEqual([
      [waiting.id, 'approved'],
      [noDate.id, 'scheduled'],
      [cancelledOnly.id, 'scheduled'],
    ]);
    expect(listed[0]).toEqual({
      estimateId: waiting.id,
      reference: waiting.id.slice(0, 8).toUpperCase(),
      status: 'approved',
      customerName: 'Alice Adams',
      vehicle: { title: '2019 Honda Accord', licensePlate: 'LKS1993' },
      createdAt: '2020-01-01T12:00:00.000Z',
    });
    expect(listed.map((e) => e.estimateId)).not.toContain(booked.id);
  });

  it('names the customer by e-mail when they gave no name, and copes with a missing vehicle', async () => {
    const nameless = await createUser(t.database.db, { email: 'nameless@example.com' });
    const estimate = await createEstimate(t.database.db, { userId: nameless.id, status: 'scheduled' });
    await createAppointment(t.database.db, { estimateId: estimate.id, dropOffDate: '2034-06-05' });
    const [dropOff] = (await calendarOf('2034-06')).dropOffs;
    expect(dropOff).toMatchObject({ customerName: 'nameless@example.com', vehicle: null });
  });
});
