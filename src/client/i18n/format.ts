import { formatDropOffDate } from '#domain/drop-off-slots.ts';
import { intlLocale } from '#domain/language.ts';
import { centsToDecimal, formatMoney as formatDollars, toCents } from '#domain/money.ts';
import { currentLanguage } from './i18n.ts';

/**
 * Money and shop days in the page's language. English keeps the app's own formats exactly (the spec
 * fixes them); Spanish uses `Intl` with Florida's Spanish locale. Instants and dates: format-date.ts.
 */

/** "$1,234.50" from a decimal amount ("1234.5"), as `formatMoney` of the domain; $0.00 when unreadable. */
export function formatMoney(value: string | number | null | undefined): string {
  if (currentLanguage() === 'en') return formatDollars(value);
  return formatCents(toCents(value) ?? 0);
}

/** "$1,234.50" from integer cents. */
export function formatCents(cents: number): string {
  if (currentLanguage() === 'en') return formatDollars(centsToDecimal(cents));
  return new Intl.NumberFormat(intlLocale('es'), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** "Thursday, March 5, 2026" / "jueves, 5 de marzo de 2026": a day at the shop ('YYYY-MM-DD'). */
export function formatShopDay(date: string): string {
  const english = formatDropOffDate(date);
  if (currentLanguage() === 'en' || english === date) return english;
  return new Intl.DateTimeFormat(intlLocale('es'), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
