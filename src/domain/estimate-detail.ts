import { z } from 'zod';
import { estimateLineSchema } from './estimate-lines.ts';
import { estimateSchema } from './estimate-schema.ts';
import { promisedDateChangeSchema, timelineEntrySchema } from './repair-progress.ts';
import { actorSchema, consentSchema, supplementSchema } from './supplements.ts';

/**
 * One estimate with its itemisation: GET /api/estimates/{id}, PATCH, PUT …/lines. Without lines it is
 * the plain estimate with empty lines and null subtotal and tax (a quote as one figure, as before).
 * With lines, estimatedAmount = subtotal + tax, customerDeductible is the customer's share and
 * insuranceCoverage the insurer's, so deductible + coverage = total.
 */
export const estimateDetailSchema = estimateSchema.extend({
  /** The estimate's lines in order (declined optional lines included, marked declined). */
  lines: z.array(estimateLineSchema),
  /** The tax rate (percent) the lines were priced at; null without lines. */
  taxRate: z.string().nullable(),
  subtotal: z.string().nullable(),
  tax: z.string().nullable(),
  /** What the customer approved (supplements included); null until approved. */
  approvedAmount: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: actorSchema,
  /** Every approval, oldest first: of the estimate, then of each approved supplement. */
  approvals: z.array(
    z.object({
      approvedAmount: z.string(),
      approvedAt: z.string(),
      approvedBy: actorSchema,
      declinedLineIds: z.array(z.string()),
      supplementId: z.string().nullable(),
      /** The customer's consent it rests on: online, or as staff recorded it; null on approvals older than the record. */
      consent: consentSchema.nullable(),
    }),
  ),
  supplements: z.array(supplementSchema),
  /** Every status change and repair stage, oldest first (internal ones for the shop only). */
  timeline: z.array(timelineEntrySchema),
  /** The day the shop promises the car back, and every change of it with its reason, oldest first. */
  promisedDate: z.string().nullable(),
  promisedDateHistory: z.array(promisedDateChangeSchema),
  /**
   * The daily storage charge the written estimate stated as it went to the customer (F.S.
   * 559.905(1)(n), decision 072 as amended 3 Dec 2026), `dailyRate` null when it stated none; null
   * before then and on estimates older than the record, which state the shop's rate.
   */
  storageTerms: z.object({ dailyRate: z.string().nullable() }).nullable(),
  /**
   * When the current signed repair authorisation was signed; null while there is none. The page
   * asks for the authorisation itself (GET …/authorization) only when there is one to show.
   */
  authorizedAt: z.string().nullable(),
});
export type EstimateDetail = z.infer<typeof estimateDetailSchema>;
