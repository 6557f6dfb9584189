import { formatMoney } from './money.ts';

/**
 * F.S. 559.909(1)(b): once the shop finds that the actual charges will exceed the written estimate
 * "by more than $10 or 10 percent, whichever is greater, but not to exceed $50", the customer must
 * be told and must authorize, modify or cancel the order, orally or in writing. So without the
 * customer's consent the shop may charge at most the approved amount plus this tolerance.
 */

export const TOLERANCE_FLOOR_CENTS = 1_000;
export const TOLERANCE_CAP_CENTS = 5_000;
export const TOLERANCE_PERCENT = 10;

/**
 * How much above the approved amount may be charged without new consent, in cents:
 * min($50, max($10, 10% of the approved amount)), the 10% rounded half-up to the cent.
 */
export function allowedOverCents(approvedCents: number): number {
  const tenPercent = Math.floor((2 * Math.max(0, approvedCents) * TOLERANCE_PERCENT + 100) / 200);
  return Math.min(TOLERANCE_CAP_CENTS, Math.max(TOLERANCE_FLOOR_CENTS, tenPercent));
}

/** The most that may be charged on an approval of `approvedCents` without asking again. */
export const consentCeilingCents = (approvedCents: number) => approvedCents + allowedOverCents(approvedCents);

export interface PendingSupplement {
  /** "Supplement #2": numbered per estimate from 1. */
  number: number;
  reason: string;
  /** The change in total it asks for, in cents. */
  amountCents: number;
}

export interface ConsentPosition {
  /** What the customer approved (the estimate and any approved supplements), in cents. */
  approvedCents: number;
  /** The estimate's total now, in cents. */
  totalCents: number;
  /** Supplements sent and not yet answered. */
  pending: readonly PendingSupplement[];
  /**
   * The "limit" the customer chose on the signed repair authorisation (F.S. 559.905: "the shop may not
   * exceed this amount without my written or oral consent"), in cents; null or absent without one.
   */
  signedLimitCents?: number | null;
}

/** What the shop would charge if the work waiting for consent is done: the total plus every pending supplement. */
export function chargeCents(position: ConsentPosition): number {
  return position.totalCents + position.pending.reduce((sum, supplement) => sum + supplement.amountCents, 0);
}

/**
 * The most that may be charged without asking the customer again: the approved amount plus the
 * tolerance, and no more than the limit they signed. Consent given in writing after the limit (an
 * approved supplement raising the approved amount past it) stands above it.
 */
export function positionCeilingCents(position: ConsentPosition): number {
  const byTolerance = consentCeilingCents(position.approvedCents);
  const limit = position.signedLimitCents;
  if (limit === null || limit === undefined) return byTolerance;
  return Math.min(byTolerance, Math.max(limit, position.approvedCents));
}

const shortReason = (reason: string) => (reason.length > 60 ? `${reason.slice(0, 59)}…` : reason);

/**
 * Null when the estimate may be completed or paid; otherwise why not, naming the supplement that
 * waits for the customer's consent (or, when the total itself was raised without one, saying so).
 */
export function consentRefusal(position: ConsentPosition): string | null {
  const ceilingCents = positionCeilingCents(position);
  if (chargeCents(position) <= ceilingCents) return null;
  const ceiling = formatMoney(ceilingCents / 100);
  const approved = formatMoney(position.approvedCents / 100);
  const limitBinds = ceilingCents < consentCeilingCents(position.approvedCents);
  const waiting = position.pending[0];
  if (waiting) {
    return (
      `Supplement #${waiting.number} (${shortReason(waiting.reason)}, ${formatMoney(waiting.amountCents / 100)}) ` +
      `is waiting for the customer's consent: without it the charge may not exceed ${ceiling} ` +
      (limitBinds
        ? '(the limit the customer signed on the repair authorization).'
        : `(approved ${approved} plus the tolerance of F.S. 559.909).`)
    );
  }
  if (limitBinds) {
    return (
      `The total ${formatMoney(position.totalCents / 100)} is more than the ${ceiling} limit the customer signed ` +
      'on the repair authorization allows without their consent: send a supplement for the difference.'
    );
  }
  return (
    `The total ${formatMoney(position.totalCents / 100)} is more than the approved ${approved} allows without ` +
    `the customer's consent (at most ${ceiling}): send a supplement for the difference.`
  );
}
