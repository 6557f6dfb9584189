import { currentLanguage } from '#client/i18n/i18n.ts';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { intlLocale } from '#domain/language.ts';

/**
 * "May 5, 2026" / "5 de mayo de 2026" (medium: "May 5, 2026" / "5 may 2026"): the day as the shop's
 * clock read it.
 */
export function paymentDate(date: Date, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocale(currentLanguage()), {
    dateStyle: style,
    timeZone: SHOP_TIME_ZONE,
  }).format(date);
}
