import { describe, expect, it } from 'vitest';
import type { Vehicle } from '#domain/estimate-schema.ts';
import { distinctVehicles } from './get-saved-vehicles.ts';

const car = (id: string, fields: Partial<Vehicle> = {}): Vehicle => ({
  id,
  year: 2019,
  make: 'Honda',
  model: 'Accord',
  licensePlate: 'ABC123',
  vin: '1HGCV1F35KA000001',
  mileage: 45_000,
  ...fields,
});

describe('distinctVehicles', () => {
  it('offers one car once however many estimates it had, keeping the newest copy', () => {
    const newest = car('newest', { mileage: 60_000 });
    expect(distinctVehicles([newest, car('older', { licensePlate: 'abc123 ' })])).toEqual([newest]);
  });

  it('keeps cars that would fill in anything differently', () => {
    const cars = [
      car('a'),
      car('b', { licensePlate: 'NEW1' }),
      car('c', { vin: null }),
      car('d', { year: 2020 }),
    ];
    expect(distinctVehicles(cars).map((vehicle) => vehicle.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
