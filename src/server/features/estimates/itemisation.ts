import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import {
  type EstimateLine,
  type EstimateTotals,
  estimateFigures,
  estimateTotals,
  hundredthsToNumber,
  lineAmountCents,
  type PricedLine,
  parseTaxRate,
  toHundredths,
} from '#domain/estimate-lines.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import type { Supplement } from '#domain/supplements.ts';
import type { Db } from '#server/db/client.ts';
import {
  type EstimateLineRow,
  estimateApprovals,
  estimateLines,
  estimateSupplements,
  estimates,
  repairAuthorizations,
  users,
} from '#server/db/schema.ts';
import { loadEstimate } from './present-estimates.ts';
import { loadTimeline } from './timeline.ts';

/** Reading and pricing an estimate's lines, approvals and supplements. */

/** A stored line's amount in cents (quantity × unit price, half-up). */
export function rowAmountCents(row: Pick<EstimateLineRow, 'quantity' | 'unitPrice'>): number {
  return lineAmountCents(toHundredths(row.quantity) ?? 0, toCents(row.unitPrice) ?? 0);
}

export function presentLine(row: EstimateLineRow): EstimateLine {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    quantity: hundredthsToNumber(toHundredths(row.quantity) ?? 0),
    unitPrice: row.unitPrice,
    amount: centsToDecimal(rowAmountCents(row)),
    payer: row.payer,
    partType: row.partType,
    optional: row.optional,
    declined: row.declined,
    taxable: row.taxable,
    supplementId: row.supplementId,
    replacesLineId: row.replacesLineId,
  };
}

export function pricedRow(row: EstimateLineRow): PricedLine & { id: string; replacesLineId: string | null } {
  return {
    id: row.id,
    kind: row.kind,
    payer: row.payer,
    amountCents: rowAmountCents(row),
    taxable: row.taxable,
    declined: row.declined,
    replacesLineId: row.replacesLineId,
  };
}

/** The estimate's own lines now (state active), in order. */
export async function activeLines(tx: Db, estimateId: string): Promise<EstimateLineRow[]> {
  return tx
    .select()
    .from(estimateLines)
    .where(and(eq(estimateLines.estimateId, estimateId), eq(estimateLines.state, 'active')))
    .orderBy(asc(estimateLines.position), asc(estimateLines.createdAt));
}

export const taxRateMillisOf = (taxRate: string | null) =>
  taxRate === null ? 0 : (parseTaxRate(taxRate) ?? 0);

/**
 * Writes the estimate's three figures from its active lines (total, customer share as deductible,
 * insurer's share as coverage), in the caller's transaction; answers the totals.
 */
export async function storeFiguresFromLines(
  tx: Db,
  estimateId: string,
  taxRateMillis: number,
): Promise<EstimateTotals> {
  const totals = estimateTotals((await activeLines(tx, estimateId)).map(pricedRow), taxRateMillis);
  await tx
    .update(estimates)
    .set({ ...estimateFigures(totals), updatedAt: sql`clock_timestamp()` })
    .where(eq(estimates.id, estimateId));
  return totals;
}

/**
 * The estimate with its lines, totals, approvals, supplements and timeline, as GET /api/estimates/{id}
 * answers. The shop's internal timeline entries only when `staff` is set.
 */
export async function loadEstimateDetail(
  db: Db,
  id: string,
  { staff = false }: { staff?: boolean } = {},
): Promise<EstimateDetail | null> {
  const estimate = await loadEstimate(db, id);
  if (!estimate) return null;
  const [row] = await db
    .select({
      taxRate: estimates.taxRate,
      promisedDate: estimates.promisedDate,
      storageTermsStatedAt: estimates.storageTermsStatedAt,
      statedStorageRateCents: estimates.statedStorageRateCents,
      authorizedAt: repairAuthorizations.signedAt,
    })
    .from(estimates)
    // At most one current authorisation (repair_authorizations_current_idx).
    .leftJoin(
      repairAuthorizations,
      and(eq(repairAuthorizations.estimateId, estimates.id), isNull(repairAuthorizations.replacedAt)),
    )
    .where(eq(estimates.id, id));
  const taxRate = row?.taxRate ?? null;
  const { timeline, promisedDateHistory } = await loadTimeline(db, id, staff);
  const lineRows = await db
    .select()
    .from(estimateLines)
    .where(eq(estimateLines.estimateId, id))
    .orderBy(asc(estimateLines.position), asc(estimateLines.createdAt));
  const supplementRows = await db
    .select()
    .from(estimateSupplements)
    .where(eq(estimateSupplements.estimateId, id))
    .orderBy(asc(estimateSupplements.number));
  const approvalRows = await db
    .select()
    .from(estimateApprovals)
    .where(eq(estimateApprovals.estimateId, id))
    .orderBy(asc(estimateApprovals.approvedAt), asc(estimateApprovals.id));
  const actor = await actorNames(db, [
    ...approvalRows.map((approval) => approval.approvedBy),
    ...supplementRows.flatMap((supplement) => [supplement.createdBy, supplement.decidedBy]),
  ]);

  const active = lineRows.filter((line) => line.state === 'active');
  const totals = active.length > 0 ? estimateTotals(active.map(pricedRow), taxRateMillisOf(taxRate)) : null;
  const approvals = approvalRows.map((approval) => ({
    approvedAmount: approval.approvedAmount,
    approvedAt: approval.approvedAt.toISOString(),
    approvedBy: actor(approval.approvedBy),
    declinedLineIds: approval.declinedLineIds,
    supplementId: approval.supplementId,
    consent: approval.consentMethod
      ? { method: approval.consentMethod, name: approval.consentName, note: approval.consentNote }
      : null,
  }));
  const latest = approvals.at(-1) ?? null;
  const supplements: Supplement[] = supplementRows.map((supplement) => ({
    id: supplement.id,
    number: supplement.number,
    reason: supplement.reason,
    status: supplement.status,
    amount: supplement.amount,
    photos: supplement.photos,
    lines: lineRows.filter((line) => line.supplementId === supplement.id).map(presentLine),
    createdAt: supplement.createdAt.toISOString(),
    createdBy: actor(supplement.createdBy),
    decidedAt: supplement.decidedAt?.toISOString() ?? null,
    decidedBy: actor(supplement.decidedBy),
    consent: supplement.consentMethod
      ? { method: supplement.consentMethod, name: supplement.consentName, note: supplement.consentNote }
      : null,
  }));
  return {
    ...estimate,
    lines: active.map(presentLine),
    taxRate: active.length > 0 && taxRate !== null ? String(Number(taxRate)) : null,
    subtotal: totals && centsToDecimal(totals.subtotalCents),
    tax: totals && centsToDecimal(totals.taxCents),
    approvedAmount: latest?.approvedAmount ?? null,
    approvedAt: latest?.approvedAt ?? null,
    approvedBy: latest?.approvedBy ?? null,
    approvals,
    supplements,
    timeline,
    promisedDate: row?.promisedDate ?? null,
    promisedDateHistory,
    storageTerms: row?.storageTermsStatedAt
      ? { dailyRate: centsToDecimal(row.statedStorageRateCents) }
      : null,
    authorizedAt: row?.authorizedAt?.toISOString() ?? null,
  };
}

/** 'Maria Lopez' (else the e-mail) for each user id; a deleted user shows as null. */
async function actorNames(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, wanted));
  const names = new Map(
    rows.map((user) => [
      user.id,
      [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email,
    ]),
  );
  return (id: string | null) => {
    const name = id === null ? undefined : names.get(id);
    return id !== null && name !== undefined ? { id, name } : null;
  };
}

/** 'Maria Lopez', else the e-mail: how a user is named in the estimate's history. */
export function personName(user: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/**
 * The three figures of an itemised estimate as its lines make them, or null for an estimate without
 * lines: the shop's quote must carry these (the amounts of an itemised estimate are its lines').
 */
export async function figuresFromLines(
  tx: Db,
  estimateId: string,
): Promise<ReturnType<typeof estimateFigures> | null> {
  const lines = await activeLines(tx, estimateId);
  if (lines.length === 0) return null;
  const [row] = await tx
    .select({ taxRate: estimates.taxRate })
    .from(estimates)
    .where(eq(estimates.id, estimateId));
  return estimateFigures(estimateTotals(lines.map(pricedRow), taxRateMillisOf(row?.taxRate ?? null)));
}
