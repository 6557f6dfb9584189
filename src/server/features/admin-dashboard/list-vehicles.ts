import { asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AdminVehicle, personName } from '#domain/admin-dashboard.ts';
import { normalizePlate } from '#domain/vehicle-identity.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { estimates, type UserRow, users, vehicles } from '#server/db/schema.ts';
import { customerSearchText, vehicleSearchText } from '#server/db/search-expressions.ts';

/**
 * Shop only: vehicles whose plate, year/make/model, VIN or owner (name, e-mail) contains the text,
 * with their owner and newest estimate (two queries, whatever the number of vehicles). The owner's
 * phone is searched too (one expression per table, search-expressions.ts). Plates that
 * start with the text come first, then the newest vehicles. Without text: the newest vehicles.
 */
export async function searchAdminVehicles(
  db: Db,
  user: UserRow,
  query: { q?: string; limit: number },
): Promise<AdminVehicle[]> {
  if (!user.isAdmin) throw forbidden();
  const text = query.q ?? '';
  // Plates are stored normalised (decision 064): "qrt 55" is the start of QRT5521.
  const platePrefix = `${normalizePlate(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({
      vehicle: vehicles,
      ownerId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.userId))
    .where(text ? searchCondition(text) : undefined)
    .orderBy(
      ...(text ? [sql`(${vehicles.licensePlate} like ${platePrefix}) desc`] : []),
      desc(vehicles.createdAt),
      desc(vehicles.id),
    )
    .limit(query.limit);
  const latest = await latestEstimates(
    db,
    rows.map((row) => row.vehicle.id),
  );
  return rows.map(({ vehicle, ...owner }) => ({
    id: vehicle.id,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    licensePlate: vehicle.licensePlate,
    vin: vehicle.vin,
    owner: { id: owner.ownerId, name: personName(owner.firstName, owner.lastName), email: owner.email },
    latestEstimateId: latest.get(vehicle.id) ?? null,
  }));
}

/**
 * The vehicles whose own text (plate, year make model, VIN) or owner (name, e-mail, phone) contains the
 * text: each table searched on its own trigram index (decision 074), the matches gathered by id.
 */
function searchCondition(text: string): SQL {
  const pattern = containsPattern(text);
  const plate = normalizePlate(text);
  const vehicleText = vehicleSearchText(vehicles);
  return sql`${vehicles.id} in (
    select ${vehicles.id} from ${vehicles}
    where ${or(sql`${vehicleText} ilike ${pattern}`, plate ? sql`${vehicleText} ilike ${containsPattern(plate)}` : undefined)}
    union
    select ${vehicles.id} from ${vehicles} where ${vehicles.userId} in (
      select ${users.id} from ${users} where ${customerSearchText(users)} ilike ${pattern})
  )`;
}

/** The newest estimate of each vehicle that has one. */
async function latestEstimates(db: Db, vehicleIds: string[]): Promise<Map<string, string>> {
  if (vehicleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([estimates.vehicleId], { vehicleId: estimates.vehicleId, id: estimates.id })
    .from(estimates)
    .where(inArray(estimates.vehicleId, vehicleIds))
    .orderBy(asc(estimates.vehicleId), desc(estimates.createdAt), desc(estimates.id));
  return new Map(rows.flatMap((row) => (row.vehicleId ? [[row.vehicleId, row.id] as const] : [])));
}
