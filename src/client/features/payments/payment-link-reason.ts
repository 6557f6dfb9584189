import type { PaymentBlock } from '#domain/payments.ts';

/** Why the button is off, in the desk's words. */
const WHY_NOT: Record<PaymentBlock, string> = {
  no_amount: 'No amount is set on this estimate yet.',
  already_paid: 'Nothing is due: the estimate is paid in full.',
  not_payable_status: 'A payment link can be sent once the estimate is approved.',
};

/** Payments are taken before the car comes in and once it is ready, not while it is in the shop. */
export function paymentLinkBlockedReason(block: PaymentBlock, status: string): string {
  if (block !== 'not_payable_status') return WHY_NOT[block];
  if (status === 'in_progress')
    return 'While the car is in the shop no link is sent: send one when the repair is completed.';
  if (status === 'cancelled') return 'A cancelled estimate takes no payments.';
  return WHY_NOT[block];
}
