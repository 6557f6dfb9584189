import { describe, expect, it } from 'vitest';
import { type CarIdentity, findSameCar, isSameCar, normalizePlate } from './vehicle-identity.ts';

const car = (fields: Partial<CarIdentity> = {}): CarIdentity => ({
  make: 'Ford',
  model: 'Escape',
  licensePlate: 'QRT5521',
  vin: '1FMCU0GD0JU000001',
  ...fields,
});

describe('normalizePlate', () => {
  it('upper-cases and drops spaces and dashes', () => {
    expect(normalizePlate(' qrt 55-21 ')).toBe('QRT5521');
    expect(normalizePlate('abc\t-\u00a0123')).toBe('ABC123');
    expect(normalizePlate(' - ')).toBe('');
  });
});

describe('isSameCar', () => {
  it('is the same car with the same VIN, whatever the plate', () => {
    expect(isSameCar(car(), car({ licensePlate: 'NEW1', make: 'FORD', vin: '1fmcu0gd0ju000001' }))).toBe(
      true,
    );
  });

  it('is the same car with the same plate, make and model, however typed, whatever the VIN', () => {
    expect(
      isSameCar(car(), car({ licensePlate: 'qrt 5521', make: 'ford ', model: 'escape', vin: 'X' })),
    ).toBe(true);
    expect(isSameCar(car({ vin: null }), car({ vin: null }))).toBe(true);
  });

  it('is another car when only the plate matches (a Florida plate follows its owner)', () => {
    expect(isSameCar(car(), car({ make: 'Toyota', model: 'RAV4', vin: 'JTMRWRFV0RD000001' }))).toBe(false);
    expect(isSameCar(car({ licensePlate: null, vin: null }), car({ licensePlate: null, vin: null }))).toBe(
      false,
    );
    expect(isSameCar(car({ vin: '' }), car({ vin: '', licensePlate: 'OTHER1' }))).toBe(false);
  });

  it('finds the first match among a customer’s cars', () => {
    const cars = [car({ licensePlate: 'A1', vin: 'V1' }), car({ vin: 'V2' }), car({ vin: 'V3' })];
    expect(findSameCar(cars, car({ licensePlate: 'qrt-5521', vin: 'V9' }))).toBe(cars[1]);
    expect(findSameCar(cars, car({ licensePlate: 'ZZZ', vin: 'V9' }))).toBeNull();
  });
});
