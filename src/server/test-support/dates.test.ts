import { describe, expect, it } from 'vitest';
import { dayAhead } from './dates.ts';

describe('dayAhead', () => {
  // 30 November 2026 was a Monday: one week of todays, Monday to Sunday.
  const todays = [
    '2026-11-30',
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-04',
    '2026-12-05',
    '2026-12-06',
  ];

  it.each(todays)('gives one week Monday to Sunday, at least the weeks asked after %s', (today) => {
    for (const weeks of [1, 2, 3]) {
      const week = [1, 2, 3, 4, 5, 6, 0].map((weekday) => dayAhead(weekday, weeks, today));
      const days = week.map((date) => new Date(`${date}T12:00:00Z`));
      expect(days.map((date) => date.getUTCDay())).toEqual([1, 2, 3, 4, 5, 6, 0]);
      for (const [index, date] of days.entries()) {
        if (index > 0) expect(date.getTime() - (days[index - 1]?.getTime() ?? 0)).toBe(86_400_000);
      }
      const earliest = new Date(`${today}T12:00:00Z`).getTime() + weeks * 7 * 86_400_000;
      expect(days[0]?.getTime()).toBeGreaterThanOrEqual(earliest);
      expect(days[0]?.getTime()).toBeLessThan(earliest + 7 * 86_400_000);
    }
  });
});
