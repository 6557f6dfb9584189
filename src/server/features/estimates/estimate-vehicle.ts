import { and, desc, eq, sql } from 'drizzle-orm';
import type { BatchCreateEstimate } from '#domain/estimate-requests.ts';
import { findSameCar } from '#domain/vehicle-identity.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, type UserRow, users, type VehicleRow, vehicles } from '#server/db/schema.ts';
import { touchEstimates } from './estimate-access.ts';

export const VEHICLE_NOT_FOUND = 'Vehicle not found';

/**
 * The estimate's car: the known vehicle picked (`vehicleId`, the customer's own, else 404), or the
 * customer's record of the same car (isSameCar: same VIN, or same plate, make and model), or a new
 * record. A reused record keeps what it says; the request only fills in what it lacks and brings the
 * odometer forward. The owner's row is locked so two requests for one new car store it once.
 */
export async function chooseVehicle(tx: Db, owner: UserRow, input: BatchCreateEstimate): Promise<VehicleRow> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
  const request = {
    year: input.vehicleInfo.year,
    make: input.vehicleInfo.make,
    model: input.vehicleInfo.model,
    licensePlate: input.vehicleInfo.licensePlate,
    vin: input.vinNumber,
  };
  const known = input.vehicleId
    ? await ownVehicle(tx, owner, input.vehicleId)
    : findSameCar(
        await tx
          .select()
          .from(vehicles)
          .where(eq(vehicles.userId, owner.id))
          .orderBy(desc(vehicles.createdAt), desc(vehicles.id)),
        request,
      );
  if (!known) {
    const [vehicle] = await tx
      .insert(vehicles)
      .values({ userId: owner.id, ...request, mileage: input.odometerReading })
      .returning();
    if (!vehicle) throw new Error('vehicle insert returned nothing');
    return vehicle;
  }
  const [vehicle] = await tx
    .update(vehicles)
    .set({
      year: known.year ?? request.year,
      make: known.make || request.make,
      model: known.model || request.model,
      licensePlate: known.licensePlate || request.licensePlate,
      vin: known.vin || request.vin,
      mileage: Math.max(known.mileage ?? 0, input.odometerReading),
      updatedAt: sql`now()`,
    })
    .where(eq(vehicles.id, known.id))
    .returning();
  if (!vehicle) throw new Error('vehicle update returned nothing');
  await touchEstimates(tx, eq(estimates.vehicleId, vehicle.id));
  return vehicle;
}

async function ownVehicle(tx: Db, owner: UserRow, id: string): Promise<VehicleRow> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.userId, owner.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', VEHICLE_NOT_FOUND);
  return row;
}
