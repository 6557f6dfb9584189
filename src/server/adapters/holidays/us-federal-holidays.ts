import type { ClosedDay } from '#domain/drop-off-slots.ts';

type HolidayCalendar = { getHolidays(year: number): { date: string; name: string; type: string }[] };

const byYear = new Map<number, ClosedDay[]>();
let calendar: Promise<HolidayCalendar> | null = null;

/**
 * The US federal holidays of a year with the days they are observed on (Independence Day on a
 * Saturday is observed on the Friday before), from the date-holidays package: its public holidays
 * for the United States are the federal ones. The package (some 11 MB of every country's rules) loads
 * the first time a holiday is asked for, not at start; each year is computed once.
 */
export async function usFederalHolidays(year: number): Promise<ClosedDay[]> {
  const known = byYear.get(year);
  if (known) return known;
  calendar ??= import('date-holidays').then(({ default: Holidays }) => new Holidays('US'));
  const days = (await calendar)
    .getHolidays(year)
    .filter((holiday) => holiday.type === 'public')
    // "2026-07-03 00:00:00": the calendar day, whatever the zone this runs in.
    .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }));
  byYear.set(year, days);
  return days;
}
