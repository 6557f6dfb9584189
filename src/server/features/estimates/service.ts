import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Estimate } from '../../../domain/estimate-schema.js';
import type { Db } from '../../db/client.js';
import { estimates, photos, type UserRow, vehicles } from '../../db/schema.js';

/** Customers see their own estimates; admins see every estimate. Newest first. */
export async function listEstimatesFor(db: Db, user: UserRow): Promise<Estimate[]> {
  const rows = await db
    .select({ estimate: estimates, vehicle: vehicles })
    .from(estimates)
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(user.isAdmin ? undefined : eq(estimates.userId, user.id))
    .orderBy(desc(estimates.createdAt));
  if (rows.length === 0) return [];

  const photoRows = await db
    .select({ id: photos.id, estimateId: photos.estimateId, thumbnailKey: photos.thumbnailKey })
    .from(photos)
    .where(
      inArray(
        photos.estimateId,
        rows.map((row) => row.estimate.id),
      ),
    )
    .orderBy(asc(photos.position), asc(photos.createdAt));
  const photosByEstimate = new Map<string | null, typeof photoRows>();
  for (const photo of photoRows) {
    photosByEstimate.set(photo.estimateId, [...(photosByEstimate.get(photo.estimateId) ?? []), photo]);
  }

  return rows.map(({ estimate, vehicle }) => {
    const estimatePhotos = photosByEstimate.get(estimate.id) ?? [];
    return {
      id: estimate.id,
      userId: estimate.userId,
      vehicleId: estimate.vehicleId,
      status: estimate.status,
      photos: estimatePhotos.map((photo) => `/api/photos/${photo.id}`),
      thumbnails: estimatePhotos.map((photo) => `/api/photos/${photo.id}/thumbnail`),
      damageDescription: estimate.damageDescription,
      estimatedAmount: estimate.estimatedAmount,
      actualAmount: estimate.actualAmount,
      customerDeductible: estimate.customerDeductible,
      insuranceCoverage: estimate.insuranceCoverage,
      insuranceCompany: estimate.insuranceCompany,
      createdAt: estimate.createdAt.toISOString(),
      vehicle: vehicle && {
        id: vehicle.id,
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        licensePlate: vehicle.licensePlate,
        vin: vehicle.vin,
        mileage: vehicle.mileage,
      },
    };
  });
}
