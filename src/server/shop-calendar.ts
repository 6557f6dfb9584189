import type { ClosedDay, ShopCalendar } from '#domain/drop-off-slots.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { usFederalHolidays } from './adapters/holidays/us-federal-holidays.ts';

/**
 * The shop's calendar from its configuration: the weekly hours, SHOP_CLOSED_DATES, and (unless
 * SHOP_FEDERAL_HOLIDAYS is off) the US federal holidays, looked up for whatever year is asked.
 */
export function shopCalendar(shop: ShopInfo): ShopCalendar {
  const configured = new Set(shop.closedDates);
  return {
    weeklyHours: shop.weeklyHours,
    closedDay(date: string): ClosedDay | null {
      if (configured.has(date)) return { date, name: null };
      if (!shop.federalHolidays) return null;
      const year = Number(date.slice(0, 4));
      return usFederalHolidays(year).find((holiday) => holiday.date === date) ?? null;
    },
  };
}
