import { describe, expect, it } from 'vitest';
import { VIN_BAD_CHECK_DIGIT, VIN_WRONG_LENGTH } from '#domain/vin.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * GET /api/vehicles/decode reads NHTSA's vPIC data from the database the package ships: no network.
 * The suite runs on machines without internet access, so these answers prove the decode is offline.
 */
const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const decode = (vin: string, person?: Person) =>
  t.app.inject({
    method: 'GET',
    url: `/api/vehicles/decode?vin=${encodeURIComponent(vin)}`,
    headers: as(person),
  });

describe('GET /api/vehicles/decode', () => {
  it('gives the year, make and model of a real VIN, offline', async () => {
    const res = await decode('1hgcm82633a004352', alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' });
    const kona = await decode('KM8K2CAB4PU001140', admin);
    expect(kona.json()).toEqual({ vin: 'KM8K2CAB4PU001140', year: 2023, make: 'Hyundai', model: 'Kona' });
  });

  it('is 422 with the reason for a VIN that is not one: a wrong check digit, 12 characters', async () => {
    const wrongDigit = await decode('1HGCM82643A004352', alice);
    expect(wrongDigit.statusCode).toBe(422);
    expect(wrongDigit.json()).toEqual({ message: VIN_BAD_CHECK_DIGIT });
    const short = await decode('5NMS33AD1KH0', alice);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ message: VIN_WRONG_LENGTH });
  });

  it('is for signed-in people only', async () => {
    expect((await decode('1HGCM82633A004352')).statusCode).toBe(401);
  });
});
