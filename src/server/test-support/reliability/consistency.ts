import { eq, isNotNull, sql } from 'drizzle-orm';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, outbox, photos, vehicles } from '#server/db/schema.ts';
import { isStored } from '#server/test-support/stored-objects.ts';

/**
 * What must hold in the database at any moment, crash or not; each broken rule described. An estimate
 * is written with its vehicle, its photos and its confirmation e-mail in one transaction, so none of
 * them may exist without the others, and a photo an estimate shows must have its bytes in the store.
 */
export async function findInconsistencies(db: Db, store: ObjectStore): Promise<string[]> {
  const problems: string[] = [];

  const withoutVehicle = await db
    .select({ id: estimates.id })
    .from(estimates)
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(sql`${vehicles.id} is null`);
  for (const row of withoutVehicle) problems.push(`estimate ${row.id} has no vehicle`);

  const withoutPhotos = await db
    .select({ id: estimates.id })
    .from(estimates)
    .where(sql`not exists (select 1 from ${photos} where ${photos.estimateId} = ${estimates.id})`);
  for (const row of withoutPhotos) problems.push(`estimate ${row.id} has no photos`);

  const withoutConfirmation = await db
    .select({ id: estimates.id })
    .from(estimates)
    .where(
      // A customer the shop created with the estimate is sent the welcome instead (decision 064).
      sql`not exists (select 1 from ${outbox} where ${outbox.estimateId} = ${estimates.id}
            and ${outbox.topic} in ('estimate_received', 'welcome'))`,
    );
  for (const row of withoutConfirmation)
    problems.push(`estimate ${row.id} has no confirmation e-mail queued`);

  const vehiclesWithoutEstimate = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(sql`not exists (select 1 from ${estimates} where ${estimates.vehicleId} = ${vehicles.id})`);
  for (const row of vehiclesWithoutEstimate) problems.push(`vehicle ${row.id} belongs to no estimate`);

  const linked = await db
    .select({ id: photos.id, estimateId: photos.estimateId, status: photos.status })
    .from(photos)
    .where(isNotNull(photos.estimateId));
  for (const photo of linked) {
    if (photo.status !== 'ready') {
      problems.push(`photo ${photo.id} of estimate ${photo.estimateId} is ${photo.status}`);
    }
  }

  // A ready photo, attached or not yet, is one the app may show: its bytes must be there.
  const ready = await db
    .select({ id: photos.id, objectKey: photos.objectKey, thumbnailKey: photos.thumbnailKey })
    .from(photos)
    .where(eq(photos.status, 'ready'));
  for (const photo of ready) {
    if (!photo.thumbnailKey) problems.push(`photo ${photo.id} has no thumbnail`);
    for (const key of [photo.objectKey, photo.thumbnailKey]) {
      if (key && !(await isStored(store, key))) problems.push(`photo ${photo.id}: object ${key} is missing`);
    }
  }
  return problems;
}
