import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers are stored in E.164 ('+18135550101'): one spelling per number, which is what
 * Twilio sends and expects. Customers type them any way they like; a US number is assumed.
 */
export function toE164(input: string | null | undefined): string | null {
  if (!input) return null;
  const parsed = parsePhoneNumberFromString(input, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** '(813) 555-0101' for a US number, '+44 20 7946 0958' otherwise; the text itself when it is not a number. */
export function displayPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}
