import { shopToday } from '#domain/drop-off-slots.ts';

/**
 * A day at least a week after today at the shop, on the given day of the week (1 Monday … 6 Saturday),
 * as 'YYYY-MM-DD': always bookable when it is a weekday, whatever day the tests run.
 */
export function dayAhead(dayOfWeek: number, weeksAhead = 1): string {
  const [year, month, day] = shopToday().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + 7 * weeksAhead));
  date.setUTCDate(date.getUTCDate() + ((dayOfWeek - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}
