import { shopToday } from '#domain/drop-off-slots.ts';

/**
 * A day of the week that starts on the first Monday at least `weeksAhead` weeks after today at the
 * shop (1 Monday … 6 Saturday, 0 the Sunday that ends it), as 'YYYY-MM-DD': always bookable when it
 * is a weekday, whatever day the tests run, and the days asked with one `weeksAhead` are one week's.
 */
export function dayAhead(dayOfWeek: number, weeksAhead = 1, today = shopToday()): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + 7 * weeksAhead));
  const toMonday = (8 - date.getUTCDay()) % 7;
  date.setUTCDate(date.getUTCDate() + toMonday + ((dayOfWeek + 6) % 7));
  return date.toISOString().slice(0, 10);
}
