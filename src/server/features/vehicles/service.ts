import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Vehicle } from '#domain/estimate-schema.ts';
import { presentVehicle } from '#domain/estimate-schema.ts';
import { customerMayChangePlate, PLATE_KEPT_AFTER_QUOTE } from '#domain/estimate-status.ts';
import { isUuid } from '#domain/ids.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { estimates, type UserRow, type VehicleRow, vehicles } from '#server/db/schema.ts';
import { touchEstimates } from '#server/features/estimates/shared.ts';

export interface VehicleListQuery {
  q?: string;
  limit: number;
  offset: number;
}

const vehicleNotFound = () => new AppError('not_found', 'Vehicle not found');

function vehiclesVisibleTo(user: UserRow): SQL | undefined {
  return user.isAdmin ? undefined : eq(vehicles.userId, user.id);
}

/** The vehicle if this user may see it (their own, or any for the shop); otherwise 404, as if missing. */
export async function findVehicleForUser(db: Db, id: string, user: UserRow): Promise<VehicleRow> {
  if (!isUuid(id)) throw vehicleNotFound();
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), vehiclesVisibleTo(user)))
    .limit(1);
  if (!row) throw vehicleNotFound();
  return row;
}

/** A customer's own vehicles, or a page of every vehicle for the shop; newest first, optionally searched. */
export async function listVehiclesFor(db: Db, user: UserRow, query: VehicleListQuery): Promise<Vehicle[]> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const search = pattern
    ? or(
        ilike(vehicles.licensePlate, pattern),
        ilike(vehicles.make, pattern),
        ilike(vehicles.model, pattern),
        ilike(vehicles.vin, pattern),
      )
    : undefined;
  const rows = await db
    .select()
    .from(vehicles)
    .where(and(vehiclesVisibleTo(user), search))
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(presentVehicle);
}

export async function getVehicleFor(db: Db, user: UserRow, id: string): Promise<Vehicle> {
  return presentVehicle(await findVehicleForUser(db, id, user));
}

/**
 * A new plate (stored uppercased); the vehicle's estimates count as changed so lists refresh. A
 * customer may change it only while every estimate of the vehicle is still pending: once quoted, the
 * plate is part of what the shop priced, and only the shop changes it.
 */
export async function updateVehiclePlate(
  db: Db,
  user: UserRow,
  id: string,
  licensePlate: string,
): Promise<Vehicle> {
  await findVehicleForUser(db, id, user);
  const updated = await db.transaction(async (tx) => {
    if (!user.isAdmin) {
      // Locked: the shop cannot quote one of these estimates while the plate changes.
      const statuses = await tx
        .select({ status: estimates.status })
        .from(estimates)
        .where(eq(estimates.vehicleId, id))
        .for('update');
      if (statuses.some(({ status }) => !customerMayChangePlate(status))) {
        throw new AppError('conflict', PLATE_KEPT_AFTER_QUOTE);
      }
    }
    const [row] = await tx
      .update(vehicles)
      .set({ licensePlate: licensePlate.toUpperCase(), updatedAt: sql`now()` })
      .where(and(eq(vehicles.id, id), vehiclesVisibleTo(user)))
      .returning();
    if (!row) throw vehicleNotFound();
    await touchEstimates(tx, eq(estimates.vehicleId, id));
    return row;
  });
  return presentVehicle(updated);
}
