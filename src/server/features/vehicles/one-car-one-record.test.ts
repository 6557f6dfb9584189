import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchCreateEstimateInput } from '#domain/estimate-requests.ts';
import { photoUrl } from '#domain/photos.ts';
import { createEstimate, createUploadedPhoto, createVehicle } from '#server/db/factories.ts';
import { estimates, vehicles } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { MERGE_OTHER_CUSTOMER, MERGE_SAME_VEHICLE } from './service.ts';

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

async function request(
  person: Person,
  extra: Partial<BatchCreateEstimateInput> & { vehicleInfo?: BatchCreateEstimateInput['vehicleInfo'] } = {},
) {
  const photo = photoUrl((await createUploadedPhoto(t.database.db, { uploaderId: person.user.id })).id);
  return t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(person),
    payload: {
      vehicleInfo: { year: '2018', make: 'Ford', model: 'Escape', licensePlate: 'qrt 5521' },
      photos: [photo],
      vinNumber: '1FMCU0GD4JU000001',
      odometerReading: '64000',
      ...extra,
    },
  });
}

const carsOf = (person: Person) =>
  t.database.db.select().from(vehicles).where(eq(vehicles.userId, person.user.id));

const merge = (id: string, intoVehicleId: unknown, person: Person = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/vehicles/${id}/merge`,
    headers: as(person),
    payload: { intoVehicleId },
  });

describe('batch-create reuses the customer’s record of a known car', () => {
  it('reuses the vehicleId the shop picked for the customer, bringing the odometer forward', async () => {
    const car = await createVehicle(t.database.db, alice.user.id, {
      make: 'Ford',
      model: 'Escape',
      licensePlate: 'QRT5521',
      mileage: 60_000,
    });
    const res = await request(admin, { customerId: alice.user.id, vehicleId: car.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().estimate.vehicleId).toBe(car.id);
    expect(res.json().vehicle).toMatchObject({ id: car.id, licensePlate: 'QRT5521', mileage: 64_000 });
    // A customer may name their own car too.
    const own = await request(alice, { vehicleId: car.id, odometerReading: '65000' });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().estimate.vehicleId).toBe(car.id);
    expect(await carsOf(alice)).toHaveLength(1);
  });

  it("answers 404 for another customer's vehicleId (or an unknown one), storing nothing", async () => {
    const bobsCar = await createVehicle(t.database.db, bob.user.id, { licensePlate: 'BOB1' });
    const [before] = await t.database.db.select({ n: count() }).from(estimates);
    for (const [person, extra] of [
      [alice, { vehicleId: bobsCar.id }],
      [admin, { customerId: alice.user.id, vehicleId: bobsCar.id }],
      [admin, { customerId: alice.user.id, vehicleId: crypto.randomUUID() }],
    ] as const) {
      const res = await request(person, extra);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Vehicle not found' });
    }
    const [after] = await t.database.db.select({ n: count() }).from(estimates);
    expect(after?.n).toBe(before?.n);
  });

  it('stores the plate normalised and finds the same car however the plate is typed', async () => {
    const first = await request(bob, {
      vehicleInfo: { year: '2015', make: 'Mazda', model: 'CX-5', licensePlate: 'jkl-90 12' },
      vinNumber: 'JM3KE4CY7F0000001',
    });
    expect(first.json().vehicle.licensePlate).toBe('JKL9012');
    const again = await request(bob, {
      vehicleInfo: { year: '2015', make: 'mazda', model: 'cx-5', licensePlate: 'JKL 9012' },
      vinNumber: '',
    });
    expect(again.statusCode, again.body).toBe(400); // the VIN is still required
    // Same plate, make and model: the same car, even with a VIN typed differently.
    const same = await request(bob, {
      vehicleInfo: { year: '2015', make: 'mazda', model: 'cx-5 ', licensePlate: 'JKL 9012' },
      vinNumber: 'JM3KE4CY9F0000002',
    });
    expect(same.json().vehicle).toMatchObject({
      id: first.json().vehicle.id,
      vin: 'JM3KE4CY7F0000001',
    });
    // The plate moved to the customer's next car (Florida plates follow the owner): a new record.
    const nextCar = await request(bob, {
      vehicleInfo: { year: '2024', make: 'Toyota', model: 'RAV4', licensePlate: 'JKL9012' },
      vinNumber: 'JTMRWRFV7RD000001',
    });
    expect(nextCar.json().vehicle.id).not.toBe(first.json().vehicle.id);
    // The same VIN is the same car whatever its plate says.
    const replated = await request(bob, {
      vehicleInfo: { year: '2024', make: 'Toyota', model: 'RAV4', licensePlate: 'NEW 777' },
      vinNumber: 'JTMRWRFV7RD000001',
    });
    expect(replated.json().vehicle).toMatchObject({ id: nextCar.json().vehicle.id, licensePlate: 'JKL9012' });
    expect(await carsOf(bob)).toHaveLength(3); // BOB1 above, the Mazda and the Toyota
  });

  it('the example of the issue: "qrt 5521" for a customer who has QRT5521 reuses it', async () => {
    const res = await request(admin, { customerId: alice.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const cars = await carsOf(alice);
    expect(cars.map((car) => car.licensePlate)).toEqual(['QRT5521']);
    expect(res.json().vehicle.id).toBe(cars[0]?.id);
  });

  it('finds plates typed with spaces or dashes in the plate search', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/plates/${encodeURIComponent('jkl 90-12')}/estimates`,
      headers: as(admin),
    });
    expect(res.json().length).toBeGreaterThan(0);
    const vehiclesTab = await t.app.inject({
      method: 'GET',
      url: '/api/admin/vehicles?q=qrt%2055',
      headers: as(admin),
    });
    expect(vehiclesTab.json().map((v: { licensePlate: string }) => v.licensePlate)).toContain('QRT5521');
  });
});

describe('POST /api/admin/vehicles/{id}/merge', () => {
  it('moves the duplicate’s estimates to the kept vehicle and deletes the duplicate', async () => {
    const { db } = t.database;
    const kept = await createVehicle(db, alice.user.id, { licensePlate: 'DUP1', mileage: 10 });
    await db.update(vehicles).set({ vin: null }).where(eq(vehicles.id, kept.id));
    const duplicate = await createVehicle(db, alice.user.id, {
      licensePlate: 'DUP1',
      vin: '1HGCM82633A000009',
      mileage: 20,
    });
    const estimate = await createEstimate(db, { userId: alice.user.id, vehicleId: duplicate.id });
    const res = await merge(duplicate.id, kept.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: kept.id, vin: '1HGCM82633A000009', mileage: 20 });
    const [moved] = await db.select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(moved?.vehicleId).toBe(kept.id);
    expect(await db.select().from(vehicles).where(eq(vehicles.id, duplicate.id))).toEqual([]);
    // Gone: merging it again is 404.
    expect((await merge(duplicate.id, kept.id)).statusCode).toBe(404);
  });

  it("refuses to merge different customers' vehicles (409) or a vehicle into itself (400)", async () => {
    const { db } = t.database;
    const alices = await createVehicle(db, alice.user.id, { licensePlate: 'MINE1' });
    const bobs = await createVehicle(db, bob.user.id, { licensePlate: 'MINE1' });
    const across = await merge(bobs.id, alices.id);
    expect(across.statusCode).toBe(409);
    expect(across.json()).toEqual({ message: MERGE_OTHER_CUSTOMER });
    expect(await db.select().from(vehicles).where(eq(vehicles.id, bobs.id))).toHaveLength(1);
    const itself = await merge(alices.id, alices.id);
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toEqual({ message: MERGE_SAME_VEHICLE });
    expect((await merge(alices.id, 'not-an-id')).statusCode).toBe(400);
    expect((await merge(alices.id, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('is for the shop only', async () => {
    const { db } = t.database;
    const a = await createVehicle(db, alice.user.id, { licensePlate: 'OWN1' });
    const b = await createVehicle(db, alice.user.id, { licensePlate: 'OWN1' });
    expect((await merge(a.id, b.id, alice)).statusCode).toBe(403);
    expect(await db.select().from(vehicles).where(eq(vehicles.id, a.id))).toHaveLength(1);
  });
});

describe('GET /api/vehicles?customerId', () => {
  it("gives the shop one customer's vehicles; a customer still sees only their own", async () => {
    const forShop = await t.app.inject({
      method: 'GET',
      url: `/api/vehicles?customerId=${bob.user.id}`,
      headers: as(admin),
    });
    const bobsCars = (await carsOf(bob)).map((car) => car.id).sort();
    expect(
      forShop
        .json()
        .map((v: { id: string }) => v.id)
        .sort(),
    ).toEqual(bobsCars);
    const forAlice = await t.app.inject({
      method: 'GET',
      url: `/api/vehicles?customerId=${bob.user.id}`,
      headers: as(alice),
    });
    expect(forAlice.json()).toEqual([]);
  });
});
