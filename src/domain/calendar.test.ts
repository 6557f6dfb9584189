import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BAD_MONTH_MESSAGE,
  calendarQuerySchema,
  dayLabel,
  dropOffsByDate,
  isValidMonth,
  monthGrid,
  monthLabel,
  monthRange,
  shiftMonth,
  shopMonth,
} from './calendar.ts';
import { shopToday } from './drop-off-slots.ts';

// Tests switch the process's zone (Node applies TZ changes at once); each test gets it back.
const serverZone = process.env.TZ;
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe('the shop day', () => {
  it('at 02:00 UTC is still yesterday in Florida, whatever zone the server runs in', () => {
    for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'America/New_York']) {
      process.env.TZ = zone;
      expect(shopToday(new Date('2025-03-15T02:00:00Z')), zone).toBe('2025-03-14');
      expect(shopToday(new Date('2025-03-15T05:00:00Z')), zone).toBe('2025-03-15');
    }
  });

  it('follows daylight saving time (EST in winter, EDT in summer)', () => {
    process.env.TZ = 'UTC';
    expect(shopToday(new Date('2025-01-15T04:59:00Z'))).toBe('2025-01-14');
    expect(shopToday(new Date('2025-01-15T05:00:00Z'))).toBe('2025-01-15');
    expect(shopToday(new Date('2025-07-15T03:59:00Z'))).toBe('2025-07-14');
    expect(shopToday(new Date('2025-07-15T04:00:00Z'))).toBe('2025-07-15');
  });

  it('gives the month the shop is in: the first of the month in UTC can be last month in Florida', () => {
    process.env.TZ = 'UTC';
    expect(shopMonth(new Date('2025-04-01T03:00:00Z'))).toBe('2025-03');
    expect(shopMonth(new Date('2026-01-01T04:30:00Z'))).toBe('2025-12');
    expect(shopMonth(new Date('2026-01-01T05:30:00Z'))).toBe('2026-01');
  });
});

describe('months', () => {
  it('accepts YYYY-MM only', () => {
    for (const good of ['2025-03', '2025-12', '1900-01', '2999-12'])
      expect(isValidMonth(good), good).toBe(true);
    for (const bad of [
      '2025-3',
      '2025-13',
      '2025-00',
      '25-03',
      '2025-03-01',
      '',
      '1899-12',
      '3000-01',
      'march',
    ]) {
      expect(isValidMonth(bad), bad).toBe(false);
    }
  });

  it('validates the query with a message, and the month is optional', () => {
    expect(calendarQuerySchema.parse({})).toEqual({});
    expect(calendarQuerySchema.parse({ month: '2025-03' })).toEqual({ month: '2025-03' });
    const bad = calendarQuerySchema.safeParse({ month: '2025-13' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(BAD_MONTH_MESSAGE);
    expect(calendarQuerySchema.safeParse({ month: ['2025-03', '2025-04'] }).error?.issues[0]?.message).toBe(
      BAD_MONTH_MESSAGE,
    );
  });

  it('moves to the previous and next month across years', () => {
    expect(shiftMonth('2025-03', 1)).toBe('2025-04');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2025-01', -13)).toBe('2023-12');
    expect(shiftMonth('2025-05', 0)).toBe('2025-05');
  });

  it('going forward then back returns to the same month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1950, max: 2900 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -600, max: 600 }),
        (year, m, delta) => {
          const month = `${year}-${String(m).padStart(2, '0')}`;
          expect(shiftMonth(shiftMonth(month, delta), -delta)).toBe(month);
        },
      ),
    );
  });

  it('covers a half-open range of dates', () => {
    expect(monthRange('2025-02')).toEqual({ first: '2025-02-01', next: '2025-03-01' });
    expect(monthRange('2025-12')).toEqual({ first: '2025-12-01', next: '2026-01-01' });
  });

  it('has readable labels', () => {
    expect(monthLabel('2025-03')).toBe('March 2025');
    expect(dayLabel('2025-03-14')).toBe('Friday, March 14');
  });
});

describe('the month grid', () => {
  it('starts weeks on Sunday with blank cells for the neighbouring months', () => {
    // March 2025 starts on a Saturday and ends on a Monday: six weeks.
    const weeks = monthGrid('2025-03');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2025-03-01']);
    expect(weeks[1]?.[0]).toBe('2025-03-02');
    expect(weeks[5]).toEqual(['2025-03-30', '2025-03-31', null, null, null, null, null]);
  });

  it('fits February 2026 (starts on Sunday, 28 days) in exactly four weeks', () => {
    const weeks = monthGrid('2026-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toBe('2026-02-01');
    expect(weeks[3]?.[6]).toBe('2026-02-28');
  });

  it('knows leap years', () => {
    expect(monthGrid('2024-02').flat().filter(Boolean)).toHaveLength(29);
    expect(monthGrid('2100-02').flat().filter(Boolean)).toHaveLength(28);
  });

  it('holds every day of any month once, in order, in full weeks, in any server zone', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2999 }), fc.integer({ min: 1, max: 12 }), (year, m) => {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        const weeks = monthGrid(month);
        expect(weeks.every((week) => week.length === 7)).toBe(true);
        expect(weeks.length).toBeGreaterThanOrEqual(4);
        expect(weeks.length).toBeLessThanOrEqual(6);
        const days = weeks.flat().filter((day): day is string => day !== null);
        expect(days[0]).toBe(`${month}-01`);
        expect(days.map((day) => Number(day.slice(8)))).toEqual(days.map((_, i) => i + 1));
        // The first day sits under its weekday (UTC arithmetic, independent of the zone).
        const weekday = new Date(`${month}-01T00:00:00Z`).getUTCDay();
        expect(weeks[0]?.[weekday]).toBe(`${month}-01`);
      }),
    );
  });
});

describe('placing drop-offs', () => {
  it('groups them by date, keeping their order', () => {
    const dropOff = (date: string, slot: '08:00-10:00' | '14:00-16:00', id: string) => ({
      appointmentId: id,
      estimateId: id,
      reference: id.toUpperCase(),
      date,
      slot,
      slotLabel: slot,
      status: 'scheduled' as const,
      customerName: 'Maria Lopez',
      vehicle: null,
      bookedByCustomer: false,
      confirmedAt: null,
    });
    const byDate = dropOffsByDate([
      dropOff('2025-03-14', '08:00-10:00', 'a'),
      dropOff('2025-03-14', '14:00-16:00', 'b'),
      dropOff('2025-03-17', '08:00-10:00', 'c'),
    ]);
    expect([...byDate.keys()]).toEqual(['2025-03-14', '2025-03-17']);
    expect(byDate.get('2025-03-14')?.map((d) => d.appointmentId)).toEqual(['a', 'b']);
  });
});
