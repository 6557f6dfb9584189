import { normalizeStatus } from './estimate-status.ts';
import { toCents } from './money.ts';

export type RepairDocumentKind = 'estimate' | 'invoice';

export const WRITTEN_ESTIMATE_NOT_READY = 'The written estimate is ready once the shop has quoted an amount.';
export const INVOICE_NOT_READY = 'The invoice is ready once the repair is completed.';

/**
 * Which documents an estimate has: the written estimate once there is an amount to put on it, the
 * invoice once the repair is completed. Null when it exists, else why not.
 */
export function documentRefusal(
  kind: RepairDocumentKind,
  estimate: { status: string; estimatedAmount: string | null },
): string | null {
  if (kind === 'invoice') return normalizeStatus(estimate.status) === 'completed' ? null : INVOICE_NOT_READY;
  return (toCents(estimate.estimatedAmount) ?? 0) > 0 ? null : WRITTEN_ESTIMATE_NOT_READY;
}

/** Where the document is downloaded (owner and shop). */
export const documentUrl = (estimateId: string, kind: RepairDocumentKind) =>
  `/api/estimates/${estimateId}/${kind}.pdf`;
