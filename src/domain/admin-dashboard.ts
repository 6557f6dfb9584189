import { TZDate, tz } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { z } from 'zod';
import { SHOP_TIME_ZONE } from './drop-off-slots.ts';
import { vehicleSchema } from './estimate-schema.ts';
import { ESTIMATE_STATUSES, type EstimateStatus, normalizeStatus } from './estimate-status.ts';
import { canonicalStatusSchema } from './estimate-status-schema.ts';
import { UUID_PATTERN } from './ids.ts';
import { paymentMethodSchema } from './recorded-payments.ts';

/**
 * The admin dashboard's contract: the paged estimate list, its filters, the summary cards and the
 * vehicle search, shared by the server (validation, allow-listed responses) and the client.
 */

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Spec: the list shows the first 100 characters of the damage description. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** Far beyond any real list; keeps OFFSET (page × size) a sane number. */
const MAX_PAGE = 100_000;

/** A status filter: one of the eight statuses (either spelling of in progress), or every active one. */
export type AdminStatusFilter = EstimateStatus | 'active';

export const ADMIN_STATUS_FILTERS: readonly AdminStatusFilter[] = ['active', ...ESTIMATE_STATUSES];

/** Empty query parameters (an untouched form field) mean "no filter". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_TEXT.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dayParam = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z.string().refine(isCalendarDate, `${name} must be a date written YYYY-MM-DD`).optional(),
  );

const statusParam = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((value, ctx): AdminStatusFilter => {
      if (value.trim().toLowerCase() === 'active') return 'active';
      const status = normalizeStatus(value);
      if (!status) {
        ctx.addIssue({ code: 'custom', message: `Unknown status: ${value}` });
        return z.NEVER;
      }
      return status;
    })
    .optional(),
);

export const adminEstimateListQuerySchema = z
  .object({
    status: statusParam,
    q: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(ADMIN_SEARCH_MAX_LENGTH, `Search text must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`)
        .optional(),
    ),
    from: dayParam('from'),
    to: dayParam('to'),
    /** 'true': only the estimates whose customer still owes for agreed work. */
    balanceDue: z.preprocess(
      blankToUndefined,
      z
        .enum(['true', 'false'], { error: 'balanceDue must be true or false' })
        .transform((value) => value === 'true')
        .optional(),
    ),
    /** One customer's estimates (the Customers tab). */
    customerId: z.preprocess(
      blankToUndefined,
      z.string().regex(UUID_PATTERN, 'customerId must be a customer id').optional(),
    ),
    page: z.coerce
      .number({ error: 'page must be a whole number of 1 or more' })
      .int('page must be a whole number of 1 or more')
      .min(1, 'page must be a whole number of 1 or more')
      .max(MAX_PAGE, 'page is too large')
      .default(1),
    pageSize: z.coerce
      .number({ error: `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}` })
      .int(`pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
      .min(1, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
      .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
      .default(ADMIN_PAGE_SIZE_DEFAULT),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must be on or before to',
    path: ['from'],
  });
export type AdminEstimateListQuery = z.infer<typeof adminEstimateListQuerySchema>;
/** What the client puts in the URL (all optional, as typed in the search block). */
export type AdminEstimateFilters = {
  status?: AdminStatusFilter;
  q?: string;
  from?: string;
  to?: string;
  customerId?: string;
  balanceDue?: 'true';
};

export const adminEstimateListItemSchema = z.object({
  id: z.string(),
  /** First 8 characters of the id, uppercased: the number staff and customers quote. */
  reference: z.string(),
  status: canonicalStatusSchema,
  createdAt: z.string(),
  estimatedAmount: z.string().nullable(),
  /** The first 100 characters of the damage description; null when there is none. */
  damageDescriptionPreview: z.string().nullable(),
  /** True when the description goes on beyond the preview. */
  damageDescriptionTruncated: z.boolean(),
  insuranceCompany: z.string().nullable(),
  customer: z.object({
    id: z.string(),
    /** "First Last"; null when the customer gave no name. */
    name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  vehicle: z
    .object({
      /** "2019 Honda Accord"; null when none of year, make and model is known. */
      title: z.string().nullable(),
      licensePlate: z.string().nullable(),
    })
    .nullable(),
  /** The first photo's thumbnail; null when the estimate has no photo. */
  thumbnailUrl: z.string().nullable(),
  /** While in progress: the stage the car last reached ('Paint'); null otherwise or before the first stage. */
  repairStage: z.string().nullable(),
  /** While in progress: when it went in progress (ISO timestamp); null otherwise. */
  inShopSince: z.string().nullable(),
  /** While in progress: shop calendar days since it went in progress (0 on that day); null otherwise. */
  daysInShop: z.number().int().nullable(),
  /** The day the shop promised the car back ('YYYY-MM-DD'); null when none was set. */
  promisedDate: z.string().nullable(),
  /** Paid so far, online and recorded by the shop (decimal string). */
  paid: z.string(),
  /** What the customer still owes for agreed work; "0.00" before approval and once paid. */
  balanceDue: z.string(),
  /** A supplement waits for the customer's approval (flagged like a quote waiting). */
  supplementAwaiting: z.boolean(),
});
export type AdminEstimateListItem = z.infer<typeof adminEstimateListItemSchema>;

export const adminEstimatePageSchema = z.object({
  items: z.array(adminEstimateListItemSchema),
  /** Estimates matching the filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminEstimatePage = z.infer<typeof adminEstimatePageSchema>;

/** A count with the exact sum of the estimated amounts (a decimal string, "0.00" when none). */
const amountBucketSchema = z.object({ count: z.number().int(), sum: z.string() });

/** Money collected with one method: a decimal string sum and how many payments. */
const collectedByMethodSchema = z.object({
  method: paymentMethodSchema,
  sum: z.string(),
  count: z.number().int(),
});

/**
 * The dashboard's figures. Declined and cancelled estimates are in no sum: what each card counts is
 * listed in docs/API.md ("The dashboard's figures").
 */
export const adminEstimateSummarySchema = z.object({
  quoted: amountBucketSchema,
  approved: amountBucketSchema,
  scheduled: amountBucketSchema,
  /** Approved plus in progress: the cars the shop has agreed to repair and not finished. */
  activeRepairs: z.number().int(),
  completed: z.number().int(),
  /** Sum of the agreed work: approved, scheduled, in progress and completed estimates. */
  totalRevenue: z.string(),
  totalCount: z.number().int(),
  /** Sum of the amounts quoted, declined and cancelled estimates left out (the header badge). */
  totalQuoted: z.string(),
  /** Quotes waiting on the customer's answer: pending or quoted with an amount. */
  quotesWaiting: amountBucketSchema,
  /** Agreed and not yet invoiced (the invoice comes with completion): approved, scheduled, in progress. */
  approvedNotInvoiced: amountBucketSchema,
  /** What customers still owe for agreed work, and on how many estimates. */
  balancesOutstanding: amountBucketSchema,
  /** Payments that went through since the first of this month (shop time), with the split by method. */
  collectedThisMonth: z.object({
    sum: z.string(),
    count: z.number().int(),
    /** The first day of the month counted ('YYYY-MM-DD'). */
    since: z.string(),
    byMethod: z.array(collectedByMethodSchema),
  }),
});
export type AdminEstimateSummary = z.infer<typeof adminEstimateSummarySchema>;

export const adminVehicleSearchQuerySchema = z.object({
  q: z.preprocess(
    blankToUndefined,
    z.string().trim().max(50, 'Search text must be at most 50 characters').optional(),
  ),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50' })
    .int('limit must be a whole number from 1 to 50')
    .min(1, 'limit must be a whole number from 1 to 50')
    .max(50, 'limit must be a whole number from 1 to 50')
    .default(20),
});

/** A vehicle on the admin Vehicles tab: the customer's fields (but mileage) with its owner. */
export const adminVehicleSchema = vehicleSchema.omit({ mileage: true }).extend({
  owner: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }),
  /** The vehicle's newest estimate, for vehicles without a plate to open; null when it has none. */
  latestEstimateId: z.string().nullable(),
});
export type AdminVehicle = z.infer<typeof adminVehicleSchema>;

/**
 * The first 100 characters (whole characters, never half an emoji); null for a blank description.
 * `text` may be just the description's first 101 characters (all the list reads): descriptions are
 * stored trimmed, so a 101st character, even a space, means more follows. The preview drops a space it
 * ends on, so the "…" shown after it sits against the last word.
 */
export function descriptionPreview(text: string | null | undefined): {
  preview: string | null;
  truncated: boolean;
} {
  const characters = Array.from(text?.trimStart() ?? '');
  const preview = characters.slice(0, DESCRIPTION_PREVIEW_LENGTH).join('').trimEnd();
  if (!preview) return { preview: null, truncated: false };
  return { preview, truncated: characters.length > DESCRIPTION_PREVIEW_LENGTH };
}

/** "First Last" from the parts that exist; null when there are none. */
export function personName(firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/**
 * The instants a from/to filter covers: from midnight of `from` up to (not including) the midnight
 * after `to`. Dates typed in the filters are days at the shop, wherever the browser or server runs.
 */
export function shopDayRange(from?: string, to?: string): { start: Date | null; end: Date | null } {
  return {
    start: from ? shopMidnight(from, 0) : null,
    end: to ? shopMidnight(to, 1) : null,
  };
}

function shopMidnight(day: string, addDays: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + addDays, SHOP_TIME_ZONE).getTime());
}

/** The first day of the shop's current month ('YYYY-MM-DD') and the instant it began. */
export function shopMonthStart(now: Date): { day: string; start: Date } {
  const day = `${format(now, 'yyyy-MM', { in: tz(SHOP_TIME_ZONE) })}-01`;
  return { day, start: shopMidnight(day, 0) };
}

/** "Jan 5, 2025": the day at the shop; null when the value is missing or not a date. */
export function formatShopDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return isValid(date) ? format(date, 'MMM d, yyyy', { in: tz(SHOP_TIME_ZONE) }) : null;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The dashboard's one-click moves (spec: pending → approved → in progress → completed). */
export const QUICK_ACTIONS: Partial<Record<EstimateStatus, { label: string; next: EstimateStatus }>> = {
  pending: { label: 'Approve Estimate', next: 'approved' },
  approved: { label: 'Start Repair', next: 'in_progress' },
  in_progress: { label: 'Mark Complete', next: 'completed' },
};

export function quickActionFor(status: string): { label: string; next: EstimateStatus } | null {
  const canonical = normalizeStatus(status);
  return (canonical && QUICK_ACTIONS[canonical]) || null;
}

/** The quick search's plate: trimmed and uppercased; null when nothing was typed. */
export function normalizePlateSearch(text: string): string | null {
  const plate = text.trim().toUpperCase();
  return plate || null;
}

/** The admin estimate page for an estimate id or a license plate. */
export function adminEstimatePath(idOrPlate: string): string {
  return `/admin/estimate/${encodeURIComponent(idOrPlate)}`;
}

/** The list's URL for a page of filtered estimates; unset filters are left out. */
export function adminEstimatesUrl(filters: AdminEstimateFilters, page: number, pageSize: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return `/api/admin/estimates?${params.toString()}`;
}

/** GET /api/admin/vehicles?q=…: the vehicles matching the quick search. */
export const adminVehicleListSchema = z.array(adminVehicleSchema);
