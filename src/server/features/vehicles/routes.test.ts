import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import type { VehicleRow } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

let aliceCar: VehicleRow;
let bobCar: VehicleRow;

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);
beforeAll(async () => {
  const { db } = t.database;
  aliceCar = await createVehicle(db, alice.user.id, { make: 'Honda', model: 'Civic', licensePlate: 'AL1CE' });
  bobCar = await createVehicle(db, bob.user.id, { make: 'Ford', model: 'F-150', licensePlate: 'B0B_50%' });
  await createEstimate(db, { userId: alice.user.id, vehicleId: aliceCar.id });
});

const get = (url: string, person?: Person) => t.app.inject({ method: 'GET', url, headers: as(person) });
const patch = (id: string, payload: unknown, person?: Person) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/vehicles/${id}`,
    headers: as(person),
    payload: payload as object,
  });

describe('GET /api/vehicles', () => {
  it("lists a customer's own vehicles and every vehicle for the shop", async () => {
    expect((await get('/api/vehicles', alice)).json().map((v: { id: string }) => v.id)).toEqual([
      aliceCar.id,
    ]);
    expect((await get('/api/vehicles', bob)).json().map((v: { id: string }) => v.id)).toEqual([bobCar.id]);
    const all = (await get('/api/vehicles', admin)).json().map((v: { id: string }) => v.id);
    expect(all.sort()).toEqual([aliceCar.id, bobCar.id].sort());
    expect((await get('/api/vehicles')).statusCode).toBe(401);
  });

  it('sends only the vehicle fields (not the owner)', async () => {
    const [vehicle] = (await get('/api/vehicles', alice)).json();
    expect(Object.keys(vehicle).sort()).toEqual([
      'id',
      'licensePlate',
      'make',
      'mileage',
      'model',
      'vin',
      'year',
    ]);
  });

  it('pages and searches, with % and _ taken literally', async () => {
    const page = (await get('/api/vehicles?limit=1&offset=1', admin)).json();
    expect(page).toHaveLength(1);
    expect((await get('/api/vehicles?q=civic', admin)).json().map((v: { id: string }) => v.id)).toEqual([
      aliceCar.id,
    ]);
    expect((await get('/api/vehicles?q=_50%25', admin)).json().map((v: { id: string }) => v.id)).toEqual([
      bobCar.id,
    ]);
    expect((await get('/api/vehicles?q=%25', admin)).json().map((v: { id: string }) => v.id)).toEqual([
      bobCar.id,
    ]);
    // A customer's search stays within their own vehicles.
    expect((await get('/api/vehicles?q=ford', alice)).json()).toEqual([]);
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1', `q=${'x'.repeat(51)}`]) {
      const res = await get(`/api/vehicles?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('GET /api/vehicles/{id}', () => {
  it('is for the owner and the shop; others get the same 404 as for a missing vehicle', async () => {
    expect((await get(`/api/vehicles/${aliceCar.id}`, alice)).json()).toMatchObject({
      make: 'Honda',
      licensePlate: 'AL1CE',
    });
    expect((await get(`/api/vehicles/${aliceCar.id}`, admin)).statusCode).toBe(200);
    const other = await get(`/api/vehicles/${aliceCar.id}`, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Vehicle not found' });
    expect((await get(`/api/vehicles/${crypto.randomUUID()}`, bob)).json()).toEqual(other.json());
    expect((await get('/api/vehicles/not-an-id', admin)).statusCode).toBe(404);
    expect((await get(`/api/vehicles/${aliceCar.id}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/vehicles/{id} {licensePlate}', () => {
  it('stores the plate normalised (upper case, no spaces or dashes), for the owner or the shop', async () => {
    const res = await patch(aliceCar.id, { licensePlate: '  new 1-23 ' }, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: aliceCar.id, licensePlate: 'NEW123' });
    expect((await patch(aliceCar.id, { licensePlate: 'shop1' }, admin)).json().licensePlate).toBe('SHOP1');
  });

  it("marks the vehicle's estimates changed, so polling lists pick the new plate up", async () => {
    const first = await get('/api/estimates', alice);
    const etag = String(first.headers.etag);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/estimates',
          headers: { ...as(alice), 'if-none-match': etag },
        })
      ).statusCode,
    ).toBe(304);
    await patch(aliceCar.id, { licensePlate: 'FRESH1' }, admin);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/estimates',
      headers: { ...as(alice), 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()[0].vehicle.licensePlate).toBe('FRESH1');
  });

  it("refuses another customer's vehicle with 404 and anonymous callers with 401, changing nothing", async () => {
    expect((await patch(aliceCar.id, { licensePlate: 'HIJACK' }, bob)).statusCode).toBe(404);
    expect((await patch(aliceCar.id, { licensePlate: 'HIJACK' })).statusCode).toBe(401);
    expect((await get(`/api/vehicles/${aliceCar.id}`, alice)).json().licensePlate).not.toBe('HIJACK');
  });

  it('needs a non-empty plate of at most 15 characters and nothing else', async () => {
    for (const payload of [
      { licensePlate: '' },
      { licensePlate: '   ' },
      { licensePlate: ' - - ' },
      { licensePlate: 'x'.repeat(16) },
      { licensePlate: 123 },
      {},
      { licensePlate: 'OK1', make: 'Tesla' },
    ]) {
      const res = await patch(aliceCar.id, payload, alice);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await patch(aliceCar.id, { licensePlate: '' }, alice)).json().message).toBe(
      'License plate is required',
    );
  });
});
