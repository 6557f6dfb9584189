import { z } from 'zod';
import {
  consentNameSchema,
  consentNoteSchema,
  estimateLineSchema,
  lineListSchema,
  SUPPLEMENT_REASON_MAX_LENGTH,
} from './estimate-lines.ts';
import { MAX_PHOTOS_PER_ESTIMATE, photoUrlSchema } from './photos.ts';
import { multiLineText } from './plain-text.ts';

/**
 * Supplements: after the customer approved, more damage found at teardown is priced as a supplement
 * and sent for the customer's consent (F.S. 559.909(1)). The shop records an oral consent with who
 * gave it, how and when.
 */

export const SUPPLEMENT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type SupplementStatus = (typeof SUPPLEMENT_STATUSES)[number];
/**
 * 'online': the customer answered in the app; 'phone' / 'in_person': staff recorded an oral answer;
 * 'email' / 'text': staff recorded a written one (an estimate's approval may be given these ways too).
 */
export const CONSENT_METHODS = ['online', 'phone', 'in_person', 'email', 'text'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
export const STAFF_CONSENT_METHODS = ['phone', 'in_person'] as const;

export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  online: 'online',
  phone: 'by phone',
  in_person: 'in person',
  email: 'by e-mail',
  text: 'by text message',
};

export const REASON_REQUIRED = 'Say why the supplement is needed (the reason).';

/** POST /api/estimates/{id}/supplements: the added or replacing lines, why, and teardown photos. */
export const createSupplementSchema = z.strictObject({
  reason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(
      SUPPLEMENT_REASON_MAX_LENGTH,
      `The reason must be at most ${SUPPLEMENT_REASON_MAX_LENGTH} characters`,
    )
    .refine(...multiLineText('Reason')),
  lines: lineListSchema({ min: 1, emptyMessage: 'A supplement needs at least one line.' }),
  photos: z
    .array(photoUrlSchema, { error: 'photos must be a list of photo URLs' })
    .max(MAX_PHOTOS_PER_ESTIMATE, `At most ${MAX_PHOTOS_PER_ESTIMATE} photos`)
    .default([]),
});
export type CreateSupplementInput = z.input<typeof createSupplementSchema>;
export type CreateSupplement = z.output<typeof createSupplementSchema>;

export const DECISION_REQUIRED = 'decision must be "approved" or "declined"';
export const CONSENT_REQUIRED =
  'Record how the customer answered: consent {method: "phone" or "in_person", name, note}.';
export const CONSENT_IS_THE_SHOPS =
  'Only the shop records a consent given by phone or in person; answer with the decision alone.';

/** POST /api/estimates/{id}/supplements/{sid}/decision. `consent` is for staff only (checked by the server). */
export const supplementDecisionSchema = z.strictObject({
  decision: z.enum(['approved', 'declined'], { error: DECISION_REQUIRED }),
  consent: z
    .strictObject(
      {
        method: z.enum(STAFF_CONSENT_METHODS, { error: 'consent.method must be "phone" or "in_person"' }),
        name: consentNameSchema('consent.name: who gave the answer'),
        note: consentNoteSchema,
      },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : CONSENT_REQUIRED) },
    )
    .optional(),
});
export type SupplementDecisionInput = z.input<typeof supplementDecisionSchema>;
export type SupplementDecision = z.output<typeof supplementDecisionSchema>;

/** How a customer's answer was given: online, or as staff recorded it with the name they were given. */
export const consentSchema = z.object({
  method: z.enum(CONSENT_METHODS),
  name: z.string().nullable(),
  note: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** Who did something, as the estimate shows it. */
export const actorSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const supplementSchema = z.object({
  id: z.string(),
  /** "Supplement #2". */
  number: z.number().int(),
  reason: z.string(),
  status: z.enum(SUPPLEMENT_STATUSES),
  /** The change in the estimate's total, as a decimal string (negative when it lowers it). */
  amount: z.string(),
  photos: z.array(z.string()),
  /** The lines it adds; a line with replacesLineId takes that line's place. */
  lines: z.array(estimateLineSchema),
  createdAt: z.string(),
  createdBy: actorSchema,
  decidedAt: z.string().nullable(),
  decidedBy: actorSchema,
  /** How the answer was given: online by the customer, or recorded by staff with the name they were given. */
  consent: consentSchema.nullable(),
});
export type Supplement = z.infer<typeof supplementSchema>;
