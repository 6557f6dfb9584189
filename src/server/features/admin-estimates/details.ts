import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { type AdminEstimateDetails, PLATE_REQUIRED, type PlateEstimate } from '#domain/admin-estimates.ts';
import { presentVehicle } from '#domain/estimate-schema.ts';
import { isUuid } from '#domain/ids.ts';
import { normalizePlate } from '#domain/vehicle-identity.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { appointments, estimates, smsOptOuts, users, vehicles } from '#server/db/schema.ts';
import { estimateNotFound, loadEstimateDetail } from '#server/features/estimates/shared.ts';
import { findActiveAppointment } from './appointments.ts';

/** A plate matches many estimates only for a car that came back often; more than this is never useful. */
export const PLATE_MATCH_LIMIT = 50;

/**
 * Everything the shop's estimate page shows: the estimate, who it belongs to and the booked drop-off.
 * The customer's phone falls back to the one given with the request when the account has none.
 */
export async function loadAdminEstimateDetails(db: Db, id: string): Promise<AdminEstimateDetails> {
  if (!isUuid(id)) throw estimateNotFound();
  const estimate = await loadEstimateDetail(db, id, { staff: true });
  if (!estimate) throw estimateNotFound();
  const [owner] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      contactPhone: estimates.contactPhone,
      smsPhone: estimates.smsPhone,
      smsOptInAt: estimates.smsOptInAt,
      stoppedAt: smsOptOuts.stoppedAt,
    })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(smsOptOuts, eq(smsOptOuts.phone, estimates.smsPhone))
    .where(eq(estimates.id, id))
    .limit(1);
  if (!owner) throw estimateNotFound();
  const { contactPhone, smsPhone, smsOptInAt, stoppedAt, ...customer } = owner;
  const [missed] = await db
    .select({ value: count() })
    .from(appointments)
    .innerJoin(estimates, eq(estimates.id, appointments.estimateId))
    .where(and(eq(estimates.userId, customer.id), eq(appointments.status, 'no_show')));
  return {
    estimate,
    customer: { ...customer, phone: customer.phone || contactPhone || null },
    appointment: await findActiveAppointment(db, id),
    // The shop sees a STOP from the number, so nobody promises the customer texts that cannot go.
    textUpdates: smsPhone
      ? {
          phone: smsPhone,
          optedInAt: smsOptInAt?.toISOString() ?? null,
          stoppedAt: stoppedAt?.toISOString() ?? null,
        }
      : null,
    customerNoShows: missed?.value ?? 0,
  };
}

/**
 * The estimates of every vehicle carrying this plate, newest first (spaces, dashes and case ignored:
 * plates are stored normalised, decision 064).
 */
export async function findEstimatesByPlate(db: Db, plate: string): Promise<PlateEstimate[]> {
  const wanted = normalizePlate(plate);
  if (!wanted) throw new AppError('bad_request', PLATE_REQUIRED);
  const rows = await db
    .select({ id: estimates.id, status: estimates.status, createdAt: estimates.createdAt, vehicle: vehicles })
    .from(estimates)
    .innerJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(and(isNotNull(vehicles.licensePlate), eq(vehicles.licensePlate, wanted)))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(PLATE_MATCH_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    vehicle: presentVehicle(row.vehicle),
  }));
}
