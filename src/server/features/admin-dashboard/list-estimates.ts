import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type AdminEstimateListItem,
  type AdminEstimateListQuery,
  type AdminEstimatePage,
  DESCRIPTION_PREVIEW_LENGTH,
  descriptionPreview,
  personName,
} from '#domain/admin-dashboard.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { centsToDecimal } from '#domain/money.ts';
import { thumbnailUrl } from '#domain/photos.ts';
import { daysInShop } from '#domain/repair-progress.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateStatusTotals, estimates, photos, type UserRow, users, vehicles } from '#server/db/schema.ts';
import { supplementAwaitingOfEstimate } from '#server/db/supplement-awaiting.ts';
import { currentStage, inShopSince } from '#server/features/estimates/shared.ts';
import { adminEstimateWhere, totalsCount } from './estimate-filters.ts';

/**
 * "desc nulls last" exactly as the created_at indexes are built (created_at is never null, but the
 * planner matches index order only when it is written the same): then the first page is an index
 * scan of 25 rows, not a sort of every estimate.
 */
const newestFirst = sql`${estimates.createdAt} desc nulls last`;
/** One character more than the preview tells whether the description goes on; the rest stays put. */
const HEAD_LENGTH = DESCRIPTION_PREVIEW_LENGTH + 1;
const descriptionHead = sql<string | null>`left(${estimates.damageDescription}, ${HEAD_LENGTH})`;

/**
 * Shop only: one page of estimates, newest first, filtered by status, text, shop-time dates or
 * customer, with each one's first photo. Ids first (decision 074): the page's 25 ids are read from an
 * index in list order, and only those rows are joined to their customer, vehicle, photo and stage, so
 * page 40 costs 25 joins, not 1,000. The count comes from the per-status totals when the filters allow,
 * else from the same pass (text) or an index range (dates, customer).
 */
export async function listAdminEstimates(
  db: Db,
  user: UserRow,
  query: AdminEstimateListQuery,
  now: Date = new Date(),
): Promise<AdminEstimatePage> {
  if (!user.isAdmin) throw forbidden();
  const present = (row: PageRow) => presentRow(row, now);
  const where = adminEstimateWhere(query);
  const offset = (query.page - 1) * query.pageSize;
  const page = { page: query.page, pageSize: query.pageSize };

  if (query.q) {
    const rows = await selectPage(db, where, query.pageSize, offset, true);
    // Past the last page there is no row to carry the count: ask for it apart (rare).
    const total = rows[0]?.total ?? (offset > 0 ? await countEstimates(db, where) : 0);
    return { items: rows.map(present), total, ...page };
  }
  const fromTotals = totalsCount(query);
  const total = fromTotals ? await readCount(db, fromTotals) : await countEstimates(db, where);
  const rows = offset >= total ? [] : await selectPage(db, where, query.pageSize, offset, false);
  return { items: rows.map(present), total, ...page };
}

type PageRow = Awaited<ReturnType<typeof selectPage>>[number];

function selectPage(db: Db, where: SQL | undefined, limit: number, offset: number, withTotal: boolean) {
  // The page's ids, read in the order of estimates_created_id_idx (or its status, active and owing
  // twins); every matching row is counted in the same pass when asked (null otherwise).
  const pageIds = db
    .select({
      id: sql<string>`${estimates.id}`.as('page_id'),
      total: (withTotal ? sql<number>`(count(*) over ())::int` : sql<null>`null`).as('total'),
    })
    .from(estimates)
    .where(where)
    .orderBy(newestFirst, desc(estimates.id))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  const firstPhoto = db
    .select({ photoId: photos.id })
    .from(photos)
    .where(eq(photos.estimateId, estimates.id))
    .orderBy(asc(photos.position), asc(photos.createdAt), asc(photos.id))
    .limit(1)
    .as('first_photo');
  return db
    .select({
      id: estimates.id,
      status: estimates.status,
      createdAt: estimates.createdAt,
      estimatedAmount: estimates.estimatedAmount,
      description: descriptionHead,
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
      promisedDate: estimates.promisedDate,
      paidCents: estimates.paidCents,
      owedCents: estimates.owedCents,
      // Scalar subqueries over the page's rows only (estimate_events_estimate_idx): null unless in progress.
      inShopSince: inShopSince(),
      repairStage: currentStage(),
      supplementAwaiting: supplementAwaitingOfEstimate,
      total: pageIds.total,
    })
    .from(pageIds)
    .innerJoin(estimates, eq(estimates.id, pageIds.id))
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .leftJoinLateral(firstPhoto, sql`true`)
    .orderBy(newestFirst, desc(estimates.id));
}

function presentRow(row: PageRow, now: Date): AdminEstimateListItem {
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
    repairStage: row.repairStage,
    inShopSince: row.inShopSince?.toISOString() ?? null,
    daysInShop: row.inShopSince ? daysInShop(row.inShopSince, now) : null,
    promisedDate: row.promisedDate,
    paid: centsToDecimal(row.paidCents),
    balanceDue: centsToDecimal(row.owedCents),
    supplementAwaiting: Boolean(row.supplementAwaiting),
  };
}

async function countEstimates(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(estimates).where(where);
  return Number(row?.total ?? 0);
}

async function readCount(db: Db, total: SQL<number>): Promise<number> {
  const [row] = await db.select({ total }).from(estimateStatusTotals);
  return Number(row?.total ?? 0);
}
