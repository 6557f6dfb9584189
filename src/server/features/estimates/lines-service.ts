import { and, eq } from 'drizzle-orm';
import { quoteNote } from '#domain/admin-notes.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import {
  estimateFigures,
  estimateTotals,
  formatTaxRate,
  lineAmountCents,
  lineProblem,
  MAX_LINE_AMOUNT_CENTS,
  type ParsedLine,
} from '#domain/estimate-lines.ts';
import { type EstimateStatus, statusLabel } from '#domain/estimate-status.ts';
import { centsToDecimal } from '#domain/money.ts';
import type { Pricing } from '#domain/pricing.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimateLines, estimateSupplements, estimates, messages, type UserRow } from '#server/db/schema.ts';
import { notifyQuoteReady } from '#server/features/notifications/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';
import { estimateNotFound, lockEstimateForUser, touchEstimates } from './estimate-access.ts';
import { activeLines, loadEstimateDetail } from './itemisation.ts';

/** PUT /api/estimates/{id}/lines: the shop writes the estimate's lines while it is still a quote. */

export const LINES_ARE_THE_SHOPS = 'Only the shop can change the lines of an estimate.';
/** Lines change freely until the customer approves; after that only through a supplement. */
export const LINES_EDITABLE: readonly EstimateStatus[] = ['pending', 'quoted', 'declined'];
export const linesLocked = (status: string) =>
  status === 'completed' || status === 'cancelled'
    ? `This estimate is ${statusLabel(status)}: its lines can no longer change.`
    : `This estimate is ${statusLabel(status)}: the customer approved it, so its lines change only through a supplement the customer consents to (POST /api/estimates/{id}/supplements).`;
export const supplementWaiting = (number: number) =>
  `Supplement #${number} is waiting for the customer's answer: record it before changing the lines.`;
export const NOT_THIS_ESTIMATES_LINE = 'id is not one of this estimate’s lines';
export const LINE_ID_TWICE = 'the same id is given to two lines';
export const REPLACES_ONLY_IN_SUPPLEMENTS = 'replacesLineId is only for supplements';

export interface LinesDeps {
  db: Db;
  pricing: Pricing;
}

/**
 * A line ready to store: labor without a price takes the shop's rate, and whether it is taxed is
 * fixed now from SHOP_TAXABLE_KINDS. Throws the line's 400 when the result is out of bounds.
 */
export function priceLine(line: ParsedLine, index: number, pricing: Pricing) {
  const unitPriceCents = line.unitPrice ?? pricing.laborRateCents;
  if (lineAmountCents(line.quantity, unitPriceCents) > MAX_LINE_AMOUNT_CENTS) {
    throw new AppError(
      'bad_request',
      lineProblem(
        index,
        `amount (quantity × unitPrice) must be at most ${centsToDecimal(MAX_LINE_AMOUNT_CENTS)}`,
      ),
    );
  }
  return {
    kind: line.kind,
    description: line.description,
    quantity: centsToDecimal(line.quantity),
    unitPrice: centsToDecimal(unitPriceCents),
    payer: line.payer,
    partType: line.kind === 'part' ? (line.partType ?? null) : null,
    optional: line.optional,
    taxable: pricing.taxableKinds.includes(line.kind),
  };
}

export async function pendingSupplementNumber(tx: Db, estimateId: string): Promise<number | null> {
  const [pending] = await tx
    .select({ number: estimateSupplements.number })
    .from(estimateSupplements)
    .where(and(eq(estimateSupplements.estimateId, estimateId), eq(estimateSupplements.status, 'pending')))
    .orderBy(estimateSupplements.number)
    .limit(1);
  return pending?.number ?? null;
}

/**
 * Replaces every line at once, or nothing: the lines, the tax rate they are priced at and the three
 * figures commit together. A line sent with the `id` of a current line keeps that id. An empty list
 * makes the estimate a plain quote again (its figures stay as they were).
 */
export async function replaceEstimateLines(
  { db, pricing }: LinesDeps,
  user: UserRow,
  id: string,
  lines: ParsedLine[],
): Promise<EstimateDetail> {
  if (!user.isAdmin) throw new AppError('forbidden', LINES_ARE_THE_SHOPS);
  await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, id, user);
    if (!LINES_EDITABLE.includes(estimate.status))
      throw new AppError('conflict', linesLocked(estimate.status));
    const waiting = await pendingSupplementNumber(tx, id);
    if (waiting !== null) throw new AppError('conflict', supplementWaiting(waiting));

    const current = new Set((await activeLines(tx, id)).map((line) => line.id));
    const seen = new Set<string>();
    const rows = lines.map((line, index) => {
      if (line.replacesLineId)
        throw new AppError('bad_request', lineProblem(index, REPLACES_ONLY_IN_SUPPLEMENTS));
      if (line.id !== undefined) {
        if (!current.has(line.id))
          throw new AppError('bad_request', lineProblem(index, NOT_THIS_ESTIMATES_LINE));
        if (seen.has(line.id)) throw new AppError('bad_request', lineProblem(index, LINE_ID_TWICE));
        seen.add(line.id);
      }
      return {
        ...(line.id === undefined ? {} : { id: line.id }),
        estimateId: id,
        position: index,
        state: 'active' as const,
        ...priceLine(line, index, pricing),
      };
    });

    await tx
      .delete(estimateLines)
      .where(and(eq(estimateLines.estimateId, id), eq(estimateLines.state, 'active')));
    if (rows.length === 0) {
      await tx.update(estimates).set({ taxRate: null }).where(eq(estimates.id, id));
    } else {
      const inserted = await tx.insert(estimateLines).values(rows).returning();
      const totals = estimateTotals(
        inserted.map((row, index) => ({
          kind: row.kind,
          payer: row.payer,
          taxable: row.taxable,
          declined: false,
          amountCents: lineAmountCents(
            lines[index]?.quantity ?? 0,
            lines[index]?.unitPrice ?? pricing.laborRateCents,
          ),
        })),
        pricing.taxRateMillis,
      );
      await tx
        .update(estimates)
        .set({ ...estimateFigures(totals), taxRate: formatTaxRate(pricing.taxRateMillis) })
        .where(eq(estimates.id, id));
    }
    // A quoted estimate's lines are the quote the customer holds: changed, the new quote goes out at
    // once (note, e-mail, text), so the customer never approves a total other than the one they see.
    if (estimate.status === 'quoted') await sendNewQuote(tx, user, id);
    await touchEstimates(tx, id);
  });
  // The lines are the shop's to set: the shop reads the answer.
  const detail = await loadEstimateDetail(db, id, { staff: true });
  if (!detail) throw estimateNotFound();
  return detail;
}

/** The quote as it stands now: the shop's note with the amounts, and the quote e-mail and text. */
export async function sendNewQuote(tx: Db, admin: UserRow, id: string): Promise<void> {
  const [figures] = await tx
    .select({
      estimatedAmount: estimates.estimatedAmount,
      customerDeductible: estimates.customerDeductible,
      insuranceCoverage: estimates.insuranceCoverage,
    })
    .from(estimates)
    .where(eq(estimates.id, id));
  if (!figures?.estimatedAmount) return;
  await tx.insert(messages).values({
    estimateId: id,
    authorId: admin.id,
    isFromAdmin: true,
    ...noteColumns(quoteNote(figures)),
  });
  await notifyQuoteReady(tx, id);
}
