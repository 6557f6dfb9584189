import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_BOOKING_HORIZON_DAYS,
  DROP_OFF_DATE_PAST,
  DROP_OFF_DATE_REQUIRED,
  DROP_OFF_SLOT_PAST,
  DROP_OFF_SLOT_REQUIRED,
  DROP_OFF_SLOTS,
  dropOffProblem,
  dropOffSlotLabel,
  dropOffTooFar,
  dropOffWindow,
  firstBookableDay,
  formatDropOffDate,
  isCalendarDate,
  isWeekday,
  lastBookableDay,
  openDropOffWindows,
  openWindowsOn,
  SHOP_BOOKING_HORIZON_DAYS,
  shopCalendarOf,
  shopToday,
  WEEKLY_HOURS_ONLY,
} from './drop-off-slots.ts';
import { DEFAULT_WEEKLY_HOURS, formatWeeklyHours } from './shop-hours.ts';

/** Wednesday, March 4, 2026, 11:30 AM in Florida (EST, UTC-5). */
const WEDNESDAY_LATE_MORNING = new Date('2026-03-04T16:30:00Z');

describe('drop-off slots', () => {
  it('are the three windows of the spec, 15 a week', () => {
    expect(DROP_OFF_SLOTS.map((slot) => slot.label)).toEqual([
      '8:00 AM - 10:00 AM',
      '10:00 AM - 12:00 PM',
      '2:00 PM - 4:00 PM',
    ]);
    expect(dropOffSlotLabel('14:00-16:00')).toBe('2:00 PM - 4:00 PM');
  });

  it('knows real days and weekdays', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isWeekday('2026-03-02')).toBe(true); // Monday
    expect(isWeekday('2026-03-06')).toBe(true); // Friday
    expect(isWeekday('2026-03-07')).toBe(false); // Saturday
    expect(isWeekday('2026-03-08')).toBe(false); // Sunday
  });

  it("takes today from the shop's clock, not UTC", () => {
    // 11 PM in Florida on March 4 is already March 5 in UTC.
    expect(shopToday(new Date('2026-03-05T04:00:00Z'))).toBe('2026-03-04');
    // Summer time (EDT, UTC-4).
    expect(shopToday(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(shopToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});

describe('dropOffProblem', () => {
  const now = WEDNESDAY_LATE_MORNING;

  it('accepts a later Monday to Thursday in any window, a Friday in the morning windows', () => {
    for (const { id } of DROP_OFF_SLOTS) expect(dropOffProblem('2026-03-05', id, now)).toBeNull();
    expect(dropOffProblem('2026-03-06', '08:00-10:00', now)).toBeNull();
    expect(dropOffProblem('2026-03-06', '10:00-12:00', now)).toBeNull();
  });

  it('refuses a window past closing time, naming the hours of that day', () => {
    expect(dropOffProblem('2026-03-06', '14:00-16:00', now)).toBe(
      "The 2:00 PM - 4:00 PM window is outside the shop's hours on Fridays (8:00 AM – 1:00 PM). Please choose another time.",
    );
  });

  it('refuses weekends, past days and unknown windows', () => {
    expect(dropOffProblem('2026-03-07', '08:00-10:00', now)).toBe(
      'The shop is closed on Saturdays. Please choose another day.',
    );
    expect(dropOffProblem('2026-03-08', '08:00-10:00', now)).toBe(
      'The shop is closed on Sundays. Please choose another day.',
    );
    expect(dropOffProblem('2026-03-03', '08:00-10:00', now)).toBe(DROP_OFF_DATE_PAST);
    expect(dropOffProblem('2026-03-06', '12:00-14:00', now)).toBe(DROP_OFF_SLOT_REQUIRED);
    expect(dropOffProblem('not a day', '08:00-10:00', now)).toBe(DROP_OFF_DATE_REQUIRED);
  });

  it('refuses a day past the horizon: the desk a year ahead, a customer a quarter', () => {
    expect(lastBookableDay(true, now)).toBe('2027-03-04');
    expect(lastBookableDay(false, now)).toBe('2026-06-02');
    expect(firstBookableDay(false, now)).toBe('2026-03-05');
    expect(dropOffProblem('2027-03-04', '08:00-10:00', now)).toBeNull();
    expect(dropOffProblem('2027-03-05', '08:00-10:00', now)).toBe(dropOffTooFar(SHOP_BOOKING_HORIZON_DAYS));
    expect(dropOffProblem('9999-12-01', '08:00-10:00', now)).toBe(dropOffTooFar(365));
    const quarter = CUSTOMER_BOOKING_HORIZON_DAYS;
    expect(dropOffProblem('2026-06-02', '08:00-10:00', now, WEEKLY_HOURS_ONLY, quarter)).toBeNull();
    expect(dropOffProblem('2026-06-03', '08:00-10:00', now, WEEKLY_HOURS_ONLY, quarter)).toBe(
      dropOffTooFar(90),
    );
  });

  it('today: only windows that have not ended', () => {
    expect(dropOffProblem('2026-03-04', '08:00-10:00', now)).toBe(DROP_OFF_SLOT_PAST);
    expect(dropOffProblem('2026-03-04', '10:00-12:00', now)).toBeNull();
    expect(dropOffProblem('2026-03-04', '14:00-16:00', now)).toBeNull();
  });

  it('formats the day for notes', () => {
    expect(formatDropOffDate('2026-03-02')).toBe('Monday, March 2, 2026');
  });
});

describe('dropOffWindow', () => {
  it('opens and closes at the shop hours of that day, in winter and summer time', () => {
    expect(dropOffWindow('2026-03-02', '08:00-10:00')).toEqual({
      start: new Date('2026-03-02T13:00:00Z'),
      end: new Date('2026-03-02T15:00:00Z'),
    });
    // Eastern Daylight Time from March 8, 2026.
    expect(dropOffWindow('2026-03-09', '14:00-16:00')).toEqual({
      start: new Date('2026-03-09T18:00:00Z'),
      end: new Date('2026-03-09T20:00:00Z'),
    });
  });
});

describe('the shop calendar', () => {
  const now = WEDNESDAY_LATE_MORNING;
  const calendar = shopCalendarOf(DEFAULT_WEEKLY_HOURS, [
    { date: '2026-03-10', name: null },
    { date: '2026-05-25', name: 'Memorial Day' },
  ]);

  it('refuses a closed date, naming the holiday when it has a name', () => {
    expect(dropOffProblem('2026-03-10', '08:00-10:00', now, calendar)).toBe(
      'The shop is closed on Tuesday, March 10, 2026. Please choose another day.',
    );
    expect(dropOffProblem('2026-05-25', '10:00-12:00', now, calendar)).toBe(
      'The shop is closed on Monday, May 25, 2026 (Memorial Day). Please choose another day.',
    );
    expect(dropOffProblem('2026-03-11', '08:00-10:00', now, calendar)).toBeNull();
  });

  it('offers only the windows inside the posted hours of open days', () => {
    const ids = (date: string) => openWindowsOn(date, calendar).map((slot) => slot.id);
    expect(ids('2026-03-09')).toEqual(['08:00-10:00', '10:00-12:00', '14:00-16:00']);
    expect(ids('2026-03-13')).toEqual(['08:00-10:00', '10:00-12:00']);
    expect(ids('2026-03-14')).toEqual([]);
    expect(ids('2026-03-10')).toEqual([]);
  });

  it('lists the open windows of a date range, not before now, skipping closed days', () => {
    const open = openDropOffWindows('2026-03-04', '2026-03-10', calendar, now);
    expect(open.map(({ date, slot }) => `${date} ${slot}`)).toEqual([
      '2026-03-04 10:00-12:00',
      '2026-03-04 14:00-16:00',
      '2026-03-05 08:00-10:00',
      '2026-03-05 10:00-12:00',
      '2026-03-05 14:00-16:00',
      '2026-03-06 08:00-10:00',
      '2026-03-06 10:00-12:00',
      '2026-03-09 08:00-10:00',
      '2026-03-09 10:00-12:00',
      '2026-03-09 14:00-16:00',
    ]);
    // Every window it lists is one a booking would be accepted for.
    for (const { date, slot } of open) expect(dropOffProblem(date, slot, now, calendar)).toBeNull();
  });

  it('prints the hours from the structured week', () => {
    expect(formatWeeklyHours(DEFAULT_WEEKLY_HOURS)).toEqual([
      { days: 'Monday – Thursday', hours: '8:00 AM – 4:30 PM' },
      { days: 'Friday', hours: '8:00 AM – 1:00 PM' },
      { days: 'Saturday – Sunday', hours: 'Closed' },
    ]);
  });
});
