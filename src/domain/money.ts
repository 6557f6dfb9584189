/**
 * Money travels as decimal strings ("1234.50") and is computed in integer cents, never floats.
 */

const DECIMAL = /^\s*(-)?(\d{1,10})(?:\.(\d{0,2}))?\s*$/;
/** Commas only between groups of three digits: "1,234.50", never "12,50" (a decimal comma) or "1,0". */
const GROUPED = /^\s*-?\d{1,3}(?:,\d{3})+(?:\.\d{0,2})?\s*$/;

/**
 * The most one amount the shop types may be: $999,999.99, the most a card payment can be, and far
 * past any repair. A slip of extra zeros is refused with a message rather than stored (a payment's
 * cents are a 32-bit integer).
 */
export const MAX_AMOUNT_CENTS = 99_999_999;

/** Parses "1234.5" or "1,234.50" into cents; null when it is not an amount with at most two decimals. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && numberToHundredths(value) === null) return null;
  if (typeof value === 'string' && value.includes(',') && !GROUPED.test(value)) return null;
  const text = typeof value === 'number' ? value.toFixed(2) : value.replaceAll(',', '');
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/**
 * A JSON number in hundredths (cents, or a quantity's hundredths); null when it has more than two
 * decimals. 100.999 is refused rather than silently rounded, as the same text in a string is.
 */
export function numberToHundredths(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const hundredths = Math.round(value * 100);
  // A float's own representation error (0.1 + 0.2) is not a third decimal.
  return Math.abs(hundredths - value * 100) < 1e-6 ? hundredths : null;
}

/** 123450 → "1234.50": how amounts travel and are stored. An absent amount stays absent. */
export function centsToDecimal(cents: number): string;
export function centsToDecimal(cents: number | null | undefined): string | null;
export function centsToDecimal(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" — thousands separator and cents, as every amount is shown. */
export function formatMoney(value: string | number | null | undefined): string {
  const cents = toCents(value);
  return cents === null ? '$0.00' : usd.format(cents / 100);
}
