import { eq } from 'drizzle-orm';
import type {
  AdminEstimateDetails,
  ChangeStatus,
  DropOffDay,
  QuoteEstimate,
  ScheduleDropOff,
} from '#domain/admin-estimates.ts';
import { canScheduleDropOff, canSendQuote, QUOTE_TOTAL_REQUIRED } from '#domain/admin-estimates.ts';
import { quoteNote, rescheduleNote, statusChangeNote } from '#domain/admin-notes.ts';
import { billingError } from '#domain/billing.ts';
import {
  DEFAULT_DROP_OFF_CAPACITY,
  DROP_OFF_SLOT_FULL,
  dropOffProblem,
  SHOP_BOOKING_HORIZON_DAYS,
  type ShopCalendar,
  WEEKLY_HOURS_ONLY,
} from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { statusLabel } from '#domain/estimate-status.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { AppError, forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type EstimateRow, estimates, type UserRow, vehicles } from '#server/db/schema.ts';
import {
  assertWithinConsent,
  type CancelStalePayments,
  cancelActiveAppointments,
  checkStatusMove,
  figuresFromLines,
  findEstimateForUser,
  freeDropOffUnlessKept,
  lockEstimateForUser,
  recordApproval,
  touchEstimates,
} from '#server/features/estimates/shared.ts';
import {
  notifyNewMessage,
  notifyQuoteReady,
  notifyRepairCompleted,
} from '#server/features/notifications/shared.ts';
import { dropOffDay } from './appointments.ts';
import { loadAdminEstimateDetails } from './details.ts';
import { placeDropOff, writeNote } from './drop-off-placement.ts';

/**
 * The shop's actions on one estimate. Each runs in one transaction that holds the estimate's row:
 * the change, the note the customer reads about it and any booking commit together or not at all.
 */

export const cannotQuote = (status: string) =>
  `This estimate is ${statusLabel(status)}: a quote can be sent only while it is Pending, Quoted or Declined.`;
export const quoteDiffersFromLines = (figures: {
  estimatedAmount: string;
  customerDeductible: string;
  insuranceCoverage: string;
}) =>
  `This estimate is itemised: quote the amounts its lines make (total ${figures.estimatedAmount}, ` +
  `deductible ${figures.customerDeductible}, coverage ${figures.insuranceCoverage}), or change the lines.`;
export const cannotSchedule = (status: string) =>
  `This estimate is ${statusLabel(status)}: only an approved estimate can be scheduled.`;
export const cannotReschedule = (status: string) =>
  `This estimate is ${statusLabel(status)}: only a scheduled estimate can be rescheduled.`;

export interface AdminActionDeps {
  db: Db;
  /** The shop's clock; tests pass a fixed one. */
  now?: () => Date;
  /** When the shop takes cars (hours, closed dates, holidays); the weekly hours alone by default. */
  calendar?: ShopCalendar;
  /** Cars per drop-off window (DROP_OFF_CAPACITY). */
  capacity?: number;
}

export interface StatusChangeDeps extends AdminActionDeps {
  /** The payments feature's, wired in app.ts (see the estimates feature's stale-payments.ts). */
  cancelStalePayments: CancelStalePayments;
}

export async function getAdminEstimateDetails(
  db: Db,
  admin: UserRow,
  id: string,
): Promise<AdminEstimateDetails> {
  if (!admin.isAdmin) throw forbidden();
  return loadAdminEstimateDetails(db, id);
}

/** Sends the quote: amounts set as given (a part left out is cleared), status quoted, note with the amounts. */
export async function quoteEstimate(
  { db }: AdminActionDeps,
  admin: UserRow,
  id: string,
  quote: QuoteEstimate,
): Promise<AdminEstimateDetails> {
  if (!admin.isAdmin) throw forbidden();
  const total = quote.estimatedAmount;
  if (total === null || total <= 0) throw new AppError('bad_request', QUOTE_TOTAL_REQUIRED);
  const amounts = {
    estimatedAmount: centsToDecimal(total),
    customerDeductible: centsToDecimal(quote.customerDeductible),
    insuranceCoverage: centsToDecimal(quote.insuranceCoverage),
  };
  const refusal = billingError(amounts);
  if (refusal) throw new AppError('bad_request', refusal);

  return inOneTransaction(db, admin, id, async (tx, estimate) => {
    if (!canSendQuote(estimate.status)) {
      throw new AppError('conflict', cannotQuote(estimate.status));
    }
    const fromLines = await figuresFromLines(tx, id);
    if (fromLines && !sameFigures(fromLines, amounts)) {
      throw new AppError('bad_request', quoteDiffersFromLines(fromLines));
    }
    await tx
      .update(estimates)
      .set({ ...amounts, status: 'quoted' })
      .where(eq(estimates.id, id));
    await writeNote(tx, admin, id, quoteNote(amounts));
    await notifyQuoteReady(tx, id);
  });
}

/**
 * Books the drop-off: a weekday from today on at the shop, a window with room left. Moving a
 * scheduled estimate to another time frees its old place in the same transaction.
 */
export async function scheduleDropOff(
  {
    db,
    now = () => new Date(),
    calendar = WEEKLY_HOURS_ONLY,
    capacity = DEFAULT_DROP_OFF_CAPACITY,
  }: AdminActionDeps,
  admin: UserRow,
  id: string,
  booking: ScheduleDropOff,
): Promise<AdminEstimateDetails> {
  if (!admin.isAdmin) throw forbidden();
  // The desk books up to a year ahead: far enough for any plan, and every booking on a calendar page.
  const problem = dropOffProblem(booking.date, booking.slot, now(), calendar, SHOP_BOOKING_HORIZON_DAYS);
  if (problem) throw new AppError('bad_request', problem);

  return inOneTransaction(db, admin, id, async (tx, estimate) => {
    if (!canScheduleDropOff(estimate.status)) {
      throw new AppError('conflict', cannotSchedule(estimate.status));
    }
    await placeDropOff(tx, admin, { estimateId: id, ...booking, capacity, fullMessage: DROP_OFF_SLOT_FULL });
  });
}

/** The windows of one day with the places other estimates hold, so the scheduler can show full ones. */
export async function getDropOffDay(
  { db, calendar = WEEKLY_HOURS_ONLY, capacity = DEFAULT_DROP_OFF_CAPACITY }: AdminActionDeps,
  admin: UserRow,
  id: string,
  date: string,
): Promise<DropOffDay> {
  if (!admin.isAdmin) throw forbidden();
  await findEstimateForUser(db, id, admin);
  return dropOffDay(db, id, date, calendar, capacity);
}

/** The drop-off is off: its place is freed and the estimate waits, approved, for a new time. */
export async function requestReschedule(
  { db }: AdminActionDeps,
  admin: UserRow,
  id: string,
): Promise<AdminEstimateDetails> {
  if (!admin.isAdmin) throw forbidden();
  return inOneTransaction(db, admin, id, async (tx, estimate) => {
    if (estimate.status !== 'scheduled') throw new AppError('conflict', cannotReschedule(estimate.status));
    await cancelActiveAppointments(tx, id);
    await tx.update(estimates).set({ status: 'approved' }).where(eq(estimates.id, id));
    const note = rescheduleNote(await vehicleNameOf(tx, estimate));
    await notifyNewMessage(tx, await writeNote(tx, admin, id, note));
  });
}

/**
 * A move the transitions table allows (src/domain/status-transitions.ts): an approval only with the
 * customer's consent, recorded with it; nothing walks back past an approval. Declining or cancelling,
 * or moving back to approved before the drop-off, frees the booked place. Quoted anew sends the
 * customer the quote. The note defaults to 'Status changed to: {label}'.
 */
export async function changeEstimateStatus(
  { db, cancelStalePayments }: StatusChangeDeps,
  admin: UserRow,
  id: string,
  change: ChangeStatus,
): Promise<AdminEstimateDetails> {
  if (!admin.isAdmin) throw forbidden();
  return inOneTransaction(db, admin, id, async (tx, estimate) => {
    const consent = checkStatusMove(estimate, admin, change);
    // The shop recording the customer's approval keeps what was approved and on what consent.
    if (consent) await recordApproval(tx, estimate, admin, [], consent);
    // F.S. 559.909: not finished (and so charged) above the approved amount without consent.
    if (change.status === 'completed' && estimate.status !== 'completed') await assertWithinConsent(tx, id);
    await tx.update(estimates).set({ status: change.status }).where(eq(estimates.id, id));
    // Cancelled or in progress, the estimate is not paid online: a card payment left open must not be.
    await cancelStalePayments(tx, id);
    await freeDropOffUnlessKept(tx, id, change.status);
    // The shop's own words when it wrote any, else 'Status changed to: …' in the reader's language.
    const written = change.note?.trim();
    const note = written ? { content: written } : statusChangeNote(change.status);
    const noteId = await writeNote(tx, admin, id, note);
    const moved = change.status !== estimate.status;
    // A finished repair has its own e-mail, and a new quote its own; any other change reaches the
    // customer as a shop message.
    if (moved && change.status === 'completed') await notifyRepairCompleted(tx, id);
    else if (moved && change.status === 'quoted') await notifyQuoteReady(tx, id);
    else await notifyNewMessage(tx, noteId);
  });
}

/** A quote agrees with the lines when each figure is the same amount (a part left out counts as 0). */
function sameFigures(
  lines: { estimatedAmount: string; customerDeductible: string; insuranceCoverage: string },
  quote: { estimatedAmount: string; customerDeductible: string | null; insuranceCoverage: string | null },
): boolean {
  const cents = (value: string | null) => toCents(value) ?? 0;
  return (
    cents(lines.estimatedAmount) === cents(quote.estimatedAmount) &&
    cents(lines.customerDeductible) === cents(quote.customerDeductible) &&
    cents(lines.insuranceCoverage) === cents(quote.insuranceCoverage)
  );
}

/** Locks the estimate, runs the change, marks the estimate changed for the list pollers; then reads it back. */
async function inOneTransaction(
  db: Db,
  admin: UserRow,
  id: string,
  change: (tx: Db, estimate: EstimateRow) => Promise<void>,
): Promise<AdminEstimateDetails> {
  await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, id, admin);
    await change(tx, estimate);
    await touchEstimates(tx, id);
  });
  return loadAdminEstimateDetails(db, id);
}

/** '2017 Subaru Outback', or null when the estimate names no vehicle (or the vehicle says nothing). */
async function vehicleNameOf(tx: Db, estimate: EstimateRow): Promise<string | null> {
  if (!estimate.vehicleId) return null;
  const [vehicle] = await tx
    .select({ year: vehicles.year, make: vehicles.make, model: vehicles.model })
    .from(vehicles)
    .where(eq(vehicles.id, estimate.vehicleId));
  return vehicle ? vehicleTitle(vehicle) : null;
}
