import { eq, sql } from 'drizzle-orm';
import { billingError } from '#domain/billing.ts';
import { canCustomerRespond, estimateReference } from '#domain/estimate.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import type { EstimateReceipt, UpdateEstimate } from '#domain/estimate-requests.ts';
import type { Estimate, EstimatePage } from '#domain/estimate-schema.ts';
import { statusLabel } from '#domain/estimate-status.ts';
import { isUuid } from '#domain/ids.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { CANNOT_RESPOND, CUSTOMER_STATUS_ONLY, isApprovedOrLater } from '#domain/status-transitions.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, type UserRow } from '#server/db/schema.ts';
import {
  notifyCustomerResponded,
  notifyQuoteReady,
  notifyRepairCompleted,
} from '#server/features/notifications/shared.ts';
import { ALREADY_APPROVED, assertWithinConsent, recordApproval } from './approval.ts';
import { freeDropOffUnlessKept } from './drop-off-release.ts';
import {
  estimateNotFound,
  estimatesVisibleTo,
  findEstimateForUser,
  lockEstimateForUser,
  type Viewer,
} from './estimate-access.ts';
import { reorderEstimatePhotos } from './estimate-photos.ts';
import { activeLines, loadEstimateDetail } from './itemisation.ts';
import { sendNewQuote } from './lines-service.ts';
import { loadEstimates } from './present-estimates.ts';
import { changePromisedDate } from './progress.ts';
import type { CancelStalePayments } from './stale-payments.ts';
import { checkStatusMove, type StatusRequest } from './status-move.ts';

export const AMOUNTS_ARE_THE_SHOPS = 'Only the shop can set the amounts of an estimate.';
export const TOTAL_REQUIRED = 'Enter the total estimate amount.';
export const DECLINES_GO_WITH_APPROVAL = 'declinedLineIds go with status "approved" only.';
export const amountsApproved = (status: string) =>
  `This estimate is ${statusLabel(status)}: the customer approved its amounts, so they change only through a supplement the customer consents to (POST /api/estimates/{id}/supplements).`;
export const AMOUNTS_FROM_LINES =
  'This estimate is itemised: its amounts come from its lines (PUT /api/estimates/{id}/lines).';

/** Customers see their own estimates; admins see every estimate. Newest first. */
export async function listEstimatesFor(db: Db, viewer: Viewer): Promise<Estimate[]> {
  return loadEstimates(db, estimatesVisibleTo(viewer));
}

/** One page of that same list, with the total, so a customer can go through their whole history. */
export async function listEstimatePageFor(
  db: Db,
  viewer: Viewer,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<EstimatePage> {
  const where = estimatesVisibleTo(viewer);
  const [items, total] = await Promise.all([
    loadEstimates(db, where, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.$count(estimates, where),
  ]);
  return { items, page, pageSize, total };
}

export async function getEstimateFor(db: Db, user: UserRow, id: string): Promise<EstimateDetail> {
  await findEstimateForUser(db, id, user);
  return presentAfterChange(db, id, user);
}

/** What the public confirmation page may show: reference, a status label, the time. Nothing personal. */
export async function getEstimateReceipt(db: Db, id: string): Promise<EstimateReceipt> {
  if (!isUuid(id)) throw estimateNotFound();
  const [row] = await db
    .select({ id: estimates.id, status: estimates.status, createdAt: estimates.createdAt })
    .from(estimates)
    .where(eq(estimates.id, id))
    .limit(1);
  if (!row) throw estimateNotFound();
  return {
    reference: estimateReference(row.id),
    status: row.status === 'pending' ? 'Pending Review' : statusLabel(row.status),
    submittedAt: row.createdAt.toISOString(),
  };
}

/** PATCH /api/estimates/{id}: a status, the amounts, or the photo list, each with its own rules. */
export async function updateEstimate(
  deps: { db: Db; store: ObjectStore; cancelStalePayments: CancelStalePayments },
  user: UserRow,
  id: string,
  change: UpdateEstimate,
): Promise<EstimateDetail> {
  await findEstimateForUser(deps.db, id, user);
  if ('status' in change) await changeStatus(deps, user, id, change, change.declinedLineIds ?? []);
  else if ('photos' in change) await reorderEstimatePhotos(deps, user, id, change.photos);
  else if ('promisedDate' in change) await changePromisedDate(deps.db, user, id, change);
  else await changeAmounts(deps.db, user, id, change);
  return presentAfterChange(deps.db, id, user);
}

/**
 * A customer answers a quote: approved or declined, only while it is pending or quoted and has an
 * amount, and an approval only of the total they saw. The shop moves the status as the transitions
 * table allows (src/domain/status-transitions.ts): an approval only with the customer's consent.
 */
async function changeStatus(
  { db, cancelStalePayments }: { db: Db; cancelStalePayments: CancelStalePayments },
  user: UserRow,
  id: string,
  request: StatusRequest,
  declinedLineIds: readonly string[],
): Promise<void> {
  const { status } = request;
  if (!user.isAdmin && status !== 'approved' && status !== 'declined') {
    throw new AppError('forbidden', CUSTOMER_STATUS_ONLY);
  }
  if (declinedLineIds.length > 0 && status !== 'approved') {
    throw new AppError('bad_request', DECLINES_GO_WITH_APPROVAL);
  }
  await db.transaction(async (tx) => {
    // Locked: a customer's answer and the shop's change of the quote cannot cross each other.
    const estimate = await lockEstimateForUser(tx, id, user);
    if (!user.isAdmin && !canCustomerRespond(estimate) && request.consent === undefined) {
      throw new AppError('conflict', CANNOT_RESPOND);
    }
    if (declinedLineIds.length > 0 && estimate.status === 'approved') {
      throw new AppError('conflict', ALREADY_APPROVED);
    }
    const consent = checkStatusMove(estimate, user, request);
    // What was approved, when, by whom and on what consent, is kept: the ceiling later charges answer to.
    if (consent) await recordApproval(tx, estimate, user, declinedLineIds, consent);
    else if (declinedLineIds.length > 0) throw new AppError('conflict', ALREADY_APPROVED);
    if (status === 'completed' && estimate.status !== 'completed') await assertWithinConsent(tx, id);
    await tx.update(estimates).set({ status, updatedAt: sql`clock_timestamp()` }).where(eq(estimates.id, id));
    // Cancelled or in progress, the estimate is not paid online: a card payment left open must not be.
    await cancelStalePayments(tx, id);
    await freeDropOffUnlessKept(tx, id, status);
    // The shop hears about the customer's answer; the customer hears when the shop sends the quote
    // or finishes the repair this way (the admin desk's own actions queue the same e-mails).
    if (!user.isAdmin && (status === 'approved' || status === 'declined')) {
      await notifyCustomerResponded(tx, id, status);
    } else if (user.isAdmin && status !== estimate.status) {
      if (status === 'quoted') await notifyQuoteReady(tx, id);
      if (status === 'completed') await notifyRepairCompleted(tx, id);
    }
  });
}

/**
 * The shop's quote. A field left out keeps its value, null clears it; the result must pass the
 * billing rule (deductible + coverage = total ± 0.01 when both are set).
 */
async function changeAmounts(
  db: Db,
  user: UserRow,
  id: string,
  change: Extract<UpdateEstimate, { estimatedAmount: unknown }>,
): Promise<void> {
  if (!user.isAdmin) throw new AppError('forbidden', AMOUNTS_ARE_THE_SHOPS);
  const total = change.estimatedAmount;
  if (total === null) throw new AppError('bad_request', TOTAL_REQUIRED);
  await db.transaction(async (tx) => {
    const current = await lockEstimateForUser(tx, id, user);
    if (isApprovedOrLater(current.status)) throw new AppError('conflict', amountsApproved(current.status));
    if ((await activeLines(tx, id)).length > 0) throw new AppError('conflict', AMOUNTS_FROM_LINES);
    const next = {
      estimatedAmount: centsToDecimal(total),
      customerDeductible:
        change.customerDeductible === undefined
          ? centsToDecimal(toCents(current.customerDeductible))
          : centsToDecimal(change.customerDeductible),
      insuranceCoverage:
        change.insuranceCoverage === undefined
          ? centsToDecimal(toCents(current.insuranceCoverage))
          : centsToDecimal(change.insuranceCoverage),
    };
    const refusal = billingError(next);
    if (refusal) throw new AppError('bad_request', refusal);
    await tx
      .update(estimates)
      .set({ ...next, updatedAt: sql`clock_timestamp()` })
      .where(eq(estimates.id, id));
    // The customer holds the quote: changed, the new one goes out at once (as with its lines).
    if (current.status === 'quoted') await sendNewQuote(tx, user, id);
  });
}

/** Read back after the change committed; the access check already ran. */
async function presentAfterChange(db: Db, id: string, viewer: UserRow): Promise<EstimateDetail> {
  const estimate = await loadEstimateDetail(db, id, { staff: viewer.isAdmin });
  if (!estimate) throw estimateNotFound();
  return estimate;
}
