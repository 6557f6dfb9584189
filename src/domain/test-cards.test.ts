import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBrand,
  checkCard,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  passesLuhn,
  TEST_CARDS,
  testCardOutcome,
} from './test-cards.ts';

const NOW = new Date(2026, 4, 15); // 15 May 2026
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('Luhn check', () => {
  it('accepts the test cards and rejects a mistyped digit', () => {
    for (const number of Object.values(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242')).toBe(false);
  });
});

describe('checkCard', () => {
  it('passes a complete test card and keeps only what may be stored', () => {
    const result = checkCard(good, NOW);
    expect(result).toEqual({
      ok: true,
      card: { digits: TEST_CARDS.success, last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 },
    });
  });

  it('names the field and the problem', () => {
    expect(checkCard({ ...good, cardNumber: '4242 4242' }, NOW)).toEqual({
      ok: false,
      field: 'cardNumber',
      message: CARD_MESSAGES.numberIncomplete,
    });
    expect(checkCard({ ...good, cardNumber: '4242 4242 4242 4241' }, NOW)).toMatchObject({
      field: 'cardNumber',
      message: 'Your card number is invalid.',
    });
    expect(checkCard({ ...good, expiry: '1' }, NOW)).toMatchObject({
      field: 'expiry',
      message: CARD_MESSAGES.expiryIncomplete,
    });
    expect(checkCard({ ...good, expiry: '13 / 30' }, NOW)).toMatchObject({
      field: 'expiry',
      message: CARD_MESSAGES.expiryInvalid,
    });
    expect(checkCard({ ...good, cvc: '12' }, NOW)).toMatchObject({
      field: 'cvc',
      message: CARD_MESSAGES.cvcIncomplete,
    });
    expect(checkCard({ ...good, cvc: '12345' }, NOW)).toMatchObject({ field: 'cvc' });
    expect(checkCard({ ...good, cvc: '12a' }, NOW)).toMatchObject({ field: 'cvc' });
  });

  it('accepts a card through the last day of its expiry month, not after', () => {
    expect(checkCard({ ...good, expiry: '05/26' }, NOW).ok).toBe(true);
    expect(checkCard({ ...good, expiry: '04/26' }, NOW)).toMatchObject({
      field: 'expiry',
      message: CARD_MESSAGES.expiryPast,
    });
    expect(checkCard({ ...good, expiry: '12/2025' }, NOW).ok).toBe(false);
  });

  it('takes three- and four-digit security codes', () => {
    expect(checkCard({ ...good, cvc: '1234' }, NOW).ok).toBe(true);
  });
});

describe('testCardOutcome', () => {
  it('succeeds, declines or reports insufficient funds by card number', () => {
    expect(testCardOutcome(TEST_CARDS.success)).toEqual({ status: 'succeeded' });
    expect(testCardOutcome(TEST_CARDS.declined)).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    });
    expect(testCardOutcome(TEST_CARDS.insufficientFunds)).toEqual({
      status: 'failed',
      message: 'Your card has insufficient funds.',
    });
  });

  it('never succeeds with a card that is not a test card', () => {
    expect(testCardOutcome('4111111111111111').status).toBe('failed');
  });
});

describe('formatting as typed', () => {
  it('groups card digits by four and drops anything else', () => {
    expect(formatCardNumber('42424242')).toBe('4242 4242');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25)).replaceAll(' ', '')).toHaveLength(19);
  });

  it('writes expiry dates as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 / 305')).toBe('12 / 30');
    expect(formatExpiry('4')).toBe('04');
    expect(parseExpiry(formatExpiry('1230'))).toEqual({ month: 12, year: 2030 });
  });

  it('knows the common brands', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999')).toBe('unknown');
  });
});
