import { dropOffSlotLabel, formatDropOffDate } from './drop-off-slots.ts';
import { statusLabel } from './estimate-status.ts';
import { formatMoney } from './money.ts';

/**
 * The notes the shop's actions leave in the estimate's conversation. The customer reads them as
 * messages from the shop, so they are written for the customer.
 */

export const RESCHEDULE_NOTE = 'Rescheduling requested by admin';

/**
 * The spec's 'Rescheduling requested by admin', then in plain words what happens next:
 * 'We need to find a new drop-off time for your 2017 Subaru Outback. …'.
 */
export function rescheduleNote(vehicle: string | null): string {
  return (
    `${RESCHEDULE_NOTE}\nWe need to find a new drop-off time for your ${vehicle ?? 'vehicle'}. ` +
    "We'll be in touch shortly, or reply here with a day that suits you."
  );
}

export const QUOTE_NOTE_PREFIX = 'Estimate provided: ';
export const DROP_OFF_NOTE_PREFIX = 'Drop-off scheduling: ';

type Amount = string | null | undefined;

/**
 * 'Estimate provided: $1,250.00', then, when the bill is split, what the customer pays and what the
 * insurer covers: 'Your deductible: $500.00 · Insurance coverage: $750.00'.
 */
export function quoteNote({
  estimatedAmount,
  customerDeductible,
  insuranceCoverage,
}: {
  estimatedAmount: string;
  customerDeductible?: Amount;
  insuranceCoverage?: Amount;
}): string {
  const parts: string[] = [];
  if (customerDeductible) parts.push(`Your deductible: ${formatMoney(customerDeductible)}`);
  if (insuranceCoverage) parts.push(`Insurance coverage: ${formatMoney(insuranceCoverage)}`);
  const headline = `${QUOTE_NOTE_PREFIX}${formatMoney(estimatedAmount)}`;
  return parts.length ? `${headline}\n${parts.join(' · ')}` : headline;
}

/** 'Drop-off scheduling: Monday, March 2, 2026, 8:00 AM - 10:00 AM', then the instructions on the next line. */
export function dropOffNote({
  date,
  slot,
  instructions,
}: {
  date: string;
  slot: string;
  instructions: string;
}): string {
  return `${DROP_OFF_NOTE_PREFIX}${formatDropOffDate(date)}, ${dropOffSlotLabel(slot)}\n${instructions.trim()}`;
}

/** The shop's own words when it wrote any, else 'Status changed to: In Progress'. */
export function statusChangeNote(status: string, note?: string | null): string {
  const written = note?.trim();
  return written ? written : `Status changed to: ${statusLabel(status)}`;
}

export const SELF_BOOKED_NOTE_PREFIX = 'Drop-off booked online: ';
export const DROP_OFF_CANCELLED_NOTE_PREFIX = 'Drop-off cancelled: ';
export const NO_SHOW_NOTE_PREFIX = 'Missed drop-off: ';

/**
 * The customer booked (or moved to) a window themselves: 'Drop-off booked online: Monday, March 2,
 * 2026, 8:00 AM - 10:00 AM', then what to bring on the next line.
 */
export function selfBookedNote({
  date,
  slot,
  instructions,
}: {
  date: string;
  slot: string;
  instructions: string;
}) {
  return `${SELF_BOOKED_NOTE_PREFIX}${formatDropOffDate(date)}, ${dropOffSlotLabel(slot)}\n${instructions.trim()}`;
}

/** The customer cancelled their drop-off: 'Drop-off cancelled: Monday, March 2, 2026, 8:00 AM - 10:00 AM'. */
export function dropOffCancelledNote({ date, slot }: { date: string; slot: string }): string {
  return `${DROP_OFF_CANCELLED_NOTE_PREFIX}${formatDropOffDate(date)}, ${dropOffSlotLabel(slot)}\nThe place is free for someone else; pick a new time whenever suits you.`;
}

/**
 * The car did not come in its window. Kind words, no blame, and the way back: 'Missed drop-off:
 * Monday, March 2, 2026, 8:00 AM - 10:00 AM', then the booking page's link.
 */
export function noShowNote({ date, slot }: { date: string; slot: string }, bookingUrl: string): string {
  return (
    `${NO_SHOW_NOTE_PREFIX}${formatDropOffDate(date)}, ${dropOffSlotLabel(slot)}\n` +
    'We missed you today, and we hope everything is all right. Your approved repair is still waiting: pick a new drop-off time that suits you here: ' +
    bookingUrl
  );
}
