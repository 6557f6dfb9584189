import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AdminEstimateListItem,
  type AdminEstimateListQuery,
  type AdminEstimatePage,
  DESCRIPTION_PREVIEW_LENGTH,
  descriptionPreview,
  personName,
} from '../../../domain/admin-dashboard.js';
import { estimateReference, vehicleTitle } from '../../../domain/estimate.js';
import { thumbnailUrl } from '../../../domain/photos.js';
import type { Db } from '../../db/client.js';
import { estimates, photos, type UserRow, users, vehicles } from '../../db/schema.js';
import { forbidden } from '../../http/app-error.js';
import { adminEstimateWhere, needsJoins } from './estimate-filters.js';

/**
 * "desc nulls last" exactly as the created_at indexes are built (created_at is never null, but the
 * planner matches index order only when it is written the same): then the first page is an index
 * scan of 25 rows, not a sort of every estimate.
 */
const newestFirst = sql`${estimates.createdAt} desc nulls last`;

/**
 * Shop only: one page of estimates, newest first, filtered by status, text and shop-time dates.
 * Three queries whatever the page size: the total, the page itself, and the first photo of each.
 */
export async function listAdminEstimates(
  db: Db,
  user: UserRow,
  query: AdminEstimateListQuery,
): Promise<AdminEstimatePage> {
  if (!user.isAdmin) throw forbidden();
  const where = adminEstimateWhere(query);

  const total = await countEstimates(db, where, needsJoins(query));
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    offset >= total
      ? []
      : await db
          .select({
            id: estimates.id,
            status: estimates.status,
            createdAt: estimates.createdAt,
            estimatedAmount: estimates.estimatedAmount,
            // One character more than the preview tells whether the description goes on.
            description: sql<
              string | null
            >`left(${estimates.damageDescription}, ${DESCRIPTION_PREVIEW_LENGTH + 1})`,
            insuranceCompany: estimates.insuranceCompany,
            customerId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
            vehicleId: vehicles.id,
            year: vehicles.year,
            make: vehicles.make,
            model: vehicles.model,
            licensePlate: vehicles.licensePlate,
          })
          .from(estimates)
          .innerJoin(users, eq(users.id, estimates.userId))
          .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
          .where(where)
          .orderBy(newestFirst, desc(estimates.id))
          .limit(query.pageSize)
          .offset(offset);

  const thumbnails = await firstPhotos(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row): AdminEstimateListItem => {
    const { preview, truncated } = descriptionPreview(row.description);
    const photoId = thumbnails.get(row.id);
    return {
      id: row.id,
      reference: estimateReference(row.id),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      estimatedAmount: row.estimatedAmount,
      damageDescriptionPreview: preview,
      damageDescriptionTruncated: truncated,
      insuranceCompany: row.insuranceCompany,
      customer: {
        id: row.customerId,
        name: personName(row.firstName, row.lastName),
        email: row.email,
        phone: row.phone,
      },
      vehicle: row.vehicleId ? { title: vehicleTitle(row), licensePlate: row.licensePlate } : null,
      thumbnailUrl: photoId ? thumbnailUrl(photoId) : null,
    };
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

async function countEstimates(db: Db, where: ReturnType<typeof adminEstimateWhere>, joined: boolean) {
  const base = db.select({ total: count() }).from(estimates);
  const [row] = joined
    ? await base
        .innerJoin(users, eq(users.id, estimates.userId))
        .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
        .where(where)
    : await base.where(where);
  return Number(row?.total ?? 0);
}

/** The first photo (by position) of each estimate that has one. */
async function firstPhotos(db: Db, estimateIds: string[]): Promise<Map<string, string>> {
  if (estimateIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([photos.estimateId], { estimateId: photos.estimateId, id: photos.id })
    .from(photos)
    .where(inArray(photos.estimateId, estimateIds))
    .orderBy(asc(photos.estimateId), asc(photos.position), asc(photos.createdAt), asc(photos.id));
  return new Map(rows.flatMap((row) => (row.estimateId ? [[row.estimateId, row.id] as const] : [])));
}
