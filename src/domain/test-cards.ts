/**
 * The built-in test mode's cards. With no payment provider configured, the payment page takes these
 * instead of real cards, so a fresh install can be tried end to end. The numbers and messages follow
 * the well-known test cards of card processors, so the habits carry over to the live provider.
 */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notATestCard: 'Your card was declined. In test mode, use the test card 4242 4242 4242 4242.',
} as const;

const MIN_CARD_DIGITS = 12;
const MAX_CARD_DIGITS = 19;

export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The checksum every card number carries, which catches a mistyped digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** "4242424242424242" → "4242 4242 4242 4242" while typing; never more digits than a card has. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30" while typing; "4" becomes "04" since no month starts with 4. */
export function formatExpiry(input: string): string {
  let digits = cardDigits(input).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  if (digits.length < 2) return digits;
  const month = digits.slice(0, 2);
  const year = digits.slice(2);
  // Deleting back over the separator must be possible: only add it once a year digit exists.
  return year ? `${month} / ${year}` : month;
}

/** "MM / YY", "MM/YY", "MMYY" or "MM/YYYY" → month and four-digit year; null when incomplete. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const [, month = '', year = ''] = match;
  return { month: Number(month), year: year.length === 2 ? 2000 + Number(year) : Number(year) };
}

export interface TestCardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof TestCardInput;

export interface CheckedCard {
  digits: string;
  last4: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; field: CardField; message: string };

/** The checks a card form makes before sending anything: number, expiry (not past), security code. */
export function checkCard(input: TestCardInput, now: Date = new Date()): CardCheck {
  const digits = cardDigits(input.cardNumber);
  if (digits.length < MIN_CARD_DIGITS) {
    return { ok: false, field: 'cardNumber', message: CARD_MESSAGES.numberIncomplete };
  }
  if (digits.length > MAX_CARD_DIGITS || !passesLuhn(digits)) {
    return { ok: false, field: 'cardNumber', message: CARD_MESSAGES.numberInvalid };
  }

  const expiry = parseExpiry(input.expiry);
  if (!expiry) return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiryIncomplete };
  if (expiry.month < 1 || expiry.month > 12) {
    return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiryInvalid };
  }
  // A card is good through the last day of its expiry month.
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  const expiryMonth = expiry.year * 12 + (expiry.month - 1);
  if (expiryMonth < thisMonth) return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiryPast };
  if (expiry.year > now.getFullYear() + 50) {
    return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiryInvalid };
  }

  const cvc = input.cvc.trim();
  if (!/^\d*$/.test(cvc)) return { ok: false, field: 'cvc', message: CARD_MESSAGES.cvcInvalid };
  if (cvc.length < 3) return { ok: false, field: 'cvc', message: CARD_MESSAGES.cvcIncomplete };
  if (cvc.length > 4) return { ok: false, field: 'cvc', message: CARD_MESSAGES.cvcInvalid };

  return {
    ok: true,
    card: {
      digits,
      last4: digits.slice(-4),
      brand: cardBrand(digits),
      expMonth: expiry.month,
      expYear: expiry.year,
    },
  };
}

export type TestCardOutcome = { status: 'succeeded' } | { status: 'failed'; message: string };

/** What the test provider does with a card that passed the checks. */
export function testCardOutcome(digits: string): TestCardOutcome {
  switch (digits) {
    case TEST_CARDS.success:
      return { status: 'succeeded' };
    case TEST_CARDS.declined:
      return { status: 'failed', message: CARD_MESSAGES.declined };
    case TEST_CARDS.insufficientFunds:
      return { status: 'failed', message: CARD_MESSAGES.insufficientFunds };
    default:
      return { status: 'failed', message: CARD_MESSAGES.notATestCard };
  }
}
