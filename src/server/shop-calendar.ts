import { type ClosedDay, type ShopCalendar, shopCalendarOf } from '#domain/drop-off-slots.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { usFederalHolidays } from './adapters/holidays/us-federal-holidays.ts';

/** The shop's calendar for the days a request is about: a promise, since the holidays load on demand. */
export type ShopCalendarFor = (dates: readonly string[]) => Promise<ShopCalendar>;

/**
 * The shop's calendar from its configuration: the weekly hours, SHOP_CLOSED_DATES, and (unless
 * SHOP_FEDERAL_HOLIDAYS is off) the US federal holidays of the years of the dates asked about.
 */
export function shopCalendarFor(shop: ShopInfo): ShopCalendarFor {
  const configured: ClosedDay[] = shop.closedDates.map((date) => ({ date, name: null }));
  return async (dates) => {
    const years = [...new Set(dates.map((date) => Number(date.slice(0, 4))))].filter(Number.isInteger);
    const holidays = shop.federalHolidays
      ? (await Promise.all(years.map((year) => usFederalHolidays(year)))).flat()
      : [];
    // A holiday also configured keeps its name (the later entry of a date wins).
    return shopCalendarOf(shop.weeklyHours, [...configured, ...holidays]);
  };
}
