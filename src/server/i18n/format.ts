import { tz } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { formatDropOffDate, SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { intlLocale, type Language } from '#domain/language.ts';
import { toCents } from '#domain/money.ts';

/**
 * Amounts, dates and times as each language writes them, on the shop's clock (America/New_York).
 * English keeps the exact forms the app has always printed (its mails and documents are fixed by the
 * spec and the tests); Spanish is written by `Intl` for 'es-US'.
 */

const moneyFormats = new Map<Language, Intl.NumberFormat>();

/** '$1,234.50' in either language (US dollars as Florida writes them); an absent amount is $0.00. */
export function money(language: Language, value: string | number | null | undefined): string {
  let formatter = moneyFormats.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD' });
    moneyFormats.set(language, formatter);
  }
  return formatter.format((toCents(value) ?? 0) / 100);
}

/** 48,210 */
export const wholeNumber = (language: Language, value: number) => value.toLocaleString(intlLocale(language));

/** A day as written, 'YYYY-MM-DD': 'Monday, March 2, 2026' / 'lunes, 2 de marzo de 2026'. */
export function longDay(language: Language, date: string): string {
  if (language === 'en') return formatDropOffDate(date);
  const day = parseISO(date);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()));
}

/** A day as written, 'YYYY-MM-DD': 'Mar 12, 2026' / '12 mar 2026'. */
export function shortDay(language: Language, date: string): string {
  const day = parseISO(date);
  if (language === 'en') return format(day, 'MMM d, yyyy');
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()));
}

/** The shop's day of an instant: 'Mar 2, 2026' / '2 mar 2026'. */
export function shopDate(language: Language, at: Date): string {
  if (language === 'en') return format(at, 'MMM d, yyyy', { in: tz(SHOP_TIME_ZONE) });
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  }).format(at);
}

/** The shop's time of an instant: '9:30 AM' / '9:30 a.m.'. */
export function shopTime(language: Language, at: Date): string {
  if (language === 'en') return format(at, 'h:mm a', { in: tz(SHOP_TIME_ZONE) });
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  }).format(at);
}
