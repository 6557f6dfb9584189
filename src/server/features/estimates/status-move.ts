import type { EstimateStatus } from '#domain/estimate-status.ts';
import { toCents } from '#domain/money.ts';
import {
  type ApprovalConsent,
  ESTIMATE_CHANGED,
  QUOTE_NEEDS_AMOUNT,
  recordsApproval,
  statusMoveRefusal,
} from '#domain/status-transitions.ts';
import { AppError } from '#server/app-error.ts';
import type { EstimateRow, UserRow } from '#server/db/schema.ts';
import { type ApprovalConsentRecord, onlineConsent } from './approval.ts';

/** A status change as either path asks it: the spec's PATCH /api/estimates/{id} or the shop's status route. */
export interface StatusRequest {
  status: EstimateStatus;
  /** Staff only, with `approved`: how the customer consented. */
  consent?: ApprovalConsent | undefined;
  /** The total (in cents) the approver saw; an approval of any other total is refused. */
  expectedAmount?: number | undefined;
}

/**
 * Checks a status change against the transitions table (src/domain/status-transitions.ts) for the
 * estimate as locked, and an approval against the total it names. Returns the consent to record when
 * the move records an approval, null otherwise. Call inside the transaction that holds the row.
 */
export function checkStatusMove(
  estimate: EstimateRow,
  user: UserRow,
  request: StatusRequest,
): ApprovalConsentRecord | null {
  const refusal = statusMoveRefusal(
    estimate.status,
    request.status,
    user.isAdmin ? 'staff' : 'customer',
    request.consent !== undefined,
  );
  if (refusal) throw new AppError(refusal.code, refusal.message);
  // Quoted anew sends the customer the quote: there must be one to send.
  if (
    request.status === 'quoted' &&
    estimate.status !== 'quoted' &&
    (toCents(estimate.estimatedAmount) ?? 0) <= 0
  ) {
    throw new AppError('conflict', QUOTE_NEEDS_AMOUNT);
  }
  if (!recordsApproval(estimate.status, request.status)) return null;
  // The approval is of the total the approver was shown: a quote changed since then is reviewed first.
  const total = toCents(estimate.estimatedAmount);
  if (request.expectedAmount !== undefined && request.expectedAmount !== total) {
    throw new AppError('conflict', ESTIMATE_CHANGED);
  }
  if (!user.isAdmin) return onlineConsent(user);
  const consent = request.consent;
  // statusMoveRefusal already refused staff approvals without consent; this narrows the type.
  if (!consent) throw new Error('staff approval without consent passed the transitions table');
  return { method: consent.method, name: consent.name, note: consent.note || null };
}
