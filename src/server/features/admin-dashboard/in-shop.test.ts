import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEstimateListItem, AdminEstimatePage } from '#domain/admin-dashboard.ts';
import type { Calendar } from '#domain/calendar.ts';
import { daysInShop } from '#domain/repair-progress.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimateEvents } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { listAdminEstimates } from './list-estimates.ts';

/** The shop's side of the repair timeline: stage and days in the list, the stages, cars due out. */

let vehicleId: string;
const STAGES = ['Parts ordered', 'Body repair', 'Paint', 'Ready for pickup'];

const t = setUpTestShop({ repairStages: STAGES });
const { alice, admin } = setUpCast(t);
beforeAll(async () => {
  const vehicle = await createVehicle(t.database.db, alice.user.id, {
    year: 2020,
    make: 'Toyota',
    model: 'Camry',
    licensePlate: 'SHOP17',
  });
  vehicleId = vehicle.id;
});

const db = () => t.database.db;
const request = (method: 'GET' | 'POST' | 'PATCH', url: string, person: Person, payload?: object) =>
  t.app.inject({ method, url, headers: as(person), ...(payload ? { payload } : {}) });
const stage = async (id: string, payload: object) => {
  const res = await request('POST', `/api/estimates/${id}/stages`, admin, payload);
  expect(res.statusCode, res.body).toBe(201);
};
const promise = async (id: string, payload: object) => {
  const res = await request('PATCH', `/api/estimates/${id}`, admin, payload);
  expect(res.statusCode, res.body).toBe(200);
};
const listItem = async (id: string): Promise<AdminEstimateListItem> => {
  const res = await request('GET', '/api/admin/estimates?pageSize=100', admin);
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json() as AdminEstimatePage).items.find((entry) => entry.id === id);
  if (!item) throw new Error(`estimate ${id} is not in the list`);
  return item;
};
const estimate = (status: 'approved' | 'in_progress' | 'scheduled' | 'completed', createdAt?: Date) =>
  createEstimate(db(), { userId: alice.user.id, vehicleId, status, estimatedAmount: '1800.00', createdAt });

describe('GET /api/admin/pricing', () => {
  it('answers the configured repair stages, in order, beside the pricing', async () => {
    const res = await request('GET', '/api/admin/pricing', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      laborRate: expect.any(String),
      taxRate: expect.any(String),
      taxableKinds: expect.any(Array),
      repairStages: STAGES,
    });
  });
});

describe('the admin estimate list', () => {
  it('shows a car in the shop with its current stage, days in the shop and promised date', async () => {
    const car = await estimate('approved');
    expect((await listItem(car.id)).repairStage).toBeNull();
    await promise(car.id, { promisedDate: '2031-05-09' });
    expect(await listItem(car.id)).toMatchObject({
      status: 'approved',
      repairStage: null,
      inShopSince: null,
      daysInShop: null,
      promisedDate: '2031-05-09',
    });

    await promise(car.id, { status: 'in_progress' });
    expect(await listItem(car.id)).toMatchObject({ repairStage: null, daysInShop: 0 });
    await stage(car.id, { stage: 'parts ORDERED' });
    await stage(car.id, { stage: 'Body repair', note: 'Frame pulled', internal: true });
    const item = await listItem(car.id);
    // Internal stages are the shop's own: the shop's list shows them as the current stage.
    expect(item).toMatchObject({ repairStage: 'Body repair', daysInShop: 0, promisedDate: '2031-05-09' });
    expect(Date.parse(item.inShopSince ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts days in the shop in shop calendar days from when the car went in progress', async () => {
    // In progress since 23:30 on a Friday at the shop (04:30 UTC on Saturday).
    const car = await estimate('in_progress', new Date('2030-03-09T04:30:00Z'));
    const [event] = await db()
      .select()
      .from(estimateEvents)
      .where(and(eq(estimateEvents.estimateId, car.id), eq(estimateEvents.name, 'in_progress')));
    expect(event?.createdAt.toISOString()).toBe('2030-03-09T04:30:00.000Z');

    const on = async (now: string) => {
      const page = await listAdminEstimates(db(), admin.user, { page: 1, pageSize: 100 }, new Date(now));
      return page.items.find((entry) => entry.id === car.id)?.daysInShop;
    };
    // 00:30 on Saturday at the shop is the next shop day; 23:00 on Friday is still the same.
    expect(await on('2030-03-09T05:30:00Z')).toBe(1);
    expect(await on('2030-03-09T04:45:00Z')).toBe(0);
    // Across the change to summer time (March 10, 2030): Friday to Tuesday is four days.
    expect(await on('2030-03-12T15:00:00Z')).toBe(4);
  });

  it('counts a car brought back in from its return, and shows only the stages since', async () => {
    const car = await estimate('in_progress', new Date('2030-01-07T15:00:00Z'));
    await stage(car.id, { stage: 'Ready for pickup' });
    await promise(car.id, { status: 'scheduled' });
    await promise(car.id, { status: 'in_progress' });
    expect(await listItem(car.id)).toMatchObject({ repairStage: null, daysInShop: 0 });
  });

  it('leaves stage and days empty for cars not in the shop', async () => {
    const done = await estimate('completed');
    expect(await listItem(done.id)).toMatchObject({ repairStage: null, inShopSince: null, daysInShop: null });
  });
});

describe('the estimate list version (GET /api/estimates ETag)', () => {
  it('changes when a stage is recorded, so the next poll gets the new list', async () => {
    const car = await estimate('in_progress');
    const first = await request('GET', '/api/estimates', admin);
    const tag = String(first.headers.etag);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/estimates',
      headers: { ...as(admin), 'if-none-match': tag },
    });
    expect(unchanged.statusCode).toBe(304);

    await stage(car.id, { stage: 'Paint', internal: true });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/estimates',
      headers: { ...as(admin), 'if-none-match': tag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
  });
});

describe('GET /api/admin/calendar: cars due out', () => {
  const calendarOf = async (month: string): Promise<Calendar> => {
    const res = await request('GET', `/api/admin/calendar?month=${month}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists cars not yet home on their promised date, apart from the drop-offs', async () => {
    const painting = await estimate('in_progress');
    await stage(painting.id, { stage: 'Paint' });
    await promise(painting.id, { promisedDate: '2032-04-16' });
    const waiting = await estimate('approved');
    await promise(waiting.id, { promisedDate: '2032-04-02' });
    const finished = await estimate('in_progress');
    await promise(finished.id, { promisedDate: '2032-04-16' });
    await promise(finished.id, { status: 'completed' });
    const nextMonth = await estimate('scheduled');
    await promise(nextMonth.id, { promisedDate: '2032-05-01' });

    const april = await calendarOf('2032-04');
    expect(april.dropOffs).toEqual([]);
    expect(april.dueOuts).toHaveLength(3);
    // By date; the two cars of the 16th in either order.
    expect(april.dueOuts).toEqual(
      expect.arrayContaining([
        {
          estimateId: waiting.id,
          reference: waiting.id.slice(0, 8).toUpperCase(),
          date: '2032-04-02',
          status: 'approved',
          repairStage: null,
          customerName: expect.any(String),
          vehicle: { title: '2020 Toyota Camry', licensePlate: 'SHOP17' },
        },
        expect.objectContaining({
          estimateId: painting.id,
          date: '2032-04-16',
          status: 'in_progress',
          repairStage: 'Paint',
        }),
        // Finished but still on the lot: due out until its pickup is recorded (decision 066).
        expect.objectContaining({ estimateId: finished.id, date: '2032-04-16', status: 'completed' }),
      ]),
    );
    expect(april.dueOuts[0]?.estimateId).toBe(waiting.id);
    const pickedUp = await request('POST', `/api/admin/estimates/${finished.id}/pickup`, admin, {
      confirmBalance: true,
    });
    expect(pickedUp.statusCode, pickedUp.body).toBe(200);
    expect((await calendarOf('2032-04')).dueOuts.map((entry) => entry.estimateId)).toEqual([
      waiting.id,
      painting.id,
    ]);
    expect((await calendarOf('2032-05')).dueOuts.map((entry) => entry.estimateId)).toEqual([nextMonth.id]);

    // Moved to another day: it is due out on the new one only.
    await promise(painting.id, { promisedDate: '2032-04-20', promisedDateReason: 'Bumper back-ordered' });
    const moved = await calendarOf('2032-04');
    expect(moved.dueOuts.map((entry) => [entry.estimateId, entry.date])).toEqual([
      [waiting.id, '2032-04-02'],
      [painting.id, '2032-04-20'],
    ]);
  });
});

describe('daysInShop', () => {
  it('is 0 on the day the car came in, whatever the time', () => {
    expect(daysInShop(new Date('2030-06-03T13:00:00Z'), new Date('2030-06-04T03:59:00Z'))).toBe(0);
    expect(daysInShop(new Date('2030-06-03T13:00:00Z'), new Date('2030-06-04T04:00:00Z'))).toBe(1);
    // A clock that reads earlier than the start (never negative).
    expect(daysInShop(new Date('2030-06-03T13:00:00Z'), new Date('2030-06-02T13:00:00Z'))).toBe(0);
  });
});
