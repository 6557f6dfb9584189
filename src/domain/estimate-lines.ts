import { z } from 'zod';
import { centsToDecimal, numberToHundredths, toCents } from './money.ts';
import { multiLineText, oneLineText } from './plain-text.ts';

/**
 * The itemised estimate: its lines, the limits a line must keep, and every figure computed from
 * the lines. Shared by the server (which stores and enforces), the client (live totals) and the
 * estimate and invoice PDFs, so the three can never disagree by a cent.
 *
 * Money is integer cents, quantities integer hundredths, tax rates integer thousandths of a percent.
 * Every rounding is half-up to the cent (0.5 cent rounds away from zero; amounts are never negative).
 */

export const LINE_KINDS = ['part', 'labor', 'materials', 'sublet', 'other'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** F.S. 559.911: the invoice says which parts are new, used or rebuilt; aftermarket parts are new non-OEM. */
export const PART_TYPES = ['new_oem', 'aftermarket', 'used', 'rebuilt'] as const;
export type PartType = (typeof PART_TYPES)[number];

export const LINE_PAYERS = ['insurance', 'customer'] as const;
export type LinePayer = (typeof LINE_PAYERS)[number];

export const LINE_KIND_LABELS: Record<LineKind, string> = {
  part: 'Parts',
  labor: 'Labor',
  materials: 'Paint & materials',
  sublet: 'Sublet',
  other: 'Other',
};

export const PART_TYPE_LABELS: Record<PartType, string> = {
  new_oem: 'New (OEM)',
  aftermarket: 'New (aftermarket)',
  used: 'Used',
  rebuilt: 'Rebuilt / reconditioned',
};

export const PAYER_LABELS: Record<LinePayer, string> = { insurance: 'Insurance', customer: 'Customer' };

// ---- limits ----

/** At most this many lines per estimate (200 or more is refused). */
export const MAX_LINES = 199;
export const LINE_DESCRIPTION_MAX_LENGTH = 200;
/** Quantities (hours for labor) are above 0 and at most 999.99, in hundredths. */
export const MAX_QUANTITY_HUNDREDTHS = 99_999;
/** A unit price is 0 or more and at most $99,999.99. */
export const MAX_UNIT_PRICE_CENTS = 9_999_999;
/** A line's amount is at most $999,999.99: with 199 lines every total still fits the stored numeric(12,2). */
export const MAX_LINE_AMOUNT_CENTS = 99_999_999;
/** A supplement's reason, like a message's length class. */
export const SUPPLEMENT_REASON_MAX_LENGTH = 1000;
export const CONSENT_NAME_MAX_LENGTH = 100;
export const CONSENT_NOTE_MAX_LENGTH = 1000;

/** A consent record's name (who gave it), one line; `required` is said when it is missing or empty. */
export const consentNameSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(CONSENT_NAME_MAX_LENGTH, `consent.name must be at most ${CONSENT_NAME_MAX_LENGTH} characters`)
    .refine(...oneLineText('Name'));

/** A consent record's optional note, over several lines if need be. */
export const consentNoteSchema = z
  .string({ error: 'consent.note must be text' })
  .trim()
  .max(CONSENT_NOTE_MAX_LENGTH, `consent.note must be at most ${CONSENT_NOTE_MAX_LENGTH} characters`)
  .refine(...multiLineText('Note'))
  .optional();

// ---- parsing quantities and rates ----

const QUANTITY = /^\s*(\d{1,6})(?:\.(\d{0,2}))?\s*$/;

/** "2.5" or 2.5 → 250 hundredths; null when it is not a plain number with at most two decimals. */
export function toHundredths(value: string | number): number | null {
  if (typeof value === 'number') return numberToHundredths(value);
  const match = QUANTITY.exec(value);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 250 → 2.5: how a quantity travels in answers (a JSON number). */
export const hundredthsToNumber = (hundredths: number): number => hundredths / 100;

const RATE = /^\s*(\d{1,3})(?:\.(\d{0,3}))?\s*$/;

/** A tax rate in percent ("7", "6.5", "7.125") → thousandths of a percent (7000); null when malformed or over 100. */
export function parseTaxRate(value: string): number | null {
  const match = RATE.exec(value);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const millis = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return millis <= 100_000 ? millis : null;
}

/** 7000 → "7", 6500 → "6.5": the rate in percent, as shown and sent. */
export function formatTaxRate(millis: number): string {
  const whole = Math.floor(millis / 1000);
  const fraction = String(millis % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

// ---- the request shape of one line ----

const inList = (list: readonly string[]) => list.join(', ');

const quantitySchema = z
  .union([z.number(), z.string()], { error: 'quantity must be a number' })
  .transform((value, ctx) => {
    const hundredths = toHundredths(value);
    if (hundredths === null || hundredths <= 0 || hundredths > MAX_QUANTITY_HUNDREDTHS) {
      ctx.addIssue({
        code: 'custom',
        message: `quantity must be more than 0 and at most ${hundredthsToNumber(MAX_QUANTITY_HUNDREDTHS)}, with at most two decimals`,
      });
      return z.NEVER;
    }
    return hundredths;
  });

const unitPriceSchema = z
  .union([z.string(), z.number()], { error: 'unitPrice must be an amount such as "125.00"' })
  .transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null || cents < 0 || cents > MAX_UNIT_PRICE_CENTS) {
      ctx.addIssue({
        code: 'custom',
        message: `unitPrice must be an amount from 0.00 to ${centsToDecimal(MAX_UNIT_PRICE_CENTS)}, with at most two decimals`,
      });
      return z.NEVER;
    }
    return cents;
  });

/**
 * One line as PUT /api/estimates/{id}/lines and POST …/supplements accept it. `unitPrice` may be left
 * out for labor only (the shop's labor rate applies); `partType` is required for parts and refused
 * for the other kinds; `payer` defaults to the customer. `id` keeps an existing line's id when the
 * lines are replaced; `replacesLineId` is for supplements only. The output is in cents and hundredths.
 */
export const estimateLineInputSchema = z
  .strictObject({
    id: z.uuid({ error: 'id must be the id of one of this estimate’s lines' }).optional(),
    kind: z.enum(LINE_KINDS, { error: `kind must be one of ${inList(LINE_KINDS)}` }),
    description: z
      .string({ error: 'description is required' })
      .trim()
      .min(1, 'description is required')
      .max(
        LINE_DESCRIPTION_MAX_LENGTH,
        `description must be at most ${LINE_DESCRIPTION_MAX_LENGTH} characters`,
      )
      .refine(...oneLineText('Description')),
    quantity: quantitySchema,
    unitPrice: unitPriceSchema.optional(),
    payer: z.enum(LINE_PAYERS, { error: `payer must be ${inList(LINE_PAYERS)}` }).default('customer'),
    partType: z.enum(PART_TYPES, { error: `partType must be one of ${inList(PART_TYPES)}` }).optional(),
    optional: z.boolean({ error: 'optional must be true or false' }).default(false),
    replacesLineId: z
      .uuid({ error: 'replacesLineId must be the id of one of this estimate’s lines' })
      .optional(),
  })
  .superRefine((line, ctx) => {
    if (line.kind === 'part' && !line.partType) {
      ctx.addIssue({ code: 'custom', message: `partType is required for parts: ${inList(PART_TYPES)}` });
    }
    if (line.kind !== 'part' && line.partType) {
      ctx.addIssue({ code: 'custom', message: 'partType is only for parts' });
    }
    if (line.kind !== 'labor' && line.unitPrice === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'unitPrice is required (only labor defaults to the shop’s rate)',
      });
    }
    if (
      line.unitPrice !== undefined &&
      lineAmountCents(line.quantity, line.unitPrice) > MAX_LINE_AMOUNT_CENTS
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `amount (quantity × unitPrice) must be at most ${centsToDecimal(MAX_LINE_AMOUNT_CENTS)}`,
      });
    }
  });
export type EstimateLineInput = z.input<typeof estimateLineInputSchema>;
export type ParsedLine = z.output<typeof estimateLineInputSchema>;

/** The message of a line's first problem, as zod tells it, without the path (the caller names the line). */
function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'is not a valid line';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.slice(0, 3).map((key) => JSON.stringify(key.slice(0, 40)));
    return `unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'must be an object';
  return issue.message;
}

/** "Line 3: quantity must be …": every refusal names the line, counted from 1 as the shop sees them. */
export const lineProblem = (index: number, message: string) => `Line ${index + 1}: ${message}`;

/**
 * A list of lines: at most 199, each checked alone so the message names the first bad line. Parsed
 * item by item because zod's own array messages do not say which item failed.
 */
export function lineListSchema(options: { min: number; emptyMessage: string }) {
  return z
    .array(z.unknown(), { error: 'lines must be a list of lines' })
    .min(options.min, options.emptyMessage)
    .max(MAX_LINES, `An estimate has at most ${MAX_LINES} lines`)
    .transform((items, ctx) => {
      const lines: ParsedLine[] = [];
      for (const [index, item] of items.entries()) {
        const parsed = estimateLineInputSchema.safeParse(item);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            message: lineProblem(index, firstMessage(parsed.error)),
            path: [index],
          });
          return z.NEVER;
        }
        lines.push(parsed.data);
      }
      return lines;
    });
}

/** PUT /api/estimates/{id}/lines: the whole list, in order (an empty list makes the estimate a plain quote again). */
export const replaceLinesSchema = z.strictObject({
  lines: lineListSchema({ min: 0, emptyMessage: '' }),
});
export type ReplaceLinesInput = z.input<typeof replaceLinesSchema>;
export type ReplaceLines = z.output<typeof replaceLinesSchema>;

// ---- a line as the API shows it ----

export const estimateLineSchema = z.object({
  id: z.string(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  /** Hours for labor; up to two decimals. */
  quantity: z.number(),
  unitPrice: z.string(),
  /** quantity × unitPrice, rounded half-up to the cent. */
  amount: z.string(),
  payer: z.enum(LINE_PAYERS),
  partType: z.enum(PART_TYPES).nullable(),
  optional: z.boolean(),
  /** An optional line the customer declined when approving: left out of every total. */
  declined: z.boolean(),
  /** Whether tax applies (its kind was among SHOP_TAXABLE_KINDS when the line was priced). */
  taxable: z.boolean(),
  /** The supplement that added the line, or null for the estimate's own lines. */
  supplementId: z.string().nullable(),
  /** The line this one replaced (through a supplement), or null. */
  replacesLineId: z.string().nullable(),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

// ---- arithmetic ----

/** quantity (hundredths) × unit price (cents), in cents, rounded half-up. */
export function lineAmountCents(quantityHundredths: number, unitPriceCents: number): number {
  return roundedDivision(quantityHundredths * unitPriceCents, 100);
}

/** Tax in cents on a taxable amount at a rate in thousandths of a percent (7000 = 7%), rounded half-up. */
export function taxCents(taxableCents: number, rateMillis: number): number {
  return roundedDivision(taxableCents * rateMillis, 100_000);
}

/** a / b rounded half-up, for non-negative integers (both stay well inside 2^53 under the limits above). */
function roundedDivision(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** What the totals need of a line. */
export interface PricedLine {
  kind: LineKind;
  payer: LinePayer;
  amountCents: number;
  taxable: boolean;
  declined: boolean;
}

export interface PayerShare {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export interface EstimateTotals {
  subtotalCents: number;
  taxCents: number;
  /** estimatedAmount = subtotal + tax. */
  totalCents: number;
  insurance: PayerShare;
  customer: PayerShare;
}

/**
 * The estimate's figures from its lines, declined lines left out. Tax is computed on each payer's
 * taxable subtotal (rounded half-up) and the estimate's tax is the sum of the two, so the insurance
 * and customer shares always add up to the total exactly.
 */
export function estimateTotals(lines: readonly PricedLine[], taxRateMillis: number): EstimateTotals {
  const share = (payer: LinePayer): PayerShare => {
    const counted = lines.filter((line) => line.payer === payer && !line.declined);
    const subtotalCents = sum(counted.map((line) => line.amountCents));
    const taxable = sum(counted.filter((line) => line.taxable).map((line) => line.amountCents));
    const tax = taxCents(taxable, taxRateMillis);
    return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
  };
  const insurance = share('insurance');
  const customer = share('customer');
  return {
    subtotalCents: insurance.subtotalCents + customer.subtotalCents,
    taxCents: insurance.taxCents + customer.taxCents,
    totalCents: insurance.totalCents + customer.totalCents,
    insurance,
    customer,
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The estimate's three stored figures from its totals: total, the customer's share as the deductible
 * and the insurer's as the coverage, so deductible + coverage = total always holds.
 */
export function estimateFigures(totals: EstimateTotals): {
  estimatedAmount: string;
  customerDeductible: string;
  insuranceCoverage: string;
} {
  return {
    estimatedAmount: centsToDecimal(totals.totalCents),
    customerDeductible: centsToDecimal(totals.customer.totalCents),
    insuranceCoverage: centsToDecimal(totals.insurance.totalCents),
  };
}

/** The lines after a supplement: the replaced lines are gone and the supplement's lines follow the rest. */
export function applySupplement<Line extends { id: string }>(
  current: readonly Line[],
  added: readonly (Line & { replacesLineId: string | null })[],
): Line[] {
  const replaced = new Set(added.map((line) => line.replacesLineId).filter((id) => id !== null));
  return [...current.filter((line) => !replaced.has(line.id)), ...added];
}

/** The change in total a supplement makes: total after it applies minus total now (may be negative). */
export function supplementAmountCents(
  current: readonly (PricedLine & { id: string })[],
  added: readonly (PricedLine & { id: string; replacesLineId: string | null })[],
  taxRateMillis: number,
): number {
  const before = estimateTotals(current, taxRateMillis).totalCents;
  const after = estimateTotals(applySupplement(current, added), taxRateMillis).totalCents;
  return after - before;
}

/** Lines grouped by kind in the order of LINE_KINDS (how the customer and the PDF show them). */
export function linesByKind<Line extends { kind: LineKind }>(lines: readonly Line[]): [LineKind, Line[]][] {
  return LINE_KINDS.map(
    (kind) => [kind, lines.filter((line) => line.kind === kind)] as [LineKind, Line[]],
  ).filter(([, group]) => group.length > 0);
}

/** A line as the API shows it → what the totals need (for the client and the PDF, which get the API's shape). */
export function pricedLine(line: EstimateLine): PricedLine & { id: string; replacesLineId: string | null } {
  return {
    id: line.id,
    kind: line.kind,
    payer: line.payer,
    amountCents: toCents(line.amount) ?? 0,
    taxable: line.taxable,
    declined: line.declined,
    replacesLineId: line.replacesLineId,
  };
}
