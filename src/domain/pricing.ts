import { z } from 'zod';
import { formatTaxRate, LINE_KINDS, type LineKind, parseTaxRate } from './estimate-lines.ts';
import { centsToDecimal, toCents } from './money.ts';

/**
 * How the shop prices estimate lines: the labor rate a labor line takes when it names no price, the
 * sales tax rate, and which kinds of line are taxed. The defaults are placeholders for the shop to
 * confirm with its accountant: $65.00 an hour; 7% (Florida's 6% sales tax plus Pasco County's 1%
 * discretionary surtax); tax on parts and paint materials, labor and sublet untaxed.
 */
export interface Pricing {
  laborRateCents: number;
  /** Thousandths of a percent: 7000 is 7%. */
  taxRateMillis: number;
  taxableKinds: readonly LineKind[];
}

export const DEFAULT_PRICING: Pricing = {
  laborRateCents: 6500,
  taxRateMillis: 7000,
  taxableKinds: ['part', 'materials'],
};

/** The highest labor rate accepted: $9,999.99 an hour. */
const MAX_LABOR_RATE_CENTS = 999_999;

/**
 * Reads SHOP_LABOR_RATE ("65.00"), SHOP_TAX_RATE ("7") and SHOP_TAXABLE_KINDS ("part,materials", or
 * empty for none); an unset value keeps the default. Problems name the variable.
 */
export function parsePricing(
  raw: { laborRate?: string; taxRate?: string; taxableKinds?: string },
  defaults: Pricing,
): { pricing: Pricing } | { problems: string[] } {
  const problems: string[] = [];
  let laborRateCents = defaults.laborRateCents;
  if (raw.laborRate !== undefined) {
    const cents = toCents(raw.laborRate);
    if (cents === null || cents <= 0 || cents > MAX_LABOR_RATE_CENTS) {
      problems.push('SHOP_LABOR_RATE: must be an hourly rate such as 65.00 (more than 0, at most 9999.99)');
    } else laborRateCents = cents;
  }
  let taxRateMillis = defaults.taxRateMillis;
  if (raw.taxRate !== undefined) {
    const millis = parseTaxRate(raw.taxRate);
    if (millis === null) problems.push('SHOP_TAX_RATE: must be a percentage from 0 to 100, such as 7 or 6.5');
    else taxRateMillis = millis;
  }
  let taxableKinds = defaults.taxableKinds;
  if (raw.taxableKinds !== undefined) {
    const names = raw.taxableKinds
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    const unknown = names.filter((name) => !(LINE_KINDS as readonly string[]).includes(name));
    if (unknown.length > 0) {
      problems.push(
        `SHOP_TAXABLE_KINDS: unknown kind ${unknown.join(', ')}; use any of ${LINE_KINDS.join(', ')}`,
      );
    } else taxableKinds = LINE_KINDS.filter((kind) => names.includes(kind));
  }
  return problems.length > 0 ? { problems } : { pricing: { laborRateCents, taxRateMillis, taxableKinds } };
}

/** GET /api/admin/pricing: what the line editor needs to show live totals before the server prices them. */
export const pricingSchema = z.object({
  laborRate: z.string(),
  /** Percent, e.g. "7". */
  taxRate: z.string(),
  taxableKinds: z.array(z.enum(LINE_KINDS)),
});
export type PricingInfo = z.infer<typeof pricingSchema>;

export function presentPricing(pricing: Pricing): PricingInfo {
  return {
    laborRate: centsToDecimal(pricing.laborRateCents),
    taxRate: formatTaxRate(pricing.taxRateMillis),
    taxableKinds: [...pricing.taxableKinds],
  };
}
