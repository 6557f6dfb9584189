import { describe, expect, it } from 'vitest';
import { paymentLinkBlockedReason } from './payment-link-reason.ts';

describe('why the desk cannot send a payment link', () => {
  it('says a repair in the shop is paid once it is completed, not that it awaits approval', () => {
    expect(paymentLinkBlockedReason('not_payable_status', 'in_progress')).toBe(
      'While the car is in the shop no link is sent: send one when the repair is completed.',
    );
  });

  it('asks for the approval first on a quote, and takes nothing on a cancelled estimate', () => {
    expect(paymentLinkBlockedReason('not_payable_status', 'quoted')).toBe(
      'A payment link can be sent once the estimate is approved.',
    );
    expect(paymentLinkBlockedReason('not_payable_status', 'cancelled')).toBe(
      'A cancelled estimate takes no payments.',
    );
  });

  it('names a paid bill and a missing amount', () => {
    expect(paymentLinkBlockedReason('already_paid', 'completed')).toBe(
      'Nothing is due: the estimate is paid in full.',
    );
    expect(paymentLinkBlockedReason('no_amount', 'pending')).toBe('No amount is set on this estimate yet.');
  });
});
