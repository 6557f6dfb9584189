import { format } from 'date-fns';
import { z } from 'zod';
import { DROP_OFF_SLOT_IDS, shopToday } from './drop-off-slots.ts';
import { ESTIMATE_STATUSES } from './estimate-status.ts';

/**
 * The shop's drop-off calendar: the month query, the response shape shared by server and page, and
 * the date arithmetic behind the month grid. Calendar dates are plain 'YYYY-MM-DD' strings in the
 * shop's time zone, so neither the server's nor the browser's zone can move a drop-off to another day.
 */

/**
 * Estimates whose drop-off stays on the calendar: booked, or already brought in (kept so past months
 * remain a record of what came in). An approved estimate is waiting for a date; declined or cancelled
 * ones are not coming.
 */
export const ON_CALENDAR_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;

/** At most this many estimates in the 'not yet scheduled' list; its total is always given. */
export const UNSCHEDULED_LIST_LIMIT = 100;

const MIN_YEAR = 1900;
const MAX_YEAR = 2999;
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const BAD_MONTH_MESSAGE = 'Month must be written YYYY-MM, e.g. 2025-03.';

function monthParts(month: string): { year: number; month: number } | null {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  return { year, month: Number(match[2]) };
}

export function isValidMonth(value: string): boolean {
  return monthParts(value) !== null;
}

function parts(month: string): { year: number; month: number } {
  const result = monthParts(month);
  if (!result) throw new Error(`not a month: ${month}`);
  return result;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const toMonth = (year: number, month: number) => `${pad(year, 4)}-${pad(month)}`;
const toDate = (year: number, month: number, day: number) => `${toMonth(year, month)}-${pad(day)}`;

// Weekdays and month lengths are pure calendar facts; computing them in UTC keeps the local zone out.
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The current month at the shop ('YYYY-MM'), in America/New_York whatever the server's zone. */
export function shopMonth(now: Date = new Date()): string {
  return shopToday(now).slice(0, 7);
}

/** The month `delta` months away (negative goes back): '2025-01' and -1 give '2024-12'. */
export function shiftMonth(month: string, delta: number): string {
  const { year, month: m } = parts(month);
  const index = year * 12 + (m - 1) + delta;
  return toMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** The dates a month covers, as a half-open range [first, next) for a query on a date column. */
export function monthRange(month: string): { first: string; next: string } {
  const { year, month: m } = parts(month);
  return { first: toDate(year, m, 1), next: `${shiftMonth(month, 1)}-01` };
}

/**
 * The month as weeks of seven days, Sunday first; days of the neighbouring months are null (blank
 * cells), since the calendar shows one month's drop-offs at a time.
 */
export function monthGrid(month: string): (string | null)[][] {
  const { year, month: m } = parts(month);
  const cells: (string | null)[] = Array.from({ length: weekdayOf(year, m, 1) }, () => null);
  for (let day = 1; day <= daysInMonth(year, m); day++) cells.push(toDate(year, m, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const WEEKDAYS = [
  { short: 'Sun', long: 'Sunday' },
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
] as const;

/** A calendar date read as a local midnight, for formatting only (never for arithmetic). */
function localDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** "March 2025". */
export function monthLabel(month: string): string {
  return format(localDate(`${month}-01`), 'MMMM yyyy');
}

/** "Friday, March 14". */
export function dayLabel(date: string): string {
  return format(localDate(date), 'EEEE, MMMM d');
}

/** The day of the month of a 'YYYY-MM-DD' date. */
export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

export const calendarQuerySchema = z.object({
  month: z.string({ error: BAD_MONTH_MESSAGE }).refine(isValidMonth, { error: BAD_MONTH_MESSAGE }).optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

const calendarDate = z.string().regex(DATE_PATTERN);

export const calendarVehicleSchema = z.object({
  /** "2019 Honda Accord"; null when none of year, make or model is known. */
  title: z.string().nullable(),
  licensePlate: z.string().nullable(),
});

export const calendarDropOffSchema = z.object({
  appointmentId: z.string(),
  estimateId: z.string(),
  /** The 8-character reference shown as "#REF". */
  reference: z.string(),
  date: calendarDate,
  slot: z.enum(DROP_OFF_SLOT_IDS),
  slotLabel: z.string(),
  /** The estimate's status: scheduled, in_progress or completed. */
  status: z.enum(ESTIMATE_STATUSES),
  customerName: z.string(),
  vehicle: calendarVehicleSchema.nullable(),
  /** The customer picked the window themselves. */
  bookedByCustomer: z.boolean(),
  /** When the customer confirmed from the reminder (ISO); null until then. */
  confirmedAt: z.string().nullable(),
});
export type CalendarDropOff = z.infer<typeof calendarDropOffSchema>;

export const unscheduledEstimateSchema = z.object({
  estimateId: z.string(),
  reference: z.string(),
  /** 'approved', or 'scheduled' when the status was set without a drop-off date. */
  status: z.enum(ESTIMATE_STATUSES),
  customerName: z.string(),
  vehicle: calendarVehicleSchema.nullable(),
  /** When the estimate was requested (ISO timestamp). */
  createdAt: z.string(),
});
export type UnscheduledEstimate = z.infer<typeof unscheduledEstimateSchema>;

/** A car the shop promised back on `date` (its promised date), while the estimate is still open. */
export const calendarDueOutSchema = z.object({
  estimateId: z.string(),
  reference: z.string(),
  date: calendarDate,
  /** The estimate's status: anything but cancelled or declined; completed until the car is picked up. */
  status: z.enum(ESTIMATE_STATUSES),
  /** The stage the car last reached while in progress; null otherwise. */
  repairStage: z.string().nullable(),
  customerName: z.string(),
  vehicle: calendarVehicleSchema.nullable(),
});
export type CalendarDueOut = z.infer<typeof calendarDueOutSchema>;

/** Estimates done with (the car is back, or never coming): their promised date no longer shows. */
export const CLOSED_STATUSES = ['completed', 'cancelled', 'declined'] as const;

export const calendarSchema = z.object({
  month: z.string(),
  /** Today at the shop, for highlighting. */
  today: calendarDate,
  /** The month's drop-offs, by date then slot. */
  dropOffs: z.array(calendarDropOffSchema),
  /** The month's cars due out (promised dates of open estimates, and of completed cars not yet picked up), by date then reference. */
  dueOuts: z.array(calendarDueOutSchema),
  /** Estimates waiting for a drop-off date, longest waiting first (at most UNSCHEDULED_LIST_LIMIT). */
  approvedUnscheduled: z.object({
    estimates: z.array(unscheduledEstimateSchema),
    total: z.number().int(),
  }),
  counters: z.object({
    /** Estimates in status scheduled with a drop-off date, in any month (past dates included). */
    totalScheduled: z.number().int(),
    /** Drop-offs on the calendar in the month shown. */
    thisMonth: z.number().int(),
    /** Estimates in status approved (agreed to, no drop-off date yet). */
    approved: z.number().int(),
    /** Drop-offs of the month shown that the shop marked missed (no-shows). */
    noShowsThisMonth: z.number().int(),
  }),
});
export type Calendar = z.infer<typeof calendarSchema>;

/** The month's drop-offs by date, for placing them in the grid. */
export function dropOffsByDate(dropOffs: CalendarDropOff[]): Map<string, CalendarDropOff[]> {
  const byDate = new Map<string, CalendarDropOff[]>();
  for (const dropOff of dropOffs) {
    const list = byDate.get(dropOff.date) ?? [];
    list.push(dropOff);
    byDate.set(dropOff.date, list);
  }
  return byDate;
}

/** The month's due-out cars by date, for placing them in the grid beside the drop-offs. */
export function dueOutsByDate(dueOuts: CalendarDueOut[]): Map<string, CalendarDueOut[]> {
  const byDate = new Map<string, CalendarDueOut[]>();
  for (const dueOut of dueOuts) {
    const list = byDate.get(dueOut.date) ?? [];
    list.push(dueOut);
    byDate.set(dueOut.date, list);
  }
  return byDate;
}
