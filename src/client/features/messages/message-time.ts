import { tz } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { intlLocale, type Language } from '#domain/language.ts';

const onShopClock = { in: tz(SHOP_TIME_ZONE) };

/** The shop's calendar day of an instant (America/New_York), whatever the device's zone. */
function shopDay(date: Date): string {
  return format(date, 'yyyy-MM-dd', onShopClock);
}

/**
 * "3:45 PM" for today, "Mar 4, 3:45 PM" for earlier days; in Spanish "3:45 p. m.", "4 mar, 3:45 p. m.".
 * On the shop's clock, like every other time in the app (the thread says so under its title).
 */
export function messageTime(createdAt: string, now = new Date(), language: Language = 'en'): string {
  const date = parseISO(createdAt);
  if (!isValid(date)) return '';
  const today = shopDay(date) === shopDay(now);
  if (language === 'en') return format(date, today ? 'h:mm a' : 'MMM d, h:mm a', onShopClock);
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE };
  return new Intl.DateTimeFormat(
    intlLocale(language),
    today ? time : { ...time, month: 'short', day: 'numeric' },
  ).format(date);
}
