import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLATE_REQUIRED } from '#domain/admin-estimates.ts';
import { createEstimate, createUser, createVehicle } from '#server/db/factories.ts';
import { estimates } from '#server/db/schema.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const get = (url: string) => t.app.inject({ url, headers: as(admin) });

describe('GET /api/admin/estimates/{id}/details', () => {
  it('shows the estimate, its customer and no appointment yet', async () => {
    const vehicle = await createVehicle(t.database.db, alice.user.id, { licensePlate: 'DTL 100' });
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      vehicleId: vehicle.id,
      status: 'pending',
    });
    const res = await get(`/api/admin/estimates/${estimate.id}/details`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      estimate: expect.objectContaining({ id: estimate.id, status: 'pending', vehicleId: vehicle.id }),
      customer: {
        id: alice.user.id,
        firstName: 'Alice',
        lastName: 'Adams',
        email: 'alice@example.com',
        phone: null,
      },
      appointment: null,
      textUpdates: null,
      customerNoShows: 0,
    });
    expect(res.json().estimate.vehicle).toMatchObject({ licensePlate: 'DTL100' });
    // The allow-list: nothing private of the account leaves the server.
    expect(res.body).not.toContain('passwordHash');
  });

  it('falls back to the phone given with the request when the account has none', async () => {
    const customer = await createUser(t.database.db, { email: 'nophone@example.com' });
    const estimate = await createEstimate(t.database.db, { userId: customer.id });
    await t.database.db
      .update(estimates)
      .set({ contactPhone: '(813) 555-0199' })
      .where(eq(estimates.id, estimate.id));
    const res = await get(`/api/admin/estimates/${estimate.id}/details`);
    expect(res.json().customer).toMatchObject({ email: 'nophone@example.com', phone: '(813) 555-0199' });
  });
});

describe('GET /api/admin/plates/{plate}/estimates', () => {
  it('finds the estimates of the vehicles with that plate, newest first, ignoring case, spaces and dashes', async () => {
    const bob = await createUser(t.database.db, { email: 'plates@example.com' });
    const car = await createVehicle(t.database.db, bob.id, { licensePlate: 'PLT-4821' });
    const sameCarAgain = await createVehicle(t.database.db, bob.id, { licensePlate: 'PLT 4821' });
    const other = await createVehicle(t.database.db, bob.id, { licensePlate: 'PLT48210' });
    const older = await createEstimate(t.database.db, {
      userId: bob.id,
      vehicleId: car.id,
      createdAt: new Date('2026-01-05T12:00:00Z'),
    });
    const newer = await createEstimate(t.database.db, {
      userId: bob.id,
      vehicleId: sameCarAgain.id,
      status: 'quoted',
      createdAt: new Date('2026-02-05T12:00:00Z'),
    });
    await createEstimate(t.database.db, { userId: bob.id, vehicleId: other.id });

    for (const plate of ['PLT4821', 'plt-4821', ' Plt 4821 ']) {
      const res = await get(`/api/admin/plates/${encodeURIComponent(plate)}/estimates`);
      expect(res.statusCode, plate).toBe(200);
      expect(res.json()).toEqual([
        {
          id: newer.id,
          status: 'quoted',
          createdAt: '2026-02-05T12:00:00.000Z',
          // Stored normalised (decision 064), whoever wrote it.
          vehicle: expect.objectContaining({ id: sameCarAgain.id, licensePlate: 'PLT4821' }),
        },
        expect.objectContaining({ id: older.id, status: 'pending' }),
      ]);
    }
  });

  it('answers an empty list for an unknown plate, and 400 for a blank one', async () => {
    expect((await get('/api/admin/plates/NOPE999/estimates')).json()).toEqual([]);
    const blank = await get(`/api/admin/plates/${encodeURIComponent(' - ')}/estimates`);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: PLATE_REQUIRED });
  });

  it('finds a plate the shop just corrected (PATCH /api/vehicles/{id} as admin)', async () => {
    const vehicle = await createVehicle(t.database.db, alice.user.id, { licensePlate: 'TYPO123' });
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, vehicleId: vehicle.id });
    const before = await t.app.inject({ url: '/api/estimates', headers: as(alice) });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle.id}`,
      headers: as(admin),
      payload: { licensePlate: 'fix 321' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get('/api/admin/plates/FIX321/estimates')).json()).toMatchObject([{ id: estimate.id }]);
    // The customer's list changed too, so their 5-second poll picks the new plate up.
    const after = await t.app.inject({
      url: '/api/estimates',
      headers: { ...as(alice), 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
  });
});
