import { describe, expect, it } from 'vitest';
import { createAppointment, createEstimate, createVehicle } from '#server/db/factories.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { NO_DROP_OFF_BOOKED } from './routes.ts';

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

const calendarFile = (id: string, person?: Person) =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}/drop-off.ics`, headers: as(person) });

async function scheduledEstimate() {
  const vehicle = await createVehicle(t.database.db, alice.user.id, {
    year: 2021,
    make: 'Kia',
    model: 'Soul',
  });
  const estimate = await createEstimate(t.database.db, {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'scheduled',
    estimatedAmount: '700.00',
  });
  await createAppointment(t.database.db, {
    estimateId: estimate.id,
    dropOffDate: '2026-12-07',
    slot: '14:00-16:00',
    instructions: 'Use the side gate.',
    createdBy: admin.user.id,
  });
  return estimate;
}

describe('GET /api/estimates/{id}/drop-off.ics', () => {
  it('gives the owner and the shop the booked drop-off as a calendar event', async () => {
    const estimate = await scheduledEstimate();
    for (const person of [alice, admin]) {
      const res = await calendarFile(estimate.id, person);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="drop-off-${estimate.id.slice(0, 8).toUpperCase()}.ics"`,
      );
      const ics = res.body.replace(/\r\n[ \t]/g, '');
      // December 7, 2026, 2:00 PM Eastern Standard Time.
      expect(ics).toContain('DTSTART:20261207T190000Z');
      expect(ics).toContain('DTEND:20261207T210000Z');
      expect(ics).toContain('SUMMARY:Drop off your 2021 Kia Soul at Lakeside Family Collision');
      expect(ics).toContain('Use the side gate.');
      expect(ics).toContain(`/estimate/${estimate.id}`);
    }
  });

  it('keeps one calendar event through a move: the same UID, a higher SEQUENCE', async () => {
    const vehicle = await createVehicle(t.database.db, alice.user.id, { year: 2020, make: 'Mazda' });
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      vehicleId: vehicle.id,
      status: 'approved',
      estimatedAmount: '650.00',
    });
    const bookAndDownload = async (date: string) => {
      const booked = await t.app.inject({
        method: 'POST',
        url: `/api/estimates/${estimate.id}/drop-off`,
        headers: as(alice),
        payload: { date, slot: '10:00-12:00' },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const ics = (await calendarFile(estimate.id, alice)).body.replace(/\r\n[ \t]/g, '');
      return {
        uid: /^UID:(.*)$/m.exec(ics)?.[1]?.trim(),
        sequence: Number(/^SEQUENCE:(\d+)$/m.exec(ics)?.[1]),
      };
    };
    const first = await bookAndDownload(dayAhead(2));
    const moved = await bookAndDownload(dayAhead(3));
    expect(first.uid).toBe(`drop-off-${estimate.id}@localhost`);
    expect(moved.uid).toBe(first.uid);
    expect(first.sequence).toBe(0);
    expect(moved.sequence).toBeGreaterThan(first.sequence);
  });

  it('answers 404 to other customers, and says when nothing is booked', async () => {
    const estimate = await scheduledEstimate();
    expect((await calendarFile(estimate.id, bob)).statusCode).toBe(404);
    expect((await calendarFile(estimate.id)).statusCode).toBe(401);

    const quoted = await createEstimate(t.database.db, { userId: alice.user.id, status: 'quoted' });
    const res = await calendarFile(quoted.id, alice);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NO_DROP_OFF_BOOKED });
  });
});

describe('GET /api/estimates/{id}/drop-off', () => {
  const booking = (id: string, person?: Person) =>
    t.app.inject({ method: 'GET', url: `/api/estimates/${id}/drop-off`, headers: as(person) });

  it('gives the owner and the shop the booked day, window and instructions', async () => {
    const estimate = await scheduledEstimate();
    for (const person of [alice, admin]) {
      const res = await booking(estimate.id, person);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        dropOff: {
          id: expect.any(String),
          date: '2026-12-07',
          slot: '14:00-16:00',
          slotLabel: '2:00 PM - 4:00 PM',
          instructions: 'Use the side gate.',
          bookedByCustomer: false,
          confirmedAt: null,
        },
      });
    }
  });

  it('answers null while nothing is booked, and 404 to other customers', async () => {
    const estimate = await scheduledEstimate();
    expect((await booking(estimate.id, bob)).statusCode).toBe(404);
    expect((await booking(estimate.id)).statusCode).toBe(401);

    const quoted = await createEstimate(t.database.db, { userId: alice.user.id, status: 'quoted' });
    const res = await booking(quoted.id, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ dropOff: null });
  });
});
