import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Estimate } from '../../../domain/estimate-schema.js';
import { centsToDecimal } from '../../../domain/money.js';
import { photoUrl, thumbnailUrl } from '../../../domain/photos.js';
import type { Db } from '../../db/client.js';
import { estimates, photos, vehicles } from '../../db/schema.js';
import { paidCentsByEstimate } from '../payments/paid-amounts.js';
import { presentVehicle } from '../vehicles/present-vehicle.js';

/**
 * Estimates as the API shows them, newest first, with their vehicle and photo URLs:
 * three queries whatever the number of estimates (no query per row).
 */
export async function loadEstimates(db: Db, where: SQL | undefined): Promise<Estimate[]> {
  const rows = await db
    .select({ estimate: estimates, vehicle: vehicles })
    .from(estimates)
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(where)
    .orderBy(desc(estimates.createdAt), desc(estimates.id));
  if (rows.length === 0) return [];

  const photoRows = await db
    .select({ id: photos.id, estimateId: photos.estimateId })
    .from(photos)
    .where(
      inArray(
        photos.estimateId,
        rows.map((row) => row.estimate.id),
      ),
    )
    .orderBy(asc(photos.position), asc(photos.createdAt), asc(photos.id));
  const paidCents = await paidCentsByEstimate(
    db,
    rows.map((row) => row.estimate.id),
  );
  const photoIdsByEstimate = new Map<string, string[]>();
  for (const photo of photoRows) {
    if (!photo.estimateId) continue;
    const list = photoIdsByEstimate.get(photo.estimateId) ?? [];
    list.push(photo.id);
    photoIdsByEstimate.set(photo.estimateId, list);
  }

  return rows.map(({ estimate, vehicle }) => {
    const photoIds = photoIdsByEstimate.get(estimate.id) ?? [];
    return {
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
      amountPaid: centsToDecimal(paidCents.get(estimate.id) ?? 0),
      createdAt: estimate.createdAt.toISOString(),
      vehicle: vehicle && presentVehicle(vehicle),
    };
  });
}

export async function loadEstimate(db: Db, id: string): Promise<Estimate | null> {
  const [estimate] = await loadEstimates(db, eq(estimates.id, id));
  return estimate ?? null;
}
