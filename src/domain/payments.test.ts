import { describe, expect, it } from 'vitest';
import {
  amountDueCents,
  createPaymentIntentSchema,
  customerShareCents,
  paymentAvailability,
  shortTransactionId,
} from './payments.ts';

const approved = { status: 'approved', estimatedAmount: '2000.00', customerDeductible: '500.00' };

describe('amount due', () => {
  it('is the deductible when there is one, else the total', () => {
    expect(customerShareCents(approved)).toBe(50_000);
    expect(customerShareCents({ estimatedAmount: '2000.00', customerDeductible: null })).toBe(200_000);
  });

  it('subtracts what was already paid and never goes below zero', () => {
    expect(amountDueCents(approved, 0)).toBe(50_000);
    expect(amountDueCents(approved, 20_000)).toBe(30_000);
    expect(amountDueCents(approved, 50_000)).toBe(0);
    expect(amountDueCents(approved, 90_000)).toBe(0);
  });

  it('is nothing when the estimate has no positive amount', () => {
    expect(customerShareCents({ estimatedAmount: null, customerDeductible: null })).toBeNull();
    expect(customerShareCents({ estimatedAmount: '0.00', customerDeductible: null })).toBeNull();
    expect(customerShareCents({ estimatedAmount: '2000.00', customerDeductible: '0.00' })).toBeNull();
    expect(amountDueCents({ estimatedAmount: null, customerDeductible: null }, 0)).toBe(0);
  });
});

describe('paymentAvailability', () => {
  it('offers payment of the amount due for approved and scheduled estimates', () => {
    expect(paymentAvailability(approved, 0)).toEqual({ payable: true, amountDueCents: 50_000 });
    expect(paymentAvailability({ ...approved, status: 'scheduled' }, 10_000)).toEqual({
      payable: true,
      amountDueCents: 40_000,
    });
  });

  it('offers the balance of a completed repair, and nothing once it is paid', () => {
    const completed = { ...approved, status: 'completed' };
    expect(paymentAvailability(completed, 20_000)).toEqual({ payable: true, amountDueCents: 30_000 });
    expect(paymentAvailability(completed, 50_000)).toMatchObject({ payable: false, block: 'already_paid' });
  });

  it('refuses other statuses with the spec message', () => {
    for (const status of ['pending', 'quoted', 'declined', 'in_progress', 'cancelled']) {
      expect(paymentAvailability({ ...approved, status }, 0)).toMatchObject({
        payable: false,
        block: 'not_payable_status',
        title: 'Payment Not Available',
        message: 'Payment is only available for approved estimates.',
      });
    }
  });

  it('says when there is no amount, and when it is already paid', () => {
    expect(
      paymentAvailability({ ...approved, estimatedAmount: null, customerDeductible: null }, 0),
    ).toMatchObject({
      block: 'no_amount',
      title: 'No Payment Required',
      message: "This estimate doesn't have a payment amount set.",
    });
    expect(paymentAvailability(approved, 50_000)).toMatchObject({
      block: 'already_paid',
      title: 'No Payment Required',
      message: 'This estimate is already paid.',
    });
  });
});

describe('payment texts', () => {
  it('shows the first 20 characters of a transaction id', () => {
    expect(shortTransactionId('pi_3Pq0abcdefghijklmnopqrstu')).toBe('pi_3Pq0abcdefghijklm');
  });

  it('ignores any amount the client sends', () => {
    const parsed = createPaymentIntentSchema.parse({ estimateId: 'e1', amount: 1 });
    expect(parsed.estimateId).toBe('e1');
  });
});
