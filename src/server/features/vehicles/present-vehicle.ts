import type { Vehicle } from '#domain/estimate-schema.ts';
import type { VehicleRow } from '#server/db/schema.ts';

/** The vehicle fields that leave the server (the owner's id stays inside). */
export function presentVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    year: row.year,
    make: row.make,
    model: row.model,
    licensePlate: row.licensePlate,
    vin: row.vin,
    mileage: row.mileage,
  };
}
