import { z } from 'zod';
import { appointmentSchema } from './admin-estimates.ts';
import {
  DROP_OFF_DATE_REQUIRED,
  DROP_OFF_SLOT_IDS,
  DROP_OFF_SLOT_REQUIRED,
  dropOffSlotLabel,
  formatDropOffDate,
  isCalendarDate,
  OPEN_WINDOWS_MAX_DAYS,
  shopClock,
} from './drop-off-slots.ts';
import { ESTIMATE_STATUSES } from './estimate-status.ts';
import { LANGUAGES } from './language.ts';

/**
 * Customers book their own drop-off (decision 070): they pick a window with room left from the
 * windows the shop's hours and closed days open, move or cancel it up to the day before, and confirm
 * it from the day-before reminder. The shop books on the desk from the same windows and capacity.
 */

/** The last place of a window went to someone else between the listing and the booking (409). */
export const DROP_OFF_WINDOW_TAKEN = 'That time was just taken: please pick another';
/** A customer books an estimate they approved (or moves one already booked). */
export const DROP_OFF_NOT_APPROVED =
  'A drop-off can be booked once the estimate is approved, and only until the car is with us.';
/** Customers book from tomorrow on: the shop gets a day to get ready, and the reminder its day before. */
export const DROP_OFF_FROM_TOMORROW =
  'Drop-offs booked online start tomorrow. For today, please call the shop.';
/** Moving or cancelling online stops at the end of the day before the drop-off. */
export const DROP_OFF_CHANGE_CLOSED =
  'Your drop-off is today or has passed: it can no longer be changed online. Please call the shop.';
export const NO_DROP_OFF_TO_CANCEL = 'No drop-off is booked for this estimate.';
/** The car was checked in at the shop for this visit: there is no drop-off left to book or change. */
export const DROP_OFF_CHECKED_IN =
  'Your vehicle is already checked in at the shop: the drop-off can no longer be booked or changed online. Please call the shop.';
/** A reminder's "Yes, I'll be there" for a booking that has since been moved names the new time. */
export const dropOffMoved = (date: string, slot: string) =>
  `Your drop-off was moved to ${formatDropOffDate(date)}, ${dropOffSlotLabel(slot)}. Please check the new time.`;
/** A reminder's "Yes, I'll be there" opened after the booking's day. */
export const DROP_OFF_DAY_PASSED = "This drop-off's day has passed: there is nothing to confirm.";

/** How many days the booking page lists at once. */
export const DEFAULT_WINDOW_DAYS = 14;

const calendarDate = z
  .string({ error: DROP_OFF_DATE_REQUIRED })
  .refine(isCalendarDate, DROP_OFF_DATE_REQUIRED);

/** GET …/drop-off/windows?from=YYYY-MM-DD&days=14: from today (the shop's staff) or tomorrow (customers). */
export const dropOffWindowsQuerySchema = z.object({
  from: calendarDate.optional(),
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${OPEN_WINDOWS_MAX_DAYS}` })
    .int(`days must be a whole number from 1 to ${OPEN_WINDOWS_MAX_DAYS}`)
    .min(1, `days must be a whole number from 1 to ${OPEN_WINDOWS_MAX_DAYS}`)
    .max(OPEN_WINDOWS_MAX_DAYS, `days must be a whole number from 1 to ${OPEN_WINDOWS_MAX_DAYS}`)
    .default(DEFAULT_WINDOW_DAYS),
});
export type DropOffWindowsQuery = z.output<typeof dropOffWindowsQuerySchema>;

/** One window inside the shop's hours on an open day, with the places still free in it (0: full). */
export const openWindowSchema = z.object({
  date: z.string(),
  slot: z.enum(DROP_OFF_SLOT_IDS),
  label: z.string(),
  available: z.number().int(),
});
export type OpenWindow = z.infer<typeof openWindowSchema>;
export const openWindowListSchema = z.array(openWindowSchema);

/** POST /api/estimates/{id}/drop-off: the window the customer picked. */
export const bookDropOffSchema = z.strictObject({
  date: calendarDate,
  slot: z.enum(DROP_OFF_SLOT_IDS, { error: DROP_OFF_SLOT_REQUIRED }),
});
export type BookDropOff = z.output<typeof bookDropOffSchema>;

/** The answer of booking (201) and cancelling (200): the estimate's status and its booking. */
export const bookedDropOffSchema = z.object({
  status: z.enum(ESTIMATE_STATUSES),
  dropOff: appointmentSchema.nullable(),
});
export type BookedDropOff = z.infer<typeof bookedDropOffSchema>;

/**
 * GET /api/drop-off-links/{token}: what the reminder's links open, signed out: the booking, whether
 * it may still be moved online, the car and the customer's language. No name, no amounts.
 */
export const dropOffLinkPageSchema = z.object({
  shopName: z.string(),
  vehicle: z.string().nullable(),
  language: z.enum(LANGUAGES),
  status: z.enum(ESTIMATE_STATUSES),
  dropOff: appointmentSchema.nullable(),
  /** A booking can be made or moved through this link now (approved, or booked for after today). */
  canBook: z.boolean(),
});
export type DropOffLinkPage = z.infer<typeof dropOffLinkPageSchema>;

/** The booking page a reminder's reschedule link (and the no-show note) opens. */
export const dropOffLinkPath = (token: string) => `/drop-off/${token}`;
/**
 * The reminder's confirm link: the same page, which confirms once opened with it. It names the
 * booking it reminds of, since the token names the estimate: after a move it confirms nothing.
 */
export const dropOffConfirmPath = (token: string, appointmentId: string) =>
  `/drop-off/${token}?confirm=${encodeURIComponent(appointmentId)}`;

/** POST /api/drop-off-links/{token}/confirm: the booking being confirmed (the one the page or reminder shows). */
export const confirmDropOffSchema = z.strictObject({
  appointmentId: z.string({ error: 'appointmentId is required' }).min(1).max(100),
});
export type ConfirmDropOff = z.output<typeof confirmDropOffSchema>;
/** A drop-off link works this many days after it was sent (a reminder's lives past its day). */
export const DROP_OFF_LINK_TTL_DAYS = 30;

/** True when a customer may still move or cancel a drop-off booked for `date`: before that day at the shop. */
export function customerMayChange(date: string, today: string): boolean {
  return today < date;
}

/**
 * The day-before reminder goes between 10:00 AM and 6:00 PM at the shop: after the morning rush,
 * before dinner, and well inside texting hours (8 AM – 9 PM).
 */
export const REMINDER_HOURS = { from: 10, until: 18 } as const;

/**
 * The day whose drop-offs are reminded at `now`: tomorrow at the shop, while the shop's clock is
 * within REMINDER_HOURS; null outside them.
 */
export function reminderDay(now: Date): string | null {
  const clock = shopClock(now);
  const hour = Math.floor(clock.minutes / 60);
  if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.until) return null;
  return new Date(Date.parse(`${clock.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
