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
