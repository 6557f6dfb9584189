import { z } from 'zod';
import { normalizeStatus } from './estimate-status.ts';
import { toCents } from './money.ts';
import { multiLineText, oneLineText } from './plain-text.ts';

/**
 * The signed repair authorisation (decision 071): the customer reviews the approved estimate and signs
 * with a finger, choosing under F.S. 559.905 between a written estimate, waiving it, or a limit the
 * shop may not exceed without asking; saying whether they want the replaced parts back (F.S.
 * 559.909); and, for an insurance job, directing the insurer to pay the shop.
 */

export const ESTIMATE_CHOICES = ['written', 'waived', 'limit'] as const;
export type EstimateChoice = (typeof ESTIMATE_CHOICES)[number];

/** The signature as the browser sends it: a PNG data URL. */
export const SIGNATURE_PREFIX = 'data:image/png;base64,';
/** 300 KB of base64: a finger-drawn signature on a phone or tablet canvas is 5–60 KB. */
export const SIGNATURE_MAX_LENGTH = 400_000;
/** The canvas the page draws on is at most this big (device pixels), and a signature at least this. */
export const SIGNATURE_MAX_SIDE = 3000;
export const SIGNATURE_MIN_SIDE = 50;

export const SIGNER_NAME_MAX_LENGTH = 120;
export const CLAIM_NUMBER_MAX_LENGTH = 60;
export const INSURER_MAX_LENGTH = 120;
export const REPLACE_REASON_MAX_LENGTH = 500;

export const SIGNATURE_REQUIRED = 'Please sign in the box with your finger or mouse.';
export const SIGNATURE_NOT_PNG = 'The signature must be a PNG image (data:image/png;base64,…).';
export const SIGNATURE_UNREADABLE = 'The signature image could not be read. Please sign again.';
export const SIGNATURE_TOO_LARGE = 'The signature image is too large. Please sign again.';
export const SIGNER_NAME_REQUIRED = 'Please type your full name.';
export const LIMIT_AMOUNT_REQUIRED = 'Please enter the most the shop may charge without asking you.';
export const LIMIT_AMOUNT_INVALID = 'The limit must be an amount in dollars above $0, e.g. 1500.00.';
export const LIMIT_AMOUNT_ONLY_WITH_LIMIT = 'A limit amount goes only with the "limit" choice.';
/** The customer approved the estimate; a limit under it would forbid the work they approved. */
export const limitBelowApproved = (approved: string) =>
  `The limit can't be less than the ${approved} you approved. Enter at least that amount, or choose a written estimate.`;
export const ALREADY_SIGNED =
  'This estimate is already signed. To sign it again, give the reason for the new authorization.';
export const NOT_YET_APPROVED = 'The estimate can be signed once it is approved.';
export const AUTHORIZATION_CLOSED = 'This estimate is closed and can no longer be signed.';
export const NO_AUTHORIZATION = 'This estimate has not been signed yet.';

/** An estimate is signed once approved, and until the car is done. */
export function isSignable(status: string): boolean {
  const normalized = normalizeStatus(status);
  return normalized === 'approved' || normalized === 'scheduled' || normalized === 'in_progress';
}

/** "1500", "1,500.5" → cents above zero; null otherwise. */
export function limitCents(amount: string): number | null {
  const cents = toCents(amount);
  return cents !== null && cents > 0 ? cents : null;
}

/** POST /api/estimates/{id}/authorization (the owner, or staff at the counter). */
export const authorizationRequestSchema = z
  .strictObject({
    signerName: z
      .string({ error: SIGNER_NAME_REQUIRED })
      .trim()
      .min(1, SIGNER_NAME_REQUIRED)
      .max(SIGNER_NAME_MAX_LENGTH, `Name must be at most ${SIGNER_NAME_MAX_LENGTH} characters`)
      .refine(...oneLineText('Name')),
    signature: z
      .string({ error: SIGNATURE_REQUIRED })
      .min(1, SIGNATURE_REQUIRED)
      .max(SIGNATURE_MAX_LENGTH, SIGNATURE_TOO_LARGE)
      .refine((value) => value.startsWith(SIGNATURE_PREFIX), SIGNATURE_NOT_PNG),
    estimateChoice: z.enum(ESTIMATE_CHOICES, {
      error: 'Choose a written estimate, no estimate, or a limit.',
    }),
    limitAmount: z.string({ error: LIMIT_AMOUNT_INVALID }).max(20, LIMIT_AMOUNT_INVALID).optional(),
    returnReplacedParts: z.boolean({ error: 'Say whether you want the replaced parts back.' }),
    directionToPay: z
      .strictObject({
        insurer: z
          .string({ error: 'Insurance company is required' })
          .trim()
          .min(1, 'Insurance company is required')
          .max(INSURER_MAX_LENGTH, `Insurance company must be at most ${INSURER_MAX_LENGTH} characters`)
          .refine(...oneLineText('Insurance company')),
        claimNumber: z
          .string({ error: 'Claim number is required' })
          .trim()
          .min(1, 'Claim number is required')
          .max(CLAIM_NUMBER_MAX_LENGTH, `Claim number must be at most ${CLAIM_NUMBER_MAX_LENGTH} characters`)
          .refine(...oneLineText('Claim number')),
      })
      .optional(),
    /** Needed when the estimate is already signed: the new authorisation replaces the old one. */
    replaceReason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(REPLACE_REASON_MAX_LENGTH, `Reason must be at most ${REPLACE_REASON_MAX_LENGTH} characters`)
      .refine(...multiLineText('Reason'))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.estimateChoice === 'limit') {
      if (value.limitAmount === undefined || value.limitAmount.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['limitAmount'], message: LIMIT_AMOUNT_REQUIRED });
      } else if (limitCents(value.limitAmount) === null) {
        ctx.addIssue({ code: 'custom', path: ['limitAmount'], message: LIMIT_AMOUNT_INVALID });
      }
    } else if (value.limitAmount !== undefined && value.limitAmount.trim() !== '') {
      ctx.addIssue({ code: 'custom', path: ['limitAmount'], message: LIMIT_AMOUNT_ONLY_WITH_LIMIT });
    }
  });
export type AuthorizationRequest = z.output<typeof authorizationRequestSchema>;

/** The authorisation as the owner and the shop read it (201 of the POST, GET …/authorization). */
export const authorizationSchema = z.object({
  id: z.string(),
  signerName: z.string(),
  estimateChoice: z.enum(ESTIMATE_CHOICES),
  limitAmount: z.string().nullable(),
  returnReplacedParts: z.boolean(),
  directionToPay: z.object({ insurer: z.string(), claimNumber: z.string() }).nullable(),
  signedAt: z.string(),
  atCounter: z.boolean(),
  /** SHA-256 (hex) of the signed content's canonical JSON, as printed on the PDF. */
  contentHash: z.string(),
  /** Why it replaced an earlier authorisation; null for the first. */
  replaceReason: z.string().nullable(),
});
export type Authorization = z.infer<typeof authorizationSchema>;
