import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The number texts go to is stored in E.164 ('+18135550101'): one spelling per number, which is what
 * Twilio sends and expects. Customers type it any way they like; a US number is assumed.
 */
export function toE164(input: string | null | undefined): string | null {
  if (!input) return null;
  const parsed = parsePhoneNumberFromString(input, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** What a phone number may be typed with besides its digits. */
const PHONE_TYPED = /^[\d\s().+-]+$/;

/**
 * The digits staff search a phone number by, however they type it: "813-555-0142", "8135550142",
 * "(813) 555 0142" and "+1 813 555 0142" are all 8135550142, found in "(813) 555-0142" as stored.
 * Null when the text is not a phone number (a name, a plate) or has fewer than four digits.
 */
export function phoneSearchDigits(text: string): string | null {
  if (!PHONE_TYPED.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 4) return null;
  // The US country code typed in front is not part of the number as most customers give it.
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
