import { z } from 'zod';
import { consentNameSchema, consentNoteSchema } from './estimate-lines.ts';
import { ESTIMATE_STATUSES, type EstimateStatus, statusLabel } from './estimate-status.ts';
import { toCents } from './money.ts';

/**
 * Who may move an estimate from one status to another (F.S. 559.909: the shop charges only what the
 * customer consented to). One table for the server, which refuses every other move, and for the
 * client, which offers only these.
 *
 * - Approval is the customer's consent. The customer approves online; staff record an approval only
 *   with the customer's consent (how it was given and by whom), for the amount quoted.
 * - An approved estimate never walks back before its approval (pending, quoted, declined): changing
 *   what was approved is a supplement. Cancelling stays possible from any open status.
 * - After the approval the repair moves between approved, scheduled and in progress as the car comes
 *   and goes (a drop-off called off, a car sent home and brought back): none of these changes what
 *   was approved. Completed is final, but for cancelling.
 * - A declined estimate is quoted anew (which sends the customer a new quote) or cancelled.
 * - A cancelled estimate stays cancelled.
 */

export type StatusActor = 'customer' | 'staff';

/** How staff may have received the customer's approval (online is the customer's own answer in the app). */
export const APPROVAL_CONSENT_METHODS = ['in_person', 'phone', 'email', 'text'] as const;
export type ApprovalConsentMethod = (typeof APPROVAL_CONSENT_METHODS)[number];

export const APPROVAL_CONSENT_LABELS: Record<ApprovalConsentMethod, string> = {
  in_person: 'In person',
  phone: 'By phone',
  email: 'By e-mail',
  text: 'By text message',
};

export const CONSENT_NAME_REQUIRED = 'consent.name: the name of the customer who gave consent';
export const CONSENT_METHOD_REQUIRED = 'consent.method must be "in_person", "phone", "email" or "text"';

/** `consent` beside `status: "approved"` when staff record the customer's approval. */
export const approvalConsentSchema = z.strictObject(
  {
    method: z.enum(APPROVAL_CONSENT_METHODS, { error: CONSENT_METHOD_REQUIRED }),
    name: consentNameSchema(CONSENT_NAME_REQUIRED),
    note: consentNoteSchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? undefined
        : 'consent must be {method: "in_person", "phone", "email" or "text", name, note?}',
  },
);
export type ApprovalConsent = z.output<typeof approvalConsentSchema>;

/** The total the approver saw ("724.00"); the approval is refused when the estimate's total differs. */
export const expectedAmountSchema = z
  .union([z.string(), z.number()], { error: 'expectedAmount must be an amount such as "724.00"' })
  .transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null || cents < 0) {
      ctx.addIssue({ code: 'custom', message: 'expectedAmount must be an amount such as "724.00"' });
      return z.NEVER;
    }
    return cents;
  });

export const CONSENT_MISSING =
  'Recording an approval needs the customer’s consent: send consent {method ("in_person", "phone", "email" or "text"), name of the customer who approved, note?} with status "approved". Only the customer approves without one, online.';
export const CONSENT_ONLY_FOR_APPROVAL =
  'consent goes only with status "approved" on a pending or quoted estimate: it records the customer’s approval.';
export const CONSENT_IS_THE_SHOPS_TO_RECORD =
  'Only the shop records a consent given in person, by phone, e-mail or text; approve with the status alone.';
export const CUSTOMER_STATUS_ONLY = 'You can only approve or decline an estimate.';
export const CANNOT_RESPOND = 'This estimate can no longer be approved or declined.';
/** Said as the issue words it: the other clients match it. */
export const ESTIMATE_CHANGED = 'The estimate changed: please review the new total';
export const QUOTE_NEEDS_AMOUNT =
  'This estimate has no amount to quote: send the quote with its amounts (POST /api/admin/estimates/{id}/quote).';
export const NOTHING_TO_APPROVE = 'This estimate has no quoted amount to approve: send the quote first.';

/** Statuses after the customer's approval, in the repair's order. */
const APPROVED_OR_LATER: readonly EstimateStatus[] = ['approved', 'scheduled', 'in_progress', 'completed'];
const BEFORE_APPROVAL: readonly EstimateStatus[] = ['pending', 'quoted'];

export const isApprovedOrLater = (status: EstimateStatus) => APPROVED_OR_LATER.includes(status);

/** Moving to approved from here records a new approval (and so needs the customer's consent). */
export function recordsApproval(from: EstimateStatus, to: EstimateStatus): boolean {
  return to === 'approved' && BEFORE_APPROVAL.includes(from);
}

export interface MoveRefusal {
  /** How the server answers: 403 for a move the role never makes, 409 for one this estimate cannot make now, 400 for a misplaced field. */
  code: 'forbidden' | 'conflict' | 'bad_request';
  message: string;
}

const conflict = (message: string): MoveRefusal => ({ code: 'conflict', message });

/** Why staff may not move `from` → `to` (consent aside); null when the move is in the table. */
function staffOrderRefusal(from: EstimateStatus, to: EstimateStatus): string | null {
  if (from === to) return null;
  const label = (status: EstimateStatus) => statusLabel(status);
  if (from === 'cancelled') {
    return 'This estimate is Cancelled: it stays cancelled. The customer can request a new estimate.';
  }
  if (to === 'cancelled') return null;
  if (from === 'declined') {
    return to === 'quoted'
      ? null
      : `This estimate was declined: it can only be quoted anew (set Quoted, which sends the customer a new quote) or cancelled, not set to ${label(to)}.`;
  }
  if (isApprovedOrLater(from)) {
    if (!isApprovedOrLater(to)) {
      return (
        `This estimate is ${label(from)}: the customer approved it, so it cannot go back to ${label(to)}. ` +
        'To change what was approved, send a supplement the customer consents to (POST /api/estimates/{id}/supplements); to stop the work, cancel the estimate.'
      );
    }
    if (from === 'completed') {
      return `This estimate is Completed: the repair is finished and invoiced, so it cannot go back to ${label(to)}. More work is a new estimate; cancel it only to void it.`;
    }
    return null;
  }
  // pending or quoted: not approved yet.
  if (to === 'pending' || to === 'quoted' || to === 'declined' || to === 'approved') return null;
  return `This estimate is ${label(from)}: the customer must approve it before it is ${label(to)}. Record the customer's approval (status "approved" with their consent) first.`;
}

/**
 * Null when `actor` may move an estimate from `from` to `to`, `withConsent` saying whether the request
 * carries a consent record; otherwise how the server refuses it.
 */
export function statusMoveRefusal(
  from: EstimateStatus,
  to: EstimateStatus,
  actor: StatusActor,
  withConsent: boolean,
): MoveRefusal | null {
  if (actor === 'customer') {
    if (withConsent) return { code: 'bad_request', message: CONSENT_IS_THE_SHOPS_TO_RECORD };
    if (to !== 'approved' && to !== 'declined') return { code: 'forbidden', message: CUSTOMER_STATUS_ONLY };
    return BEFORE_APPROVAL.includes(from) ? null : conflict(CANNOT_RESPOND);
  }
  const order = staffOrderRefusal(from, to);
  if (order) return conflict(order);
  if (recordsApproval(from, to)) return withConsent ? null : conflict(CONSENT_MISSING);
  if (withConsent) return { code: 'bad_request', message: CONSENT_ONLY_FOR_APPROVAL };
  return null;
}

/** The statuses staff may choose for an estimate in `from` (itself excluded), each saying whether it needs a consent record. */
export function staffStatusChoices(
  from: EstimateStatus,
): { status: EstimateStatus; needsConsent: boolean }[] {
  return ESTIMATE_STATUSES.filter(
    (to) =>
      to !== from &&
      (statusMoveRefusal(from, to, 'staff', false) === null ||
        statusMoveRefusal(from, to, 'staff', true) === null),
  ).map((status) => ({ status, needsConsent: recordsApproval(from, status) }));
}
