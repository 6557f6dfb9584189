import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILLING_MISMATCH_MESSAGE,
  BILLING_PART_TOO_LARGE_MESSAGE,
  billingError,
  billingSplit,
  customerShareTerm,
} from './billing.ts';
import { centsToDecimal } from './money.ts';

describe('billing split (spec section 5)', () => {
  it('compares deductible + coverage with the total only when both are above 0', () => {
    expect(
      billingSplit({ estimatedAmount: '3850.00', customerDeductible: '500', insuranceCoverage: '3350' }),
    ).toBe('match');
    expect(
      billingSplit({ estimatedAmount: '3850.00', customerDeductible: '500', insuranceCoverage: '3000' }),
    ).toBe('mismatch');
    expect(billingSplit({ estimatedAmount: '3850.00', customerDeductible: '500' })).toBe('not-split');
    expect(
      billingSplit({ estimatedAmount: '3850.00', customerDeductible: '0', insuranceCoverage: '10' }),
    ).toBe('not-split');
    expect(
      billingSplit({ estimatedAmount: '3850.00', customerDeductible: null, insuranceCoverage: null }),
    ).toBe('not-split');
  });

  it('allows a difference of exactly one cent and refuses anything more', () => {
    const total = { estimatedAmount: '100.00' };
    expect(billingError({ ...total, customerDeductible: '50.00', insuranceCoverage: '49.99' })).toBeNull();
    expect(billingError({ ...total, customerDeductible: '50.00', insuranceCoverage: '50.01' })).toBeNull();
    expect(billingError({ ...total, customerDeductible: '50.00', insuranceCoverage: '49.98' })).toBe(
      BILLING_MISMATCH_MESSAGE,
    );
    expect(billingError({ ...total, customerDeductible: 50, insuranceCoverage: 50.02 })).toBe(
      BILLING_MISMATCH_MESSAGE,
    );
  });

  it('refuses a deductible or coverage larger than the whole estimate', () => {
    expect(billingError({ estimatedAmount: '300', customerDeductible: '500' })).toBe(
      BILLING_PART_TOO_LARGE_MESSAGE,
    );
    expect(billingError({ estimatedAmount: '300', insuranceCoverage: '300.00' })).toBeNull();
    expect(billingError({ estimatedAmount: '300', customerDeductible: '' })).toBeNull();
  });

  it('computes in cents: any split of a total into two positive parts matches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10_000_000 }),
        fc.integer({ min: 1, max: 9_999_999 }),
        (total, part) => {
          fc.pre(part < total);
          const amounts = {
            estimatedAmount: centsToDecimal(total),
            customerDeductible: centsToDecimal(part),
            insuranceCoverage: centsToDecimal(total - part),
          };
          return billingSplit(amounts) === 'match' && billingError(amounts) === null;
        },
      ),
    );
  });
});

describe('customerShareTerm', () => {
  it('calls the customer part a deductible only when an insurer is named or pays', () => {
    expect(customerShareTerm({ insuranceCompany: 'GEICO', insuranceCoverage: null })).toBe('deductible');
    expect(customerShareTerm({ insuranceCompany: null, insuranceCoverage: '1200.00' })).toBe('deductible');
  });

  it("calls a cash job's part the customer's share, even with a zero coverage", () => {
    expect(customerShareTerm({ insuranceCompany: null, insuranceCoverage: '0.00' })).toBe('share');
    expect(customerShareTerm({ insuranceCompany: null, insuranceCoverage: null })).toBe('share');
    expect(customerShareTerm({})).toBe('share');
  });
});
