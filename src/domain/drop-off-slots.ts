import { TZDate, TZDateMini } from '@date-fns/tz';
import { intlLocale, type Language } from './language.ts';
import { SHOP_TIME_ZONE } from './shop.ts';
import { DAY_NAMES, DEFAULT_WEEKLY_HOURS, hoursLabel, minutesOf, type WeeklyHours } from './shop-hours.ts';

/**
 * The windows a drop-off can be booked in. A day offers those that lie inside its business hours
 * (a Friday that closes at 1:00 PM has no 2:00 PM window); see openWindowsOn.
 */
export const DROP_OFF_SLOTS = [
  { id: '08:00-10:00', label: '8:00 AM - 10:00 AM' },
  { id: '10:00-12:00', label: '10:00 AM - 12:00 PM' },
  { id: '14:00-16:00', label: '2:00 PM - 4:00 PM' },
] as const;

export type DropOffSlotId = (typeof DROP_OFF_SLOTS)[number]['id'];

export const DROP_OFF_SLOT_IDS = DROP_OFF_SLOTS.map((slot) => slot.id) as [DropOffSlotId, ...DropOffSlotId[]];

export { SHOP_TIME_ZONE };

/**
 * Cars the shop can take in during one window unless DROP_OFF_CAPACITY says otherwise: more would
 * leave them parked in the lot.
 */
export const DEFAULT_DROP_OFF_CAPACITY = 2;

export const DROP_OFF_DATE_REQUIRED = 'Please choose a drop-off date.';
export const DROP_OFF_DATE_PAST = 'That day has passed. Please choose today or a later day.';
export const DROP_OFF_SLOT_PAST = 'That time slot is already over today. Please choose a later time.';
export const DROP_OFF_SLOT_REQUIRED = 'Please choose a drop-off time slot.';
export const DROP_OFF_SLOT_FULL = 'That drop-off slot is full. Please choose another time.';

/**
 * How far ahead a customer may book online: a quarter. Far enough to plan around a trip, near enough
 * that the shop's hours, closed days and parts are known, and the calendar the desk reads shows it.
 */
export const CUSTOMER_BOOKING_HORIZON_DAYS = 90;
/**
 * How far ahead the desk may book: a year. Bounded all the same, so a mistyped year (2062 for 2026)
 * is refused rather than booked where no calendar page would ever show it.
 */
export const SHOP_BOOKING_HORIZON_DAYS = 365;
export const dropOffTooFar = (days: number) =>
  `Drop-offs can be booked up to ${days} days ahead. Please choose an earlier day.`;

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

const DAY_MS = 86_400_000;

/** The calendar day `days` after a 'YYYY-MM-DD' day (negative: before). */
function daysAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The booking horizon of whoever books: the desk's year, or the customer's quarter. */
export const bookingHorizonDays = (byShop: boolean) =>
  byShop ? SHOP_BOOKING_HORIZON_DAYS : CUSTOMER_BOOKING_HORIZON_DAYS;

/** The first day a booking may be made for: today for the shop, tomorrow for customers. */
export function firstBookableDay(byShop: boolean, now: Date = new Date()): string {
  const today = shopToday(now);
  return byShop ? today : daysAfter(today, 1);
}

/** The last day a booking may be made for: the booker's horizon after today at the shop. */
export function lastBookableDay(byShop: boolean, now: Date = new Date()): string {
  return daysAfter(shopToday(now), bookingHorizonDays(byShop));
}

/** Today's date at the shop, 'YYYY-MM-DD'. */
export function shopToday(now: Date = new Date()): string {
  return shopClock(now).date;
}

/** The shop's date and minutes after midnight at this instant. */
export function shopClock(now: Date): { date: string; minutes: number } {
  const clock = new TZDateMini(now.getTime(), SHOP_TIME_ZONE);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${clock.getFullYear()}-${pad(clock.getMonth() + 1)}-${pad(clock.getDate())}`,
    minutes: clock.getHours() * 60 + clock.getMinutes(),
  };
}

/** A day the shop is closed on besides its weekly closed days: a holiday (with its name) or a configured date. */
export interface ClosedDay {
  date: string;
  /** "Christmas Day"; null for a date the shop configured without a name. */
  name: string | null;
}

/**
 * When the shop takes cars: its weekly hours and the days it is closed. `closedDay` answers for any
 * date, so the server can resolve holidays year by year and the client can pass what it knows.
 */
export interface ShopCalendar {
  weeklyHours: WeeklyHours;
  closedDay(date: string): ClosedDay | null;
}

/** The weekly hours alone, no closed dates: the default where nothing else is known. */
export const WEEKLY_HOURS_ONLY: ShopCalendar = { weeklyHours: DEFAULT_WEEKLY_HOURS, closedDay: () => null };

/** A calendar from the weekly hours and a list of closed days. */
export function shopCalendarOf(weeklyHours: WeeklyHours, closedDays: readonly ClosedDay[]): ShopCalendar {
  const byDate = new Map(closedDays.map((day) => [day.date, day]));
  return { weeklyHours, closedDay: (date) => byDate.get(date) ?? null };
}

const plural = (day: number) => `${DAY_NAMES[day]}s`;

/** Why the shop takes no car on this day ('The shop is closed on …'), or null when it is open. */
export function closedDayProblem(date: string, calendar: ShopCalendar): string | null {
  const day = utcDay(date);
  if (!day) return DROP_OFF_DATE_REQUIRED;
  const weekday = day.getUTCDay();
  if (!calendar.weeklyHours[weekday]) {
    return `The shop is closed on ${plural(weekday)}. Please choose another day.`;
  }
  const closed = calendar.closedDay(date);
  if (closed) {
    const why = closed.name ? ` (${closed.name})` : '';
    return `The shop is closed on ${formatDropOffDate(date)}${why}. Please choose another day.`;
  }
  return null;
}

/** True when the window lies inside the day's business hours. */
function insideHours(slot: DropOffSlotId, weekday: number, weeklyHours: WeeklyHours): boolean {
  const hours = weeklyHours[weekday];
  if (!hours) return false;
  const [start = '', end = ''] = slot.split('-');
  return minutesOf(start) >= minutesOf(hours.open) && minutesOf(end) <= minutesOf(hours.close);
}

/** The windows the shop offers on this day: none on a closed day, only those inside its hours otherwise. */
export function openWindowsOn(date: string, calendar: ShopCalendar): (typeof DROP_OFF_SLOTS)[number][] {
  const day = utcDay(date);
  if (!day || closedDayProblem(date, calendar)) return [];
  return DROP_OFF_SLOTS.filter((slot) => insideHours(slot.id, day.getUTCDay(), calendar.weeklyHours));
}

/** Why this window is not offered on this (open) day, naming the day's hours; null when it is. */
function outsideHoursProblem(date: string, slot: DropOffSlotId, calendar: ShopCalendar): string | null {
  const weekday = utcDay(date)?.getUTCDay() ?? 0;
  if (insideHours(slot, weekday, calendar.weeklyHours)) return null;
  const hours = hoursLabel(calendar.weeklyHours[weekday] ?? null);
  return `The ${dropOffSlotLabel(slot)} window is outside the shop's hours on ${plural(weekday)} (${hours}). Please choose another time.`;
}

/** How many days a listing of open windows may span (a quarter: plenty to choose from, little to compute). */
export const OPEN_WINDOWS_MAX_DAYS = 92;

/**
 * Every window still open for booking from `from` to `to` (both 'YYYY-MM-DD', inclusive, at most
 * OPEN_WINDOWS_MAX_DAYS days), by date then time: the days and hours the shop takes cars, not before
 * now at the shop. Room left in a window is the caller's to add (it needs the bookings).
 */
export function openDropOffWindows(
  from: string,
  to: string,
  calendar: ShopCalendar,
  now: Date = new Date(),
): { date: string; slot: DropOffSlotId }[] {
  const start = utcDay(from);
  const end = utcDay(to);
  if (!start || !end) return [];
  const found: { date: string; slot: DropOffSlotId }[] = [];
  for (let day = 0; day < OPEN_WINDOWS_MAX_DAYS; day++) {
    const current = new Date(start.getTime() + day * 86_400_000);
    if (current > end) break;
    const date = current.toISOString().slice(0, 10);
    for (const slot of openWindowsOn(date, calendar)) {
      if (!dropOffProblem(date, slot.id, now, calendar)) found.push({ date, slot: slot.id });
    }
  }
  return found;
}

/**
 * Why a drop-off cannot be booked for this day and window right now, or null when it can: a real
 * day the shop is open (its weekly hours, not a closed date or holiday), a window inside that day's
 * hours, not before today at the shop, (today) a window that has not ended yet, and not past the
 * horizon (the desk's year unless a shorter one is given).
 */
export function dropOffProblem(
  date: string,
  slot: string,
  now: Date = new Date(),
  calendar: ShopCalendar = WEEKLY_HOURS_ONLY,
  horizonDays: number = SHOP_BOOKING_HORIZON_DAYS,
): string | null {
  if (!isCalendarDate(date)) return DROP_OFF_DATE_REQUIRED;
  const clock = shopClock(now);
  if (date < clock.date) return DROP_OFF_DATE_PAST;
  const closed = closedDayProblem(date, calendar);
  if (closed) return closed;
  if (!isDropOffSlotId(slot)) return DROP_OFF_SLOT_REQUIRED;
  const outside = outsideHoursProblem(date, slot, calendar);
  if (outside) return outside;
  if (date === clock.date) {
    const [endHour = 0, endMinute = 0] = slot.split('-')[1]?.split(':').map(Number) ?? [];
    if (clock.minutes >= endHour * 60 + endMinute) return DROP_OFF_SLOT_PAST;
  }
  // Last: a day the shop is closed on is named as closed, however far ahead.
  if (date > daysAfter(clock.date, horizonDays)) return dropOffTooFar(horizonDays);
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
