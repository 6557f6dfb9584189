import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type EstimateStatus, PLATE_KEPT_AFTER_QUOTE } from '#domain/estimate-status.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { vehicles } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const patchPlate = (id: string, licensePlate: string, person: Person) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/vehicles/${id}`,
    headers: as(person),
    payload: { licensePlate },
  });

async function carWithEstimate(status: EstimateStatus, plate: string) {
  const car = await createVehicle(t.database.db, alice.user.id, { licensePlate: plate });
  await createEstimate(t.database.db, { userId: alice.user.id, vehicleId: car.id, status });
  return car;
}

const plateOf = async (id: string) =>
  (await t.database.db.select().from(vehicles).where(eq(vehicles.id, id)))[0]?.licensePlate;

describe('security: once quoted, only the shop changes the vehicle plate', () => {
  it.each(['quoted', 'approved', 'scheduled', 'in_progress', 'completed', 'declined', 'cancelled'] as const)(
    'refuses a customer with 409 when an estimate of the car is %s',
    async (status) => {
      const car = await carWithEstimate(status, 'QUOTED1');
      const res = await patchPlate(car.id, 'SWAP99', alice);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PLATE_KEPT_AFTER_QUOTE });
      expect(await plateOf(car.id)).toBe('QUOTED1');
    },
  );

  it('refuses the customer when any one of the car’s estimates is quoted', async () => {
    const car = await carWithEstimate('pending', 'MIXED1');
    await createEstimate(t.database.db, { userId: alice.user.id, vehicleId: car.id, status: 'approved' });
    expect((await patchPlate(car.id, 'SWAP99', alice)).statusCode).toBe(409);
    expect(await plateOf(car.id)).toBe('MIXED1');
  });

  it('lets the customer fix the plate while pending, and the shop after the quote', async () => {
    const pending = await carWithEstimate('pending', 'TYPO1');
    expect((await patchPlate(pending.id, 'TYP01', alice)).json().licensePlate).toBe('TYP01');
    const quoted = await carWithEstimate('approved', 'WRONG1');
    const res = await patchPlate(quoted.id, 'RIGHT1', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().licensePlate).toBe('RIGHT1');
  });
});
