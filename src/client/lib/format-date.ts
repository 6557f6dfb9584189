import { tz } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { intlLocale, type Language } from '#domain/language.ts';

// English keeps its fixed patterns (the spec's wording); Spanish is written by Intl, which knows how
// a Spanish reader in the US expects a date ("5 de marzo de 2025", "5 mar 2026, 2:30 p.m.").

/**
 * How one kind of date reads: the English pattern, the Intl options for other languages, and whether
 * it is read on the shop's clock (America/New_York) rather than the viewer's.
 */
interface DateStyle {
  english: string;
  intl: Intl.DateTimeFormatOptions;
  onShopClock?: boolean;
  /** How the stored value is read; a plain Date by default. */
  parse?: (value: string) => Date;
}

function dateText(value: string | null | undefined, language: Language, style: DateStyle): string | null {
  if (!value) return null;
  const date = (style.parse ?? ((text: string) => new Date(text)))(value);
  if (!isValid(date)) return null;
  if (language === 'en') {
    return format(date, style.english, style.onShopClock ? { in: tz(SHOP_TIME_ZONE) } : undefined);
  }
  const timeZone = style.onShopClock ? { timeZone: SHOP_TIME_ZONE } : {};
  return new Intl.DateTimeFormat(intlLocale(language), { ...style.intl, ...timeZone }).format(date);
}

/** A day written out: "March 5, 2025" / "5 de marzo de 2025". */
const LONG_DAY = {
  english: 'MMMM d, yyyy',
  intl: { day: 'numeric', month: 'long', year: 'numeric' },
} as const;
/** A day in a list: "Mar 5, 2025" / "5 mar 2025". */
const SHORT_DAY = {
  english: 'MMM d, yyyy',
  intl: { day: 'numeric', month: 'short', year: 'numeric' },
} as const;

const SHOP_CLOCK: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** "March 5, 2025" / "5 de marzo de 2025"; null when the value is missing or not a date. */
export function longDate(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string | null {
  return dateText(value, language, { ...LONG_DAY, parse: parseISO });
}

/**
 * "March 5, 2025" / "5 de marzo de 2025": the day an instant (when a request came in) fell on the
 * shop's calendar, wherever the viewer is; the server draws it the same (decision 079).
 */
export function shopDay(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string | null {
  return dateText(value, language, { ...LONG_DAY, onShopClock: true });
}

/** "Mar 5, 2025" / "5 mar 2025": the same day, short, in a list. */
export function shopShortDay(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string | null {
  return dateText(value, language, { ...SHORT_DAY, onShopClock: true });
}

/** "Mar 5, 2025" / "5 mar 2025": a day in a list, as the viewer's calendar has it. */
export function shortDate(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string | null {
  return dateText(value, language, SHORT_DAY);
}

/** "12,345 miles" / "12,345 millas"; null when the odometer reading is unknown. */
export function milesText(
  mileage: number | null | undefined,
  language: Language = currentLanguage(),
): string | null {
  if (mileage === null || mileage === undefined) return null;
  const number = mileage.toLocaleString(intlLocale(language));
  return language === 'es' ? `${number} millas` : `${number} miles`;
}

/**
 * "Mar 5, 2026 at 2:30 PM": an instant as the shop's clock (America/New_York) read it, wherever the
 * viewer is: the shop says "we started the paint at 2:30", not the customer's laptop. Null when the
 * value is missing or not a date.
 */
export function shopDateTime(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string | null {
  return dateText(value, language, {
    english: "MMM d, yyyy 'at' h:mm a",
    intl: SHOP_CLOCK,
    onShopClock: true,
  });
}

/** "Mar 5, 2026 2:30 PM" / "5 mar 2026, 2:30 p.m.": a timestamp on the shop's clock, as a receipt shows it. */
export function shopTimestamp(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string | null {
  return dateText(value, language, { english: 'MMM d, yyyy h:mm a', intl: SHOP_CLOCK, onShopClock: true });
}
