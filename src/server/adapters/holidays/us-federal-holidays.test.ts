import { describe, expect, it } from 'vitest';
import { usFederalHolidays } from './us-federal-holidays.ts';

const datesOf = async (year: number, name: string) =>
  (await usFederalHolidays(year)).filter((day) => day.name?.startsWith(name)).map((day) => day.date);

describe('usFederalHolidays', () => {
  it('closes the Friday before a holiday on a Saturday, the Monday after one on a Sunday (5 U.S.C. 6103(b))', async () => {
    // Veterans Day, for which date-holidays gives no observed day: Saturday in 2028, Sunday in 2029.
    expect(await datesOf(2028, 'Veterans Day')).toEqual(['2028-11-10', '2028-11-11']);
    expect(await datesOf(2029, 'Veterans Day')).toEqual(['2029-11-11', '2029-11-12']);
  });

  it('keeps the observed days the package gives, once each', async () => {
    // Independence Day 2026 is a Saturday; 2027 a Sunday.
    expect(await datesOf(2026, 'Independence Day')).toEqual(['2026-07-03', '2026-07-04']);
    expect(await datesOf(2027, 'Independence Day')).toEqual(['2027-07-04', '2027-07-05']);
    for (const year of [2026, 2027, 2028, 2029]) {
      const dates = (await usFederalHolidays(year)).map((day) => day.date);
      expect(new Set(dates).size, String(year)).toBe(dates.length);
    }
  });

  it("observes a Saturday New Year's Day on December 31 of the year before", async () => {
    // January 1, 2028 is a Saturday.
    expect(await datesOf(2027, "New Year's Day")).toEqual(['2027-01-01', '2027-12-31']);
    expect(await datesOf(2028, "New Year's Day")).toEqual(['2028-01-01']);
  });
});
