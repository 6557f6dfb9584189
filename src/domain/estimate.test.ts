import { describe, expect, it } from 'vitest';
import { canCustomerRespond, paymentOffered } from './estimate.ts';
import type { EstimateStatus } from './estimate-status.ts';

const estimate = (fields: {
  status: EstimateStatus;
  estimatedAmount?: string | null;
  customerDeductible?: string | null;
  amountPaid?: string;
}) => ({
  estimatedAmount: null,
  customerDeductible: null,
  amountPaid: '0.00',
  ...fields,
});

describe('paymentOffered', () => {
  it('offers the deductible when there is one, else the total', () => {
    expect(paymentOffered(estimate({ status: 'approved', estimatedAmount: '2000.00' }))).toBe('2000.00');
    expect(
      paymentOffered(
        estimate({ status: 'scheduled', estimatedAmount: '2000.00', customerDeductible: '500.00' }),
      ),
    ).toBe('500.00');
  });

  it('takes off what was already paid and offers nothing once all is paid', () => {
    const base = { status: 'approved' as const, estimatedAmount: '2000.00', customerDeductible: '500.00' };
    expect(paymentOffered(estimate({ ...base, amountPaid: '200.00' }))).toBe('300.00');
    expect(paymentOffered(estimate({ ...base, amountPaid: '500.00' }))).toBeNull();
  });

  it('offers nothing before approval or without an amount', () => {
    expect(paymentOffered(estimate({ status: 'quoted', estimatedAmount: '2000.00' }))).toBeNull();
    expect(paymentOffered(estimate({ status: 'in_progress', estimatedAmount: '2000.00' }))).toBeNull();
    expect(paymentOffered(estimate({ status: 'approved', estimatedAmount: null }))).toBeNull();
    expect(paymentOffered(estimate({ status: 'approved', estimatedAmount: '0.00' }))).toBeNull();
  });
});

describe('canCustomerRespond', () => {
  it('allows approve or decline only on a pending or quoted estimate with an amount', () => {
    expect(canCustomerRespond({ status: 'quoted', estimatedAmount: '10.00' })).toBe(true);
    expect(canCustomerRespond({ status: 'pending', estimatedAmount: '10.00' })).toBe(true);
    expect(canCustomerRespond({ status: 'pending', estimatedAmount: null })).toBe(false);
    expect(canCustomerRespond({ status: 'approved', estimatedAmount: '10.00' })).toBe(false);
  });
});
