import { describe, expect, it } from 'vitest';
import { quoteEstimateSchema } from './admin-estimates.ts';
import { AMOUNT_TOO_LARGE } from './estimate-requests.ts';
import { overpaymentMessage, PAYMENT_TOO_LARGE, recordPaymentSchema } from './recorded-payments.ts';

describe('recordPaymentSchema', () => {
  it('reads the amount as cents and trims the optional texts away when blank', () => {
    expect(
      recordPaymentSchema.parse({ amount: '1,018.44', method: 'check', reference: ' 1042 ', note: '  ' }),
    ).toEqual({
      amount: 101844,
      method: 'check',
      reference: '1042',
    });
    expect(recordPaymentSchema.parse({ amount: 20.5, method: 'cash' }).amount).toBe(2050);
  });

  it('refuses an amount that is not more than zero with two decimals at most', () => {
    for (const amount of ['0', '-1', '1.234', 'abc', '', null, undefined]) {
      expect(recordPaymentSchema.safeParse({ amount, method: 'cash' }).success, String(amount)).toBe(false);
    }
  });
});

describe('amounts past $999,999.99', () => {
  it('are refused with a message, as a payment and as a quote (a slip of extra zeros)', () => {
    const payment = recordPaymentSchema.safeParse({ amount: '25000000.00', method: 'cash' });
    expect(payment.error?.issues[0]?.message).toBe(PAYMENT_TOO_LARGE);
    expect(recordPaymentSchema.parse({ amount: '999,999.99', method: 'cash' }).amount).toBe(99_999_999);
    const quote = quoteEstimateSchema.safeParse({ estimatedAmount: '30000000', customerDeductible: '500' });
    expect(quote.error?.issues[0]?.message).toBe(AMOUNT_TOO_LARGE);
    expect(quoteEstimateSchema.parse({ estimatedAmount: '999999.99' }).estimatedAmount).toBe(99_999_999);
  });
});

describe('the words of a recorded payment', () => {
  it('says how much may be recorded, or that nothing is owed', () => {
    expect(overpaymentMessage(50000)).toBe(
      'That is more than the balance due: at most $500.00 can be recorded.',
    );
    expect(overpaymentMessage(0)).toMatch(/^Nothing is owed/);
  });
});
