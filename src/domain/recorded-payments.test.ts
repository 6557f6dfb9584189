import { describe, expect, it } from 'vitest';
import { overpaymentMessage, recordPaymentSchema } from './recorded-payments.ts';

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

describe('the words of a recorded payment', () => {
  it('says how much may be recorded, or that nothing is owed', () => {
    expect(overpaymentMessage(50000)).toBe(
      'That is more than the balance due: at most $500.00 can be recorded.',
    );
    expect(overpaymentMessage(0)).toMatch(/^Nothing is owed/);
  });
});
