import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatMoney, toCents } from './money.ts';

describe('money', () => {
  it('parses decimal strings into exact cents', () => {
    expect(toCents('1234.5')).toBe(123_450);
    expect(toCents('1,234.56')).toBe(123_456);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('-3.05')).toBe(-305);
    expect(toCents('12.345')).toBeNull();
    expect(toCents('1,234,567')).toBe(123_456_700);
    // A comma elsewhere is not a thousands separator: a decimal comma, or a slip, is refused.
    for (const bad of ['12,50', '1,0', '1234,567', ',100', '1,2345.00']) expect(toCents(bad), bad).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents(null)).toBeNull();
  });

  it('refuses a number with more than two decimals rather than rounding it, as a string is', () => {
    expect(toCents(100.999)).toBeNull();
    expect(toCents(2.555)).toBeNull();
    expect(toCents(12.3)).toBe(1230);
    expect(toCents(-3.05)).toBe(-305);
    // A float's own representation error is not a third decimal.
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('adds without float drift', () => {
    expect(centsToDecimal((toCents('0.10') ?? 0) + (toCents('0.20') ?? 0))).toBe('0.30');
    expect(centsToDecimal(-5)).toBe('-0.05');
  });

  it('keeps an absent amount absent', () => {
    expect(centsToDecimal(null)).toBeNull();
    expect(centsToDecimal(undefined)).toBeNull();
    expect(centsToDecimal(0)).toBe('0.00');
  });

  it('formats with a thousands separator and cents', () => {
    expect(formatMoney('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
  });
});
