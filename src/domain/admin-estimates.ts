import { z } from 'zod';
import { customerSchema } from './customers.ts';
import {
  DROP_OFF_DATE_REQUIRED,
  DROP_OFF_SLOT_IDS,
  DROP_OFF_SLOT_REQUIRED,
  isCalendarDate,
} from './drop-off-slots.ts';
import { estimateDetailSchema } from './estimate-detail.ts';
import { moneyInputSchema } from './estimate-requests.ts';
import { vehicleSchema } from './estimate-schema.ts';
import { type EstimateStatus, normalizeStatus } from './estimate-status.ts';
import { canonicalStatusSchema, estimateStatusSchema } from './estimate-status-schema.ts';
import { MESSAGE_MAX_LENGTH } from './messages.ts';
import { multiLineText } from './plain-text.ts';
import { approvalConsentSchema, expectedAmountSchema } from './status-transitions.ts';

/** Request and response shapes of the shop's estimate page (/api/admin/...). */

export const QUOTE_TOTAL_REQUIRED = 'Please enter a total amount greater than $0.00.';
export const INSTRUCTIONS_REQUIRED = 'Please enter drop-off instructions.';
export const INSTRUCTIONS_MAX_LENGTH = 1000;
export const STATUS_REQUIRED = 'Please choose a status.';
export const PLATE_REQUIRED = 'Enter License Plate';

/** POST /api/admin/estimates/{id}/quote: amounts in cents after parsing; deductible and coverage optional. */
export const quoteEstimateSchema = z.strictObject({
  // A missing total is told the same way as an empty one.
  estimatedAmount: z.preprocess(
    (value) => (value === undefined ? null : value),
    moneyInputSchema.refine((cents) => cents !== null && cents > 0, QUOTE_TOTAL_REQUIRED),
  ),
  customerDeductible: moneyInputSchema.optional(),
  insuranceCoverage: moneyInputSchema.optional(),
});
export type QuoteEstimateInput = z.input<typeof quoteEstimateSchema>;
export type QuoteEstimate = z.output<typeof quoteEstimateSchema>;

/**
 * POST /api/admin/estimates/{id}/schedule. Whether the day is still ahead, open (business hours,
 * closed dates, holidays) and the window inside its hours is judged by the server (dropOffProblem).
 */
export const scheduleDropOffSchema = z.strictObject({
  date: z.string({ error: DROP_OFF_DATE_REQUIRED }).refine(isCalendarDate, DROP_OFF_DATE_REQUIRED),
  slot: z.enum(DROP_OFF_SLOT_IDS, { error: DROP_OFF_SLOT_REQUIRED }),
  instructions: z
    .string({ error: INSTRUCTIONS_REQUIRED })
    .trim()
    .min(1, INSTRUCTIONS_REQUIRED)
    .max(INSTRUCTIONS_MAX_LENGTH, `Instructions must be at most ${INSTRUCTIONS_MAX_LENGTH} characters`)
    .refine(...multiLineText('Instructions')),
});
export type ScheduleDropOff = z.output<typeof scheduleDropOffSchema>;

/** GET /api/admin/estimates/{id}/drop-off-slots?date=YYYY-MM-DD: how full each window of that day is. */
export const dropOffDayQuerySchema = z.object({
  date: z.string({ error: DROP_OFF_DATE_REQUIRED }).refine(isCalendarDate, DROP_OFF_DATE_REQUIRED),
});

export const dropOffWindowSchema = z.object({
  id: z.enum(DROP_OFF_SLOT_IDS),
  label: z.string(),
  /** Places booked by other estimates (this estimate's own booking is freed when it is moved). */
  taken: z.number().int(),
  capacity: z.number().int(),
  /** No place left for this estimate: booking it would be refused. */
  full: z.boolean(),
});
export type DropOffWindow = z.infer<typeof dropOffWindowSchema>;

/**
 * The day's windows inside its business hours (none when the shop is closed that day), and why it is
 * closed ('The shop is closed on …'), else null.
 */
export const dropOffDaySchema = z.object({
  date: z.string(),
  closed: z.string().nullable(),
  windows: z.array(dropOffWindowSchema),
});
export type DropOffDay = z.infer<typeof dropOffDaySchema>;

/**
 * POST /api/admin/estimates/{id}/status: a status the transitions table allows ('in-progress' too); the
 * note is optional. `approved` needs `consent` (how the customer approved); `expectedAmount` is the
 * total staff saw when they recorded it.
 */
export const changeStatusSchema = z.strictObject({
  status: z.string({ error: STATUS_REQUIRED }).min(1, STATUS_REQUIRED).pipe(estimateStatusSchema),
  consent: approvalConsentSchema.optional(),
  expectedAmount: expectedAmountSchema.optional(),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(MESSAGE_MAX_LENGTH, `Notes must be at most ${MESSAGE_MAX_LENGTH} characters`)
    .refine(...multiLineText('Notes'))
    .optional(),
});
export type ChangeStatusInput = z.input<typeof changeStatusSchema>;
export type ChangeStatus = z.output<typeof changeStatusSchema>;

/** The booked drop-off of a scheduled estimate. */
export const appointmentSchema = z.object({
  id: z.string(),
  /** 'YYYY-MM-DD', the day at the shop. */
  date: z.string(),
  slot: z.enum(DROP_OFF_SLOT_IDS),
  slotLabel: z.string(),
  instructions: z.string(),
  /** The customer picked the window themselves. */
  bookedByCustomer: z.boolean(),
  /** When the customer confirmed from the day-before reminder (ISO); null until then. */
  confirmedAt: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * Repair updates by text on this estimate: the number the customer asked texts at, when they asked,
 * and when that number texted STOP (null while it has not, or since it texted START). A STOP belongs
 * to the number: while `stoppedAt` is set nothing is texted to it, whoever asked (decision 060).
 */
export const textUpdatesSchema = z.object({
  phone: z.string(),
  optedInAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
});
export type TextUpdates = z.infer<typeof textUpdatesSchema>;

/** GET /api/admin/estimates/{id}/details, and the reply of every action on the page. */
export const adminEstimateDetailsSchema = z.object({
  /** With its lines, approvals and supplements, as GET /api/estimates/{id} shows it. */
  estimate: estimateDetailSchema,
  customer: customerSchema,
  appointment: appointmentSchema.nullable(),
  /** Null when the customer did not ask for texts on this estimate. */
  textUpdates: textUpdatesSchema.nullable(),
  /** Drop-offs this customer missed, on any of their estimates (their history with the shop). */
  customerNoShows: z.number().int(),
});
export type AdminEstimateDetails = z.infer<typeof adminEstimateDetailsSchema>;

/** GET /api/admin/plates/{plate}/estimates: the estimates of the vehicles with that plate, newest first. */
export const plateEstimateSchema = z.object({
  id: z.string(),
  status: canonicalStatusSchema,
  createdAt: z.string(),
  vehicle: vehicleSchema,
});
export type PlateEstimate = z.infer<typeof plateEstimateSchema>;

/** A quote may be (re)sent until the customer has agreed to it; after that the status card moves it back first. */
export const QUOTABLE_STATUSES: readonly EstimateStatus[] = ['pending', 'quoted', 'declined'];
/** A drop-off is booked once the customer approved; a scheduled estimate may be moved to another time. */
export const SCHEDULABLE_STATUSES: readonly EstimateStatus[] = ['approved', 'scheduled'];

export function canSendQuote(status: string): boolean {
  const canonical = normalizeStatus(status);
  return canonical !== null && QUOTABLE_STATUSES.includes(canonical);
}

export function canScheduleDropOff(status: string): boolean {
  const canonical = normalizeStatus(status);
  return canonical !== null && SCHEDULABLE_STATUSES.includes(canonical);
}

/**
 * What the staff's drop-off card says when no drop-off can be booked: true for each status (once
 * the car is in, or the job is over, "once approved" would be wrong). Null while one can be booked.
 */
export function dropOffNote(status: string): string | null {
  switch (normalizeStatus(status)) {
    case 'pending':
    case 'quoted':
      return 'A drop-off can be scheduled once the customer has approved the estimate.';
    case 'declined':
      return 'The customer declined this estimate: no drop-off to schedule.';
    case 'cancelled':
      return 'This estimate was cancelled: no drop-off to schedule.';
    case 'in_progress':
      return 'The vehicle is in the shop: the repair is under way.';
    case 'completed':
      return 'The repair is completed: no drop-off to schedule.';
    case 'approved':
    case 'scheduled':
      return null;
    default:
      return 'A drop-off can be scheduled once the customer has approved the estimate.';
  }
}

const ESTIMATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/estimate/{idOrPlate}: an estimate id, or else a license plate to look up. */
export function isEstimateId(value: string): boolean {
  return ESTIMATE_ID.test(value);
}

/** GET /api/admin/plates/{plate}/estimates: the estimates of the vehicles with that plate, newest first. */
export const plateEstimateListSchema = z.array(plateEstimateSchema);
