import { z } from 'zod';
import { isCalendarDate, shopToday } from './drop-off-slots.ts';
import { photoUrlSchema } from './photos.ts';
import { multiLineText, oneLineText } from './plain-text.ts';
import { pricingSchema } from './pricing.ts';

/**
 * Keeping the customer informed while the car is in the shop: the stages a repair goes through, the
 * date the shop promises it back, and the timeline both make with the status changes.
 */

/** The stages a car moves through while in progress; SHOP_REPAIR_STAGES may rename them. */
export const DEFAULT_REPAIR_STAGES = [
  'Parts ordered',
  'Parts received',
  'Body repair',
  'Paint',
  'Reassembly',
  'Quality check',
  'Ready for pickup',
] as const;

export const STAGE_NOTE_MAX_LENGTH = 1000;
export const MAX_STAGE_PHOTOS = 10;
export const PROMISED_DATE_REASON_MAX_LENGTH = 300;

export const STAGES_ONLY_IN_PROGRESS = 'Repair stages are recorded while the repair is in progress.';
export const unknownStage = (stages: readonly string[]) => `Stage must be one of: ${stages.join(', ')}`;

/** POST /api/estimates/{id}/stages (staff). */
export const addStageSchema = z.strictObject({
  stage: z
    .string({ error: 'Stage is required' })
    .trim()
    .min(1, 'Stage is required')
    .max(60)
    .refine(...oneLineText('Stage')),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(STAGE_NOTE_MAX_LENGTH, `Note must be at most ${STAGE_NOTE_MAX_LENGTH} characters`)
    .refine(...multiLineText('Note'))
    .optional(),
  photos: z
    .array(photoUrlSchema, { error: 'Photos must be a list of photo URLs' })
    .max(MAX_STAGE_PHOTOS, `At most ${MAX_STAGE_PHOTOS} photos per stage`)
    .optional(),
  /** Shown to the shop only: never in the customer's timeline, never texted. */
  internal: z.boolean({ error: 'internal must be true or false' }).optional(),
});
export type AddStage = z.output<typeof addStageSchema>;

/** PATCH /api/estimates/{id} {promisedDate, promisedDateReason?} (staff). */
export const promisedDateUpdateSchema = z.strictObject({
  promisedDate: z
    .string({ error: 'Promised date must be a date (YYYY-MM-DD)' })
    .refine(isCalendarDate, 'Promised date must be a date (YYYY-MM-DD)'),
  promisedDateReason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(
      PROMISED_DATE_REASON_MAX_LENGTH,
      `Reason must be at most ${PROMISED_DATE_REASON_MAX_LENGTH} characters`,
    )
    .refine(...multiLineText('Reason'))
    .optional(),
});

export const PROMISED_DATE_REASON_REQUIRED = 'Say why the promised date changes (the customer reads it).';
export const PROMISED_DATE_CLOSED = 'The promised date can no longer change: the estimate is closed.';

/** What a timeline entry records. */
export const TIMELINE_KINDS = ['status', 'stage', 'pickup', 'check_in', 'ready_notice'] as const;

/**
 * One entry of the timeline, oldest first. Status entries name the status ('in_progress'); the
 * pickup entry (the car went home) is named 'picked_up'; the check-in entry (the car came in and was
 * photographed all round, decision 071) 'checked_in', with its photos; the ready notice (the customer was
 * told the finished car can be collected: storage counts from it, decision 072) 'ready_notified'.
 */
export const timelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  name: z.string(),
  at: z.string(),
  note: z.string().optional(),
  photos: z.array(z.string()).optional(),
  /** Staff only: present (true) on entries the customer never sees. */
  internal: z.literal(true).optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const promisedDateChangeSchema = z.object({
  date: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type PromisedDateChange = z.infer<typeof promisedDateChangeSchema>;

/**
 * GET /api/admin/pricing: the pricing the line editor counts with, and the configured repair stages
 * (the progress card's buttons, in order).
 */
export const shopSettingsSchema = pricingSchema.extend({ repairStages: z.array(z.string()) });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

const calendarDayNumber = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
};

/**
 * Whole days a car has been in the shop: shop calendar days from the day it went in progress to today
 * (0 on the day it came in), in America/New_York whatever the server's or browser's zone.
 */
export function daysInShop(since: Date, now: Date = new Date()): number {
  return Math.max(0, calendarDayNumber(shopToday(now)) - calendarDayNumber(shopToday(since)));
}

/** "In today", "1 day", "12 days". */
export function daysInShopLabel(days: number): string {
  if (days === 0) return 'In today';
  return `${days} day${days === 1 ? '' : 's'} in shop`;
}
