import { shopCalendarOf } from '#domain/drop-off-slots.ts';
import { shop } from './shop.ts';

/**
 * The shop's calendar as the page knows it: the posted hours and SHOP_CLOSED_DATES. The holidays are
 * the server's to name (the day's windows come from it); this lets the form answer at once.
 */
export const clientShopCalendar = shopCalendarOf(
  shop.weeklyHours,
  shop.closedDates.map((date) => ({ date, name: null })),
);

/** "Monday – Thursday 8:00 AM – 4:30 PM; Friday 8:00 AM – 1:00 PM. Closed on federal holidays." */
export const openingHoursHint = `${shop.hours
  .filter((line) => line.hours !== 'Closed')
  .map((line) => `${line.days} ${line.hours}`)
  .join('; ')}.${shop.federalHolidays ? ' Closed on federal holidays.' : ''}`;
