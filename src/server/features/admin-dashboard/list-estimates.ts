import { asc, count, desc, eq, sql } from 'drizzle-orm';
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
 * Two queries whatever the page size: the total, and the page with each estimate's first photo.
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
  const firstPhoto = db
    .select({ photoId: photos.id })
    .from(photos)
    .where(eq(photos.estimateId, estimates.id))
    .orderBy(asc(photos.position), asc(photos.createdAt), asc(photos.id))
    .limit(1)
    .as('first_photo');
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
            photoId: firstPhoto.photoId,
          })
          .from(estimates)
          .innerJoin(users, eq(users.id, estimates.userId))
          .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
          // Runs for the rows of this page only: the sort above it stops pulling after the page.
          .leftJoinLateral(firstPhoto, sql`true`)
          .where(where)
          .orderBy(newestFirst, desc(estimates.id))
          .limit(query.pageSize)
          .offset(offset);

  const items = rows.map((row): AdminEstimateListItem => {
    const { preview, truncated } = descriptionPreview(row.description);
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
      thumbnailUrl: row.photoId ? thumbnailUrl(row.photoId) : null,
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
