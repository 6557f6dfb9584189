import Holidays from 'date-holidays';
import type { ClosedDay } from '#domain/drop-off-slots.ts';

const byYear = new Map<number, ClosedDay[]>();
let calendar: Holidays | null = null;

/**
 * The US federal holidays of a year with the days they are observed on (Independence Day on a
 * Saturday is observed on the Friday before), from the date-holidays package: its public holidays
 * for the United States are the federal ones. Computed once per year.
 */
export function usFederalHolidays(year: number): ClosedDay[] {
  const known = byYear.get(year);
  if (known) return known;
  calendar ??= new Holidays('US');
  const days = calendar
    .getHolidays(year)
    .filter((holiday) => holiday.type === 'public')
    // "2026-07-03 00:00:00": the calendar day, whatever the zone this runs in.
    .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }));
  byYear.set(year, days);
  return days;
}
