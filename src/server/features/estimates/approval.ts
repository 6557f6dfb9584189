import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { approvalNote } from '#domain/admin-notes.ts';
import { type ConsentPosition, consentRefusal } from '#domain/consent-ceiling.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { NOTHING_TO_APPROVE } from '#domain/status-transitions.ts';
import type { ConsentMethod } from '#domain/supplements.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import {
  type EstimateRow,
  estimateApprovals,
  estimateLines,
  estimateSupplements,
  estimates,
  messages,
  repairAuthorizations,
  type UserRow,
} from '#server/db/schema.ts';
import { recordStatedStorageIfUnrecorded } from '#server/features/notifications/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';
import {
  activeLines,
  personName,
  presentLine,
  storeFiguresFromLines,
  taxRateMillisOf,
} from './itemisation.ts';

/** Approving an estimate (optional lines declined) and the consent ceiling it sets (F.S. 559.909). */

export const NO_LINES_TO_DECLINE = 'This estimate has no lines: there is nothing to decline.';
export const notALine = (id: string) => `${id} is not one of this estimate’s lines.`;
export const notOptional = (description: string) =>
  `"${description}" is not optional: only optional lines may be declined.`;
export const NOTHING_LEFT = 'Declining every line leaves nothing to approve: decline the estimate instead.';
export const ALREADY_APPROVED =
  'This estimate is already approved: its lines change only through a supplement.';

/** The customer's consent an approval records: given online, or as the staff member was told it. */
export interface ApprovalConsentRecord {
  method: ConsentMethod;
  name: string;
  note: string | null;
}

/** The customer approving in the app: their own consent, given online under their account's name. */
export const onlineConsent = (customer: UserRow): ApprovalConsentRecord => ({
  method: 'online',
  name: personName(customer),
  note: null,
});

/**
 * Records an approval as the estimate becomes approved, in the caller's transaction (which holds the
 * estimate's row), with the consent it rests on. With lines: the declined optional lines are marked,
 * the figures follow, and the approved amount is the new total. Without lines: the approved amount is
 * the quoted total; an estimate without one has nothing to approve. `by` is who approved: the
 * customer, or the staff member who recorded the customer's consent.
 */
export async function recordApproval(
  tx: Db,
  estimate: EstimateRow,
  by: UserRow,
  declinedLineIds: readonly string[],
  consent: ApprovalConsentRecord,
): Promise<void> {
  // What the customer agrees to includes the storage charge the estimate states: fixed now at the
  // latest, when no quote fixed it (an approval at the counter from pending).
  await recordStatedStorageIfUnrecorded(tx, estimate.id);
  const consentColumns = {
    consentMethod: consent.method,
    consentName: consent.name,
    consentNote: consent.note,
  };
  const lines = await activeLines(tx, estimate.id);
  if (lines.length === 0) {
    if (declinedLineIds.length > 0) throw new AppError('bad_request', NO_LINES_TO_DECLINE);
    if ((toCents(estimate.estimatedAmount) ?? 0) <= 0) throw new AppError('conflict', NOTHING_TO_APPROVE);
    await tx.insert(estimateApprovals).values({
      estimateId: estimate.id,
      approvedAmount: estimate.estimatedAmount ?? '0.00',
      approvedBy: by.id,
      ...consentColumns,
    });
    return;
  }
  const declined = new Set(declinedLineIds);
  const byId = new Map(lines.map((line) => [line.id, line]));
  for (const id of declined) {
    const line = byId.get(id);
    if (!line) throw new AppError('bad_request', notALine(id));
    if (!line.optional) throw new AppError('bad_request', notOptional(line.description));
  }
  // Every approval answers the whole estimate: a line declined before and not now counts again.
  await tx
    .update(estimateLines)
    .set({ declined: false })
    .where(and(eq(estimateLines.estimateId, estimate.id), eq(estimateLines.state, 'active')));
  if (declined.size > 0) {
    await tx
      .update(estimateLines)
      .set({ declined: true })
      .where(and(eq(estimateLines.estimateId, estimate.id), inArray(estimateLines.id, [...declined])));
  }
  const totals = await storeFiguresFromLines(tx, estimate.id, taxRateMillisOf(estimate.taxRate));
  if (totals.totalCents <= 0) throw new AppError('bad_request', NOTHING_LEFT);
  const approvedAmount = centsToDecimal(totals.totalCents);
  await tx.insert(estimateApprovals).values({
    estimateId: estimate.id,
    approvedAmount,
    approvedBy: by.id,
    declinedLineIds: [...declined],
    ...consentColumns,
  });
  const declinedLines = lines.filter((line) => declined.has(line.id)).map(presentLine);
  // The customer's own approval needs no "how"; one staff recorded says how, from whom and by whom.
  const recorded = consent.method === 'online' ? undefined : { ...consent, recordedBy: personName(by) };
  await tx.insert(messages).values({
    estimateId: estimate.id,
    authorId: by.id,
    isFromAdmin: by.isAdmin,
    ...noteColumns(approvalNote(approvedAmount, declinedLines, recorded)),
  });
}

/** Where the estimate stands against its approval: null when nothing was ever approved (no ceiling to keep). */
export async function consentPosition(tx: Db, estimateId: string): Promise<ConsentPosition | null> {
  const [approval] = await tx
    .select({ approvedAmount: estimateApprovals.approvedAmount })
    .from(estimateApprovals)
    .where(eq(estimateApprovals.estimateId, estimateId))
    .orderBy(desc(estimateApprovals.approvedAt), desc(estimateApprovals.id))
    .limit(1);
  if (!approval) return null;
  const [estimate] = await tx
    .select({ estimatedAmount: estimates.estimatedAmount })
    .from(estimates)
    .where(eq(estimates.id, estimateId));
  const pending = await tx
    .select({
      number: estimateSupplements.number,
      reason: estimateSupplements.reason,
      amount: estimateSupplements.amount,
    })
    .from(estimateSupplements)
    .where(and(eq(estimateSupplements.estimateId, estimateId), eq(estimateSupplements.status, 'pending')))
    .orderBy(estimateSupplements.number);
  // The signed content is the record of what the customer chose (decision 071); the limit is in it.
  const [authorization] = await tx
    .select({
      limitAmount: sql<string | null>`(${repairAuthorizations.signedContent}::jsonb ->> 'limitAmount')`,
    })
    .from(repairAuthorizations)
    .where(and(eq(repairAuthorizations.estimateId, estimateId), isNull(repairAuthorizations.replacedAt)));
  return {
    approvedCents: toCents(approval.approvedAmount) ?? 0,
    totalCents: toCents(estimate?.estimatedAmount) ?? 0,
    pending: pending.map((supplement) => ({
      number: supplement.number,
      reason: supplement.reason,
      amountCents: toCents(supplement.amount) ?? 0,
    })),
    signedLimitCents: toCents(authorization?.limitAmount ?? null),
  };
}

/**
 * F.S. 559.909: the estimate may be completed, or paid, only while what would be charged stays within
 * the approved amount plus the tolerance, and within the limit the customer signed (559.905). Throws 409 naming the supplement that waits for consent.
 * Call inside the transaction that holds the estimate's row.
 */
export async function assertWithinConsent(tx: Db, estimateId: string): Promise<void> {
  const position = await consentPosition(tx, estimateId);
  const refusal = position && consentRefusal(position);
  if (refusal) throw new AppError('conflict', refusal);
}
