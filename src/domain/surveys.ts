import { z } from 'zod';
import { LANGUAGES } from './language.ts';
import { STATUS_LINK_NOT_VALID } from './status-links.ts';
import { smsSendableAt } from './text-messages.ts';

/**
 * After the car goes home: the pickup the shop records, the one-question survey the customer gets a
 * day later (a signed link, no sign-in), the review request every answer gets alike, the call-back a
 * low score opens, and the shop's Net Promoter Score.
 */

/** Hours between the pickup and the survey (SURVEY_DELAY_HOURS), before the texting-hours rule. */
export const DEFAULT_SURVEY_DELAY_HOURS = 24;

/**
 * When the survey goes: `delayHours` after the pickup, moved to the next 8 am when that falls in the
 * texting quiet hours (the e-mail keeps the same hours as the text: nobody is asked at midnight).
 */
export function surveySendAt(pickedUpAt: Date, delayHours: number): Date {
  return smsSendableAt(new Date(pickedUpAt.getTime() + delayHours * 3_600_000));
}

/** A survey link works for this many days after it is sent. */
export const SURVEY_LINK_TTL_DAYS = 30;

/** The survey page's path in the browser app. */
export const surveyPath = (token: string) => `/survey/${token}`;

/** A wrong, tampered or expired survey link: all alike (the status link's words). */
export const SURVEY_LINK_NOT_VALID = STATUS_LINK_NOT_VALID;
export const SURVEY_ALREADY_ANSWERED = 'This survey has already been answered. Thank you!';

export const SURVEY_COMMENT_MAX_LENGTH = 2000;
export const SURVEY_SCORES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** 9–10 promote, 7–8 are passive, 0–6 detract (the Net Promoter Score's bands). */
export type ScoreBand = 'promoter' | 'passive' | 'detractor';
export function scoreBand(score: number): ScoreBand {
  if (score >= 9) return 'promoter';
  if (score >= 7) return 'passive';
  return 'detractor';
}

/** A score at or below this opens a "Call back" task for the shop. */
export const RECOVERY_SCORE_MAX = 6;
export const needsRecovery = (score: number) => score <= RECOVERY_SCORE_MAX;

/** The window of the dashboard's figures. */
export const CSI_WINDOW_DAYS = 90;

/**
 * %promoters − %detractors, rounded to a whole number (−100…100), a half away from zero (12.5 is 13,
 * −12.5 is −13: Math.round would make it −12, flattering a score below zero); null without any
 * answer: "no score yet" is not the same as a score of 0, when as many promote as detract.
 */
export function netPromoterScore(counts: { responses: number; promoters: number; detractors: number }) {
  if (counts.responses === 0) return null;
  const score = (100 * (counts.promoters - counts.detractors)) / counts.responses;
  // `+ 0`: −0.4 rounds to 0, not −0.
  return Math.sign(score) * Math.round(Math.abs(score)) + 0;
}

/** GET /api/surveys/{token}: what whoever holds the link may read. */
export const surveyPageSchema = z.object({
  shopName: z.string(),
  /** '2019 Toyota Camry', or null when nothing is known about the car. */
  vehicle: z.string().nullable(),
  answered: z.boolean(),
  /** The customer's language: the page speaks it whatever the browser's. */
  language: z.enum(LANGUAGES),
  /** The shop's Google review page, once the survey is answered (and when the shop has set one). */
  reviewUrl: z.string().nullable(),
});
export type SurveyPage = z.infer<typeof surveyPageSchema>;

/** POST /api/surveys/{token}. */
export const surveyAnswerSchema = z.strictObject({
  score: z
    .number({ error: 'Choose a score from 0 to 10.' })
    .int('Choose a score from 0 to 10.')
    .min(0, 'Choose a score from 0 to 10.')
    .max(10, 'Choose a score from 0 to 10.'),
  comment: z
    .string()
    .trim()
    .max(SURVEY_COMMENT_MAX_LENGTH, `The comment must be at most ${SURVEY_COMMENT_MAX_LENGTH} characters.`)
    .optional(),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

/** Every answer is offered the review link alike: Google forbids asking only the happy customers. */
export const surveyAnsweredSchema = z.object({ reviewUrl: z.string().nullable() });

// ---- pickup ----

export const PICKUP_NOTE_MAX_LENGTH = 500;
export const pickupSchema = z.strictObject({
  confirmBalance: z.boolean().optional(),
  note: z
    .string()
    .trim()
    .max(PICKUP_NOTE_MAX_LENGTH, `The note must be at most ${PICKUP_NOTE_MAX_LENGTH} characters.`)
    .optional(),
});
export type PickupInput = z.infer<typeof pickupSchema>;
export const pickedUpSchema = z.object({ pickedUpAt: z.string() });

export const PICKUP_NOT_COMPLETED =
  'Only a completed repair can be picked up: mark the estimate completed first.';
export const ALREADY_PICKED_UP = 'This car has already been picked up.';
export const pickupBalanceDue = (amount: string) =>
  `A balance of ${amount} is still due. Take the payment first, or confirm that the car leaves with the balance due.`;

// ---- service recovery ----

export const RECOVERY_NOTE_MAX_LENGTH = 2000;
export const recoveryTaskSchema = z.object({
  id: z.string(),
  estimateId: z.string(),
  customerName: z.string(),
  phone: z.string().nullable(),
  vehicle: z.string().nullable(),
  score: z.number(),
  comment: z.string().nullable(),
  /** When the low score came in (ISO). */
  openedAt: z.string(),
});
export type RecoveryTask = z.infer<typeof recoveryTaskSchema>;
export const recoveryTaskListSchema = z.array(recoveryTaskSchema);
export const closeRecoverySchema = z.strictObject({
  note: z
    .string({ error: 'Say what was done for the customer.' })
    .trim()
    .min(1, 'Say what was done for the customer.')
    .max(RECOVERY_NOTE_MAX_LENGTH, `The note must be at most ${RECOVERY_NOTE_MAX_LENGTH} characters.`),
});
export const RECOVERY_ALREADY_CLOSED = 'This call-back has already been closed.';

// ---- the figures ----

/** GET /api/admin/csi: the answers of the last CSI_WINDOW_DAYS days. */
export const csiSchema = z.object({
  responses: z.number(),
  promoters: z.number(),
  passives: z.number(),
  detractors: z.number(),
  nps: z.number().nullable(),
});
export type Csi = z.infer<typeof csiSchema>;

/** GET /api/admin/csi/overview: the response rate and the latest comments, for the dashboard. */
export const csiOverviewSchema = z.object({
  /** Surveys sent in the window (their send time has passed). */
  sent: z.number(),
  /** Of those, how many were answered. */
  answered: z.number(),
  /** Whole percent, null when none was sent. */
  responseRate: z.number().nullable(),
  comments: z.array(
    z.object({
      score: z.number(),
      comment: z.string(),
      vehicle: z.string().nullable(),
      answeredAt: z.string(),
    }),
  ),
});
export type CsiOverview = z.infer<typeof csiOverviewSchema>;
