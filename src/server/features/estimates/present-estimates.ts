import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Estimate } from '#domain/estimate-schema.ts';
import { presentVehicle } from '#domain/estimate-schema.ts';
import { centsToDecimal } from '#domain/money.ts';
import { photoUrl, thumbnailUrl } from '#domain/photos.ts';
import type { Db } from '#server/db/client.ts';
import { paidCentsOfEstimate } from '#server/db/paid-amounts.ts';
import { estimates, photos, vehicles } from '#server/db/schema.ts';
import { supplementAwaitingOfEstimate } from '#server/db/supplement-awaiting.ts';

/** The estimate's photo ids in their order, as a JSON array (both drivers parse json). */
const photoIds = sql<
  string[]
>`(select coalesce(json_agg(${photos.id} order by ${photos.position}, ${photos.createdAt}, ${photos.id}), '[]'::json)
  from ${photos} where ${photos.estimateId} = ${estimates.id})`;

/**
 * Estimates as the API shows them, newest first, with their vehicle, photo URLs and amount paid:
 * one query whatever the number of estimates (photos and payments come by index per row).
 */
export async function loadEstimates(
  db: Db,
  where: SQL | undefined,
  slice?: { limit: number; offset: number },
): Promise<Estimate[]> {
  // By primary key per estimate: a plain join lets the planner hash the whole vehicles table for a
  // customer's 25 estimates (LIMIT 1 keeps the subquery from being flattened back into a join).
  const vehicle = db
    .select()
    .from(vehicles)
    .where(eq(vehicles.id, estimates.vehicleId))
    .limit(1)
    .as('vehicle');
  const query = db
    .select({
      estimate: estimates,
      vehicle: vehicle._.selectedFields,
      photoIds,
      paidCents: paidCentsOfEstimate,
      supplementAwaiting: supplementAwaitingOfEstimate,
    })
    .from(estimates)
    .leftJoinLateral(vehicle, sql`true`)
    .where(where)
    // The id breaks ties of equal creation times, so pages never overlap or skip a row.
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .$dynamic();
  const rows = await (slice ? query.limit(slice.limit).offset(slice.offset) : query);

  return rows.map(({ estimate, vehicle, photoIds, paidCents, supplementAwaiting }) => ({
    id: estimate.id,
    userId: estimate.userId,
    vehicleId: estimate.vehicleId,
    status: estimate.status,
    photos: photoIds.map(photoUrl),
    thumbnails: photoIds.map(thumbnailUrl),
    damageDescription: estimate.damageDescription,
    estimatedAmount: estimate.estimatedAmount,
    actualAmount: estimate.actualAmount,
    customerDeductible: estimate.customerDeductible,
    insuranceCoverage: estimate.insuranceCoverage,
    insuranceCompany: estimate.insuranceCompany,
    amountPaid: centsToDecimal(Number(paidCents)),
    supplementAwaiting: Boolean(supplementAwaiting),
    createdAt: estimate.createdAt.toISOString(),
    vehicle: vehicle && presentVehicle(vehicle),
  }));
}

export async function loadEstimate(db: Db, id: string): Promise<Estimate | null> {
  const [estimate] = await loadEstimates(db, eq(estimates.id, id));
  return estimate ?? null;
}
