import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Vehicle } from '#domain/estimate-schema.ts';
import { presentVehicle } from '#domain/estimate-schema.ts';
import { customerMayChangePlate, PLATE_KEPT_AFTER_QUOTE } from '#domain/estimate-status.ts';
import { isUuid } from '#domain/ids.ts';
import { normalizePlate } from '#domain/vehicle-identity.ts';
import { AppError, forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { estimates, type UserRow, type VehicleRow, vehicles } from '#server/db/schema.ts';
import { vehicleSearchText } from '#server/db/search-expressions.ts';
import { touchEstimates } from '#server/features/estimates/shared.ts';

export interface VehicleListQuery {
  q?: string;
  /** The shop: only this customer's vehicles (a customer sees only their own anyway). */
  customerId?: string;
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
  // One ILIKE (two with a plate written with spaces) on the expression vehicles_search_trgm_idx is
  // built on (decision 074); plates are stored normalised, so "qrt 55" finds QRT5521.
  const searched = vehicleSearchText(vehicles);
  const plate = normalizePlate(query.q ?? '');
  const search = query.q
    ? or(
        ilike(searched, containsPattern(query.q)),
        plate ? ilike(searched, containsPattern(plate)) : undefined,
      )
    : undefined;
  const rows = await db
    .select()
    .from(vehicles)
    .where(
      and(
        vehiclesVisibleTo(user),
        search,
        query.customerId ? eq(vehicles.userId, query.customerId) : undefined,
      ),
    )
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(presentVehicle);
}

export async function getVehicleFor(db: Db, user: UserRow, id: string): Promise<Vehicle> {
  return presentVehicle(await findVehicleForUser(db, id, user));
}

/**
 * A new plate (stored normalised, decision 064); the vehicle's estimates count as changed so lists refresh. A
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
      .set({ licensePlate: normalizePlate(licensePlate), updatedAt: sql`now()` })
      .where(and(eq(vehicles.id, id), vehiclesVisibleTo(user)))
      .returning();
    if (!row) throw vehicleNotFound();
    await touchEstimates(tx, eq(estimates.vehicleId, id));
    return row;
  });
  return presentVehicle(updated);
}

export const MERGE_SAME_VEHICLE = 'Choose another vehicle to keep: a vehicle cannot be merged into itself.';
export const MERGE_OTHER_CUSTOMER =
  "These vehicles belong to different customers: only one customer's records of a car can be merged.";

/**
 * Shop only: the duplicate's estimates move to the kept vehicle, which fills in anything it lacks
 * from the duplicate (and keeps the higher odometer); then the duplicate is deleted. Both must be the
 * same customer's (409 otherwise). Both rows are locked, so two merges of one pair take turns.
 */
export async function mergeVehicles(
  db: Db,
  user: UserRow,
  duplicateId: string,
  intoVehicleId: string,
): Promise<Vehicle> {
  if (!user.isAdmin) throw forbidden();
  if (duplicateId === intoVehicleId) throw new AppError('bad_request', MERGE_SAME_VEHICLE);
  if (!isUuid(duplicateId) || !isUuid(intoVehicleId)) throw vehicleNotFound();
  const kept = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(vehicles)
      .where(inArray(vehicles.id, [duplicateId, intoVehicleId]))
      .orderBy(vehicles.id)
      .for('update');
    const duplicate = rows.find((row) => row.id === duplicateId);
    const into = rows.find((row) => row.id === intoVehicleId);
    if (!duplicate || !into) throw vehicleNotFound();
    if (duplicate.userId !== into.userId) throw new AppError('conflict', MERGE_OTHER_CUSTOMER);
    // The moved estimates count as changed, so polling lists pick the kept vehicle up.
    await tx
      .update(estimates)
      .set({ vehicleId: into.id, updatedAt: sql`clock_timestamp()` })
      .where(eq(estimates.vehicleId, duplicate.id));
    await tx.delete(vehicles).where(eq(vehicles.id, duplicate.id));
    const [row] = await tx
      .update(vehicles)
      .set({
        year: into.year ?? duplicate.year,
        make: into.make || duplicate.make,
        model: into.model || duplicate.model,
        licensePlate: into.licensePlate || duplicate.licensePlate,
        vin: into.vin || duplicate.vin,
        mileage: maxOf(into.mileage, duplicate.mileage),
        updatedAt: sql`now()`,
      })
      .where(eq(vehicles.id, into.id))
      .returning();
    if (!row) throw vehicleNotFound();
    return row;
  });
  return presentVehicle(kept);
}

const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
