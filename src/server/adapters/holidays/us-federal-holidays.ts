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
  const holidays = await calendar;
  const listed = publicHolidays(holidays, year);
  // Next year's too: a New Year's Day on a Saturday is observed on December 31 of this one.
  const observed = observedDays([...listed, ...publicHolidays(holidays, year + 1)]);
  const days = [...listed];
  const taken = new Set(listed.map((day) => day.date));
  for (const day of observed) {
    if (day.date.startsWith(`${year}-`) && !taken.has(day.date)) days.push(day);
    taken.add(day.date);
  }
  days.sort((a, b) => a.date.localeCompare(b.date));
  byYear.set(year, days);
  return days;
}

function publicHolidays(holidays: HolidayCalendar, year: number): ClosedDay[] {
  return (
    holidays
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      // "2026-07-03 00:00:00": the calendar day, whatever the zone this runs in.
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }))
  );
}

/**
 * The weekday each weekend holiday is observed on: the Friday before a Saturday, the Monday after a
 * Sunday (5 U.S.C. 6103(b)). date-holidays gives these for most holidays but not for Veterans Day
 * (Saturday 2028-11-11, Sunday 2029-11-11), so they are worked out here for all; the caller leaves
 * out those the package already listed.
 */
function observedDays(holidays: readonly ClosedDay[]): ClosedDay[] {
  const days: ClosedDay[] = [];
  for (const holiday of holidays) {
    const date = new Date(`${holiday.date}T00:00:00Z`);
    const shift = date.getUTCDay() === 6 ? -1 : date.getUTCDay() === 0 ? 1 : 0;
    if (shift === 0) continue;
    date.setUTCDate(date.getUTCDate() + shift);
    days.push({ date: date.toISOString().slice(0, 10), name: `${holiday.name} (substitute day)` });
  }
  return days;
}
