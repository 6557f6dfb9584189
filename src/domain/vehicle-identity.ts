/**
 * When two vehicle records are one car (decision 064). Plates are stored normalised, so "qrt 5521",
 * "QRT-5521" and "QRT5521" are one plate; every write path and the plate search use normalizePlate.
 */

/** A plate as stored and compared: upper case, without spaces or dashes ('qrt-55 21' → 'QRT5521'). */
export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[\s-]+/g, '');
}

/** A VIN as stored and compared: upper case, without spaces. */
export function normalizeVin(vin: string): string {
  return vin.toUpperCase().replace(/\s+/g, '');
}

/** What identifies a car on a request or a stored record. */
export interface CarIdentity {
  make: string | null;
  model: string | null;
  licensePlate: string | null;
  vin: string | null;
}

const same = (a: string | null, b: string | null, normalize: (value: string) => string) =>
  a !== null && b !== null && normalize(a) !== '' && normalize(a) === normalize(b);
const sameWords = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Whether a request's car is one the same customer already has (callers compare one customer's cars
 * only). The VIN names a car for life: the same VIN is the same car. So do the same plate AND the same
 * make and model, whatever VIN was typed (17 characters copied by hand: a typo is likelier than a
 * second car of that make and model under that plate). A plate alone is not enough: a Florida plate
 * follows its owner to their next car.
 */
export function isSameCar(stored: CarIdentity, request: CarIdentity): boolean {
  if (same(stored.vin, request.vin, normalizeVin)) return true;
  return (
    same(stored.licensePlate, request.licensePlate, normalizePlate) &&
    same(stored.make, request.make, sameWords) &&
    same(stored.model, request.model, sameWords)
  );
}

/** The customer's existing record of the request's car, if any (the newest first in `cars`). */
export function findSameCar<T extends CarIdentity>(cars: readonly T[], request: CarIdentity): T | null {
  return cars.find((car) => isSameCar(car, request)) ?? null;
}
