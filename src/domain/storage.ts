import { z } from 'zod';
import { closedDayProblem, isCalendarDate, type ShopCalendar, shopToday } from './drop-off-slots.ts';
import { centsToDecimal } from './money.ts';

/**
 * Storage of a finished car that was not picked up, and the lien that secures it (decision 072).
 *
 * F.S. 559.905(1)(n): the written estimate states the daily storage charge that applies once the
 * repair is done and the customer was told so. The shop charges nothing for the three business days
 * after that notice: storage accrues per calendar day from the fourth business day (the shop's open
 * days: its weekly hours, configured closed dates and the US federal holidays) until the pickup.
 * F.S. 713.585(1)(a): the lien notice goes out within 7 business days, excluding Saturday and Sunday,
 * after storage charges begin; no sale earlier than 60 days after the repair was completed, nor less
 * than 30 days after the notice was sent.
 */

/** Business days after the ready notice that cost nothing: storage accrues from the next one. */
export const STORAGE_FREE_BUSINESS_DAYS = 3;
/** F.S. 713.585(1)(a): the notice of lien goes out within this many weekdays after storage begins. */
export const LIEN_NOTICE_WEEKDAYS = 7;
/** F.S. 713.585: no sale earlier than this many days after the repair work was completed. */
export const LIEN_SALE_DAYS_AFTER_COMPLETION = 60;
/** F.S. 713.585(1)(a): the notice is never sent less than this many days before the sale. */
export const LIEN_SALE_DAYS_AFTER_NOTICE = 30;

const DAY_MS = 86_400_000;

function utcNoon(date: string): number {
  return Date.parse(`${date}T12:00:00Z`);
}

/** The calendar date `days` days after 'YYYY-MM-DD' (negative: before). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(utcNoon(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (0 on the same day, negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((utcNoon(to) - utcNoon(from)) / DAY_MS);
}

/** The `count`-th day after `date` on which `isBusinessDay` holds (the day itself never counts). */
function nthDayAfter(date: string, count: number, isBusinessDay: (day: string) => boolean): string {
  let day = date;
  for (let found = 0; found < count; ) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day)) found += 1;
  }
  return day;
}

/** A day the shop is open: a weekday with posted hours, not a configured closed date nor a holiday. */
function isShopBusinessDay(date: string, calendar: ShopCalendar): boolean {
  return closedDayProblem(date, calendar) === null;
}

/**
 * The first day storage is charged for, given the shop date the customer was told the car is ready:
 * the fourth business day after it (the three after the notice are free).
 */
export function storageStartDate(noticeDate: string, calendar: ShopCalendar): string {
  if (!isCalendarDate(noticeDate)) throw new Error(`not a calendar date: ${noticeDate}`);
  return nthDayAfter(noticeDate, STORAGE_FREE_BUSINESS_DAYS + 1, (day) => isShopBusinessDay(day, calendar));
}

/** What the written estimate said about storage, as recorded when it went to the customer. */
export interface StatedStorage {
  /** When it was recorded; null on an estimate older than the record (decision 072, amended 3 Dec 2026). */
  storageTermsStatedAt: Date | null;
  /** The daily charge it stated (cents); null when it stated none. */
  statedStorageRateCents: number | null;
}

/** A daily storage rate in cents as charged: zero or less charges nothing, the same as none. */
export function chargedRate(cents: number | null): number | null {
  return cents !== null && cents > 0 ? cents : null;
}

/**
 * The daily charge (cents) the estimate's written estimate states: as recorded when it went to the
 * customer; before then, or on an estimate older than the record, the shop's rate now, which is what
 * a copy printed now states. Null: none.
 */
export function statedStorageRate(terms: StatedStorage, configuredCents: number | null): number | null {
  if (!terms.storageTermsStatedAt) return chargedRate(configuredCents);
  return chargedRate(terms.statedStorageRateCents);
}

/**
 * The daily charge (cents) the ready notice fixes: F.S. 559.905(1)(n) lets the shop charge storage only
 * as the written estimate stated it, so never more than it stated and nothing when it stated none; a
 * rate lowered since is the customer's to keep, and a shop that charges none now charges none. An
 * estimate whose terms were never recorded (older than the record) pays the shop's rate, as before.
 */
export function storageRateAtNotice(terms: StatedStorage, configuredCents: number | null): number | null {
  const configured = chargedRate(configuredCents);
  if (!terms.storageTermsStatedAt) return configured;
  const stated = chargedRate(terms.statedStorageRateCents);
  if (stated === null || configured === null) return null;
  return Math.min(stated, configured);
}

/** What the estimate row says about storage. */
export interface StorageTerms {
  status: string;
  /** The first day charged ('YYYY-MM-DD'), set with the ready notice; null before it. */
  storageFrom: string | null;
  /** The daily charge the ready notice fixed (cents, `storageRateAtNotice`); null when none is charged. */
  storageRateCents: number | null;
  pickedUpAt: Date | null;
}

export interface StorageCharge {
  /** The first day charged, 'YYYY-MM-DD'. */
  from: string;
  /** Calendar days charged so far: the start day through today (or the pickup day), both counted. */
  days: number;
  /** The daily charge the ready notice fixed (cents). */
  rateCents: number;
  amountCents: number;
}

/**
 * Storage owed now (or when the car went home): null when the shop charges none or the customer was
 * not told the car is ready; 0 days before the start day. A repair moved back out of completed
 * stops accruing: only a finished car waiting to be collected is in storage.
 */
export function storageCharge(terms: StorageTerms, now: Date = new Date()): StorageCharge | null {
  const { storageFrom: from, storageRateCents: rate } = terms;
  if (!from || !rate || rate <= 0 || terms.status !== 'completed') return null;
  const until = shopToday(terms.pickedUpAt ?? now);
  const days = Math.max(0, calendarDaysBetween(from, until) + 1);
  return { from, days, rateCents: rate, amountCents: days * rate };
}

/** The cents storage adds to the bill now (0 when none). */
export function storageCents(terms: StorageTerms, now: Date = new Date()): number {
  return storageCharge(terms, now)?.amountCents ?? 0;
}

/** Monday to Friday: F.S. 713.585(1)(a) counts business days "excluding Saturday and Sunday". */
function isWeekdayDate(date: string): boolean {
  const day = new Date(utcNoon(date)).getUTCDay();
  return day >= 1 && day <= 5;
}

/** The last day the notice of lien may be mailed: the 7th weekday after storage began. */
export function lienNoticeDeadline(storageFrom: string): string {
  return nthDayAfter(storageFrom, LIEN_NOTICE_WEEKDAYS, isWeekdayDate);
}

/**
 * The earliest day the car could be sold: 60 days after the repair was completed, and at least 30
 * days after the notice is mailed (taken as the day it is produced).
 */
export function earliestSaleDate(completedOn: string, noticeOn: string): string {
  const afterRepair = addCalendarDays(completedOn, LIEN_SALE_DAYS_AFTER_COMPLETION);
  const afterNotice = addCalendarDays(noticeOn, LIEN_SALE_DAYS_AFTER_NOTICE);
  // 'YYYY-MM-DD' texts sort as the days do: the later of the two.
  return [afterRepair, afterNotice].sort()[1] ?? afterRepair;
}

/**
 * The earliest sale date a notice of lien produced on `producedOn` prints. F.S. 713.585(1)(a): the
 * notice is sent "not less than 30 days before the sale", and the shop may mail it any day up to the
 * 7-business-day deadline after storage began, not necessarily the day it printed it. So the date is
 * counted from the later of the day it is produced and that deadline: whenever within the deadline it
 * is mailed, the sale it announces is at least 30 days after the mailing.
 */
export function saleDateOnNotice(completedOn: string, producedOn: string, storageFrom: string): string {
  const deadline = lienNoticeDeadline(storageFrom);
  return earliestSaleDate(completedOn, producedOn > deadline ? producedOn : deadline);
}

/** The last 8 characters of the VIN: F.S. 713.585(1)(b) wants them on the envelope and address box. */
export function vinLastEight(vin: string): string {
  return vin.trim().toUpperCase().slice(-8);
}

// ---- HTTP shapes ----

/** In payment-summary: storage so far; amounts are decimal strings like every amount. */
export const storageSummarySchema = z.object({
  from: z.string(),
  days: z.number().int().min(0),
  /** The daily charge this car pays, fixed by its ready notice (not the shop's rate now). */
  rate: z.string(),
  amount: z.string(),
});
export type StorageSummary = z.infer<typeof storageSummarySchema>;

export function presentStorage(charge: StorageCharge | null): StorageSummary | null {
  return (
    charge && {
      from: charge.from,
      days: charge.days,
      rate: centsToDecimal(charge.rateCents),
      amount: centsToDecimal(charge.amountCents),
    }
  );
}

export const lienNoticeNotYet = (date: string) =>
  `Storage charges begin on ${date}: the notice of lien can be produced from that day.`;
export const LIEN_NOTICE_NO_STORAGE =
  'No storage is charged on this repair (no daily rate, or the customer was not told the car is ready): there is no notice of lien to produce.';
export const LIEN_NOTICE_PICKED_UP = 'The car has been picked up: the shop no longer holds a lien on it.';
export const LIEN_NOTICE_NOTHING_OWED = 'Nothing is owed on this repair: there is no lien to claim.';
export const LIEN_NOTICE_NO_VIN =
  "The vehicle's VIN is missing: F.S. 713.585 requires it on the notice. Add the VIN to the vehicle first.";

/** GET /api/admin/estimates/{id}/lien-notice: what the desk shows about the notice of lien. */
export const lienNoticeStatusSchema = z.object({
  /** Whether the PDF can be produced now; when not, `reason` says why. */
  available: z.boolean(),
  reason: z.string().nullable(),
  /** The first day storage is charged (from then on the notice can be produced). */
  storageFrom: z.string().nullable(),
  /** The last day to mail it (F.S. 713.585(1)(a)). */
  deadline: z.string().nullable(),
  /** The earliest sale date if the notice were mailed today. */
  earliestSale: z.string().nullable(),
  /** The amount that would redeem the car today (decimal string). */
  amountToRedeem: z.string(),
  /** Every notice produced, newest first: who and when. */
  produced: z.array(z.object({ at: z.string(), by: z.string(), amount: z.string() })),
});
export type LienNoticeStatus = z.infer<typeof lienNoticeStatusSchema>;

/** The 409 before storage begins names the day the notice can be produced. */
export const lienNoticeRefusalSchema = z.object({
  message: z.string(),
  availableFrom: z.string().optional(),
});

export type LienNoticeAvailability =
  | { available: true }
  | { available: false; reason: string; availableFrom?: string };

/**
 * Whether the desk may produce the notice of lien today: storage has begun (before, the answer names
 * the day it can be produced), the car is still at the shop (the lien is possessory: a car handed over
 * is no longer held), and something is still owed (the lien secures what is unpaid).
 */
export function lienNoticeAvailability(
  terms: StorageTerms & { amountDueCents: number },
  now: Date = new Date(),
): LienNoticeAvailability {
  if (terms.pickedUpAt) return { available: false, reason: LIEN_NOTICE_PICKED_UP };
  const charge = storageCharge(terms, now);
  if (!charge) return { available: false, reason: LIEN_NOTICE_NO_STORAGE };
  if (charge.days === 0) {
    return { available: false, reason: lienNoticeNotYet(charge.from), availableFrom: charge.from };
  }
  if (terms.amountDueCents <= 0) return { available: false, reason: LIEN_NOTICE_NOTHING_OWED };
  return { available: true };
}
