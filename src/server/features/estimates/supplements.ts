import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { supplementDecisionNote, supplementSentNote } from '#domain/admin-notes.ts';
import {
  estimateTotals,
  lineAmountCents,
  lineProblem,
  type ParsedLine,
  supplementAmountCents,
} from '#domain/estimate-lines.ts';
import { statusLabel } from '#domain/estimate-status.ts';
import { isUuid } from '#domain/ids.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { photoIdFromUrl } from '#domain/photos.ts';
import type { Pricing } from '#domain/pricing.ts';
import {
  CONSENT_IS_THE_SHOPS,
  CONSENT_REQUIRED,
  type CreateSupplement,
  type Supplement,
  type SupplementDecision,
} from '#domain/supplements.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import {
  estimateApprovals,
  estimateLines,
  estimateSupplements,
  messages,
  photos,
  type UserRow,
} from '#server/db/schema.ts';
import { notifyNewMessage, notifySupplementSent } from '#server/features/notifications/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';
import { estimateNotFound, lockEstimateForUser, touchEstimates } from './estimate-access.ts';
import {
  activeLines,
  loadEstimateDetail,
  personName,
  pricedRow,
  storeFiguresFromLines,
  taxRateMillisOf,
} from './itemisation.ts';
import { pendingSupplementNumber, priceLine } from './lines-service.ts';
import type { CancelStalePayments } from './stale-payments.ts';

/**
 * Supplements (F.S. 559.909(1)): after approval the shop prices more work as a supplement; the
 * customer approves or declines it online, or tells the shop, which records who, how and when.
 */

export const SUPPLEMENTS_ARE_THE_SHOPS = 'Only the shop can send a supplement.';
export const SUPPLEMENT_STATUSES_OPEN = ['approved', 'scheduled', 'in_progress'] as const;
export const notApprovedYet = (status: string) =>
  status === 'completed' || status === 'cancelled'
    ? `This estimate is ${statusLabel(status)}: no supplement can be sent.`
    : `This estimate is ${statusLabel(status)}: a supplement is for work the customer already approved; change its lines instead.`;
export const NO_LINES_FOR_SUPPLEMENT =
  'This estimate has no lines: a supplement adds lines to an itemised estimate. An estimate quoted as one figure cannot take one yet; ask the customer for a new estimate for the extra work.';
export const anotherPending = (number: number) =>
  `Supplement #${number} is still waiting for the customer's answer: it must be answered before another is sent.`;
export const REPLACED_TWICE = 'replacesLineId names a line another line of this supplement already replaces';
export const notThisEstimatesPhoto = (index: number) =>
  `Photo ${index + 1} is not one of this estimate's photos.`;
export const supplementNotFound = () => new AppError('not_found', 'Supplement not found');
export const alreadyDecided = (number: number, status: string) =>
  `Supplement #${number} was already ${status}.`;

export interface SupplementDeps {
  db: Db;
  pricing: Pricing;
}

/** POST /api/estimates/{id}/supplements: staff price the extra work; the customer is asked by e-mail. */
export async function createSupplement(
  { db, pricing }: SupplementDeps,
  user: UserRow,
  id: string,
  input: CreateSupplement,
): Promise<Supplement> {
  if (!user.isAdmin) throw new AppError('forbidden', SUPPLEMENTS_ARE_THE_SHOPS);
  const supplementId = await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, id, user);
    if (!(SUPPLEMENT_STATUSES_OPEN as readonly string[]).includes(estimate.status)) {
      throw new AppError('conflict', notApprovedYet(estimate.status));
    }
    const current = await activeLines(tx, id);
    if (current.length === 0) throw new AppError('conflict', NO_LINES_FOR_SUPPLEMENT);
    const waiting = await pendingSupplementNumber(tx, id);
    if (waiting !== null) throw new AppError('conflict', anotherPending(waiting));
    checkReplacements(input.lines, new Set(current.map((line) => line.id)));
    await checkPhotos(tx, id, input.photos);

    const [{ last } = { last: 0 }] = await tx
      .select({ last: max(estimateSupplements.number) })
      .from(estimateSupplements)
      .where(eq(estimateSupplements.estimateId, id));
    const number = (last ?? 0) + 1;
    const priced = input.lines.map((line, index) => ({
      ...priceLine(line, index, pricing),
      replacesLineId: line.replacesLineId ?? null,
    }));
    const taxRateMillis = taxRateMillisOf(estimate.taxRate);
    const amountCents = supplementAmountCents(
      current.map(pricedRow),
      priced.map((line, index) => ({
        id: `new-${index}`,
        kind: line.kind,
        payer: line.payer,
        taxable: line.taxable,
        declined: false,
        amountCents: lineAmountCents(input.lines[index]?.quantity ?? 0, toCents(line.unitPrice) ?? 0),
        replacesLineId: line.replacesLineId,
      })),
      taxRateMillis,
    );
    const [supplement] = await tx
      .insert(estimateSupplements)
      .values({
        estimateId: id,
        number,
        reason: input.reason,
        amount: centsToDecimal(amountCents),
        photos: input.photos,
        createdBy: user.id,
      })
      .returning({ id: estimateSupplements.id });
    if (!supplement) throw new Error('supplement insert returned nothing');
    const firstPosition = Math.max(...current.map((line) => line.position)) + 1;
    await tx.insert(estimateLines).values(
      priced.map((line, index) => ({
        ...line,
        estimateId: id,
        supplementId: supplement.id,
        state: 'proposed' as const,
        position: firstPosition + index,
      })),
    );
    const total = estimateTotals(current.map(pricedRow), taxRateMillis).totalCents;
    await tx.insert(messages).values({
      estimateId: id,
      authorId: user.id,
      isFromAdmin: true,
      ...noteColumns(
        supplementSentNote({
          number,
          reason: input.reason,
          amount: centsToDecimal(amountCents),
          newTotal: centsToDecimal(total + amountCents),
        }),
      ),
    });
    await notifySupplementSent(tx, id, supplement.id);
    await touchEstimates(tx, id);
    return supplement.id;
  });
  return presentSupplement(db, id, supplementId);
}

/**
 * POST /api/estimates/{id}/supplements/{sid}/decision. The owner answers online (a consent field is
 * refused: only the shop records an oral answer). Staff must say how the customer answered: by phone
 * or in person, and who. Approved: the lines apply and the approved amount rises. Declined: the
 * lines stay as they were.
 */
export async function decideSupplement(
  { db, cancelStalePayments }: { db: Db; cancelStalePayments: CancelStalePayments },
  user: UserRow,
  id: string,
  supplementId: string,
  input: SupplementDecision,
): Promise<Supplement> {
  if (user.isAdmin && !input.consent) throw new AppError('bad_request', CONSENT_REQUIRED);
  if (!user.isAdmin && input.consent) throw new AppError('bad_request', CONSENT_IS_THE_SHOPS);
  await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, id, user);
    if (!isUuid(supplementId)) throw supplementNotFound();
    const [supplement] = await tx
      .select()
      .from(estimateSupplements)
      .where(and(eq(estimateSupplements.id, supplementId), eq(estimateSupplements.estimateId, id)))
      .limit(1);
    if (!supplement) throw supplementNotFound();
    if (supplement.status !== 'pending') {
      throw new AppError('conflict', alreadyDecided(supplement.number, supplement.status));
    }
    const consent = input.consent
      ? { method: input.consent.method, name: input.consent.name, note: input.consent.note || null }
      : { method: 'online' as const, name: personName(user), note: null };
    await tx
      .update(estimateSupplements)
      .set({
        status: input.decision,
        decidedAt: new Date(),
        decidedBy: user.id,
        consentMethod: consent.method,
        consentName: consent.name,
        consentNote: consent.note,
      })
      .where(eq(estimateSupplements.id, supplementId));

    const proposed = and(eq(estimateLines.supplementId, supplementId), eq(estimateLines.state, 'proposed'));
    if (input.decision === 'approved') {
      const added = await tx.select().from(estimateLines).where(proposed);
      const replaced = added.map((line) => line.replacesLineId).filter((lineId) => lineId !== null);
      if (replaced.length > 0) {
        await tx
          .update(estimateLines)
          .set({ state: 'replaced' })
          .where(and(eq(estimateLines.estimateId, id), inArray(estimateLines.id, replaced)));
      }
      await tx.update(estimateLines).set({ state: 'active' }).where(proposed);
      const totals = await storeFiguresFromLines(tx, id, taxRateMillisOf(estimate.taxRate));
      // The customer's share may have dropped (a line moved to the insurer, a part replaced by a
      // cheaper one): a card payment left open for the old share would overpay.
      await cancelStalePayments(tx, id);
      await tx.insert(estimateApprovals).values({
        estimateId: id,
        approvedAmount: centsToDecimal(totals.totalCents),
        approvedBy: user.id,
        supplementId,
        // The approval keeps the consent the decision recorded, as the estimate's own approvals do.
        consentMethod: consent.method,
        consentName: consent.name,
        consentNote: consent.note,
      });
    } else {
      await tx.update(estimateLines).set({ state: 'withdrawn' }).where(proposed);
    }
    const [note] = await tx
      .insert(messages)
      .values({
        estimateId: id,
        authorId: user.id,
        isFromAdmin: user.isAdmin,
        ...noteColumns(
          supplementDecisionNote({
            number: supplement.number,
            decision: input.decision,
            amount: supplement.amount,
            method: consent.method,
            name: consent.name,
            recordedBy: user.isAdmin ? personName(user) : null,
            note: consent.note,
          }),
        ),
      })
      .returning({ id: messages.id });
    // The other side hears of it: the shop of the customer's answer, the customer of what was recorded.
    if (note) await notifyNewMessage(tx, note.id);
    await touchEstimates(tx, id);
  });
  return presentSupplement(db, id, supplementId);
}

function checkReplacements(lines: ParsedLine[], current: Set<string>): void {
  const replaced = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (line.id !== undefined)
      throw new AppError(
        'bad_request',
        lineProblem(index, 'id is not accepted in a supplement; use replacesLineId'),
      );
    if (line.replacesLineId === undefined) continue;
    if (!current.has(line.replacesLineId)) {
      throw new AppError(
        'bad_request',
        lineProblem(index, 'replacesLineId is not one of this estimate’s lines'),
      );
    }
    if (replaced.has(line.replacesLineId))
      throw new AppError('bad_request', lineProblem(index, REPLACED_TWICE));
    replaced.add(line.replacesLineId);
  }
}

/** Teardown photos must be the estimate's own (uploaded and attached like any of its photos). */
async function checkPhotos(tx: Db, estimateId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  const ids = urls.map((url) => photoIdFromUrl(url));
  const named = ids.filter((photoId): photoId is string => photoId !== null);
  const known = new Set(
    (
      await tx
        .select({ id: photos.id })
        .from(photos)
        .where(
          and(eq(photos.estimateId, estimateId), named.length > 0 ? inArray(photos.id, named) : sql`false`),
        )
    ).map((row) => row.id),
  );
  ids.forEach((photoId, index) => {
    if (photoId === null || !known.has(photoId))
      throw new AppError('bad_request', notThisEstimatesPhoto(index));
  });
}

async function presentSupplement(db: Db, estimateId: string, supplementId: string): Promise<Supplement> {
  const detail = await loadEstimateDetail(db, estimateId);
  if (!detail) throw estimateNotFound();
  const supplement = detail.supplements.find((candidate) => candidate.id === supplementId);
  if (!supplement) throw supplementNotFound();
  return supplement;
}
