import { TZDate, TZDateMini } from '@date-fns/tz';
import { intlLocale, type Language } from './language.ts';

/** Drop-offs are taken Monday to Friday in three windows a day (15 slots a week). */
export const DROP_OFF_SLOTS = [
  { id: '08:00-10:00', label: '8:00 AM - 10:00 AM' },
  { id: '10:00-12:00', label: '10:00 AM - 12:00 PM' },
  { id: '14:00-16:00', label: '2:00 PM - 4:00 PM' },
] as const;

export type DropOffSlotId = (typeof DROP_OFF_SLOTS)[number]['id'];

export const DROP_OFF_SLOT_IDS = DROP_OFF_SLOTS.map((slot) => slot.id) as [DropOffSlotId, ...DropOffSlotId[]];

/** "Today" and "past" are judged on the shop's clock (Land O' Lakes, Florida), not the viewer's or the server's. */
export const SHOP_TIME_ZONE = 'America/New_York';

/** Cars the shop can take in during one window: more would leave them parked in the lot. */
export const DROP_OFF_SLOT_CAPACITY = 2;

export const DROP_OFF_DATE_REQUIRED = 'Please choose a drop-off date.';
export const DROP_OFF_WEEKDAYS_ONLY = 'Drop-offs are taken Monday to Friday. Please choose a weekday.';
export const DROP_OFF_DATE_PAST = 'That day has passed. Please choose today or a later day.';
export const DROP_OFF_SLOT_PAST = 'That time slot is already over today. Please choose a later time.';
export const DROP_OFF_SLOT_REQUIRED = 'Please choose a drop-off time slot.';
export const DROP_OFF_SLOT_FULL = 'That drop-off slot is full. Please choose another time.';

export function isDropOffSlotId(value: string): value is DropOffSlotId {
  return (DROP_OFF_SLOT_IDS as readonly string[]).includes(value);
}

/**
 * '8:00 AM - 10:00 AM' for '08:00-10:00' ('8:00 a.m. - 10:00 a.m.' in Spanish); the id itself when it
 * is not a known slot.
 */
export function dropOffSlotLabel(id: string, language: Language = 'en'): string {
  const label = DROP_OFF_SLOTS.find((slot) => slot.id === id)?.label;
  if (!label || language === 'en') return label ?? id;
  const clock = new Intl.DateTimeFormat(intlLocale(language), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  const at = (time: string) => {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    return clock.format(Date.UTC(2000, 0, 1, hour, minute));
  };
  const [start = '', end = ''] = id.split('-');
  return [at(start), at(end)].join(' - ');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of a 'YYYY-MM-DD' text as a UTC midnight, or null when no such day exists. */
function utcDay(date: string): Date | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const value = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over to March: such a day does not exist.
  return value.getUTCFullYear() === year && value.getUTCMonth() === month - 1 && value.getUTCDate() === day
    ? value
    : null;
}

export function isCalendarDate(date: string): boolean {
  return utcDay(date) !== null;
}

/** Monday to Friday (the day itself, wherever the code runs). */
export function isWeekday(date: string): boolean {
  const day = utcDay(date)?.getUTCDay();
  return day !== undefined && day >= 1 && day <= 5;
}

/** Today's date at the shop, 'YYYY-MM-DD'. */
export function shopToday(now: Date = new Date()): string {
  return shopClock(now).date;
}

function shopClock(now: Date): { date: string; minutes: number } {
  const clock = new TZDateMini(now.getTime(), SHOP_TIME_ZONE);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${clock.getFullYear()}-${pad(clock.getMonth() + 1)}-${pad(clock.getDate())}`,
    minutes: clock.getHours() * 60 + clock.getMinutes(),
  };
}

/**
 * Why a drop-off cannot be booked for this day and window right now, or null when it can:
 * a real weekday, not before today at the shop, and (today) a window that has not ended yet.
 */
export function dropOffProblem(date: string, slot: string, now: Date = new Date()): string | null {
  if (!isCalendarDate(date)) return DROP_OFF_DATE_REQUIRED;
  if (!isWeekday(date)) return DROP_OFF_WEEKDAYS_ONLY;
  if (!isDropOffSlotId(slot)) return DROP_OFF_SLOT_REQUIRED;
  const clock = shopClock(now);
  if (date < clock.date) return DROP_OFF_DATE_PAST;
  if (date === clock.date) {
    const [endHour = 0, endMinute = 0] = slot.split('-')[1]?.split(':').map(Number) ?? [];
    if (clock.minutes >= endHour * 60 + endMinute) return DROP_OFF_SLOT_PAST;
  }
  return null;
}

/** 'Monday, March 2, 2026' for '2026-03-02' (the day as written, in no particular time zone). */
export function formatDropOffDate(date: string): string {
  const day = utcDay(date);
  if (!day) return date;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/**
 * The instants a drop-off window opens and closes: its hours on that day at the shop, whatever the
 * zone the code runs in (so a booking across a clock change still starts at 8:00 local time).
 */
export function dropOffWindow(date: string, slot: DropOffSlotId): { start: Date; end: Date } {
  const day = utcDay(date);
  if (!day) throw new Error(`not a calendar date: ${date}`);
  const [startHour = 0, startMinute = 0, endHour = 0, endMinute = 0] = slot.split(/[-:]/).map(Number);
  const at = (hour: number, minute: number) =>
    new Date(
      new TZDate(
        day.getUTCFullYear(),
        day.getUTCMonth(),
        day.getUTCDate(),
        hour,
        minute,
        SHOP_TIME_ZONE,
      ).getTime(),
    );
  return { start: at(startHour, startMinute), end: at(endHour, endMinute) };
}
