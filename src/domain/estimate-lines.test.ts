import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySupplement,
  estimateFigures,
  estimateTotals,
  formatTaxRate,
  LINE_KINDS,
  LINE_PAYERS,
  lineAmountCents,
  MAX_LINE_AMOUNT_CENTS,
  MAX_LINES,
  MAX_QUANTITY_HUNDREDTHS,
  MAX_UNIT_PRICE_CENTS,
  type PricedLine,
  parseTaxRate,
  replaceLinesSchema,
  supplementAmountCents,
  taxCents,
  toHundredths,
} from './estimate-lines.ts';
import { toCents } from './money.ts';

const line = (fields: Partial<PricedLine> & { amountCents: number }): PricedLine => ({
  kind: 'part',
  payer: 'customer',
  taxable: true,
  declined: false,
  ...fields,
});

const pricedLine = fc.record({
  kind: fc.constantFrom(...LINE_KINDS),
  payer: fc.constantFrom(...LINE_PAYERS),
  amountCents: fc.integer({ min: 0, max: MAX_LINE_AMOUNT_CENTS }),
  taxable: fc.boolean(),
  declined: fc.boolean(),
});
const rate = fc.integer({ min: 0, max: 100_000 });

describe('line amount and tax', () => {
  it('rounds quantity × price half-up to the cent', () => {
    expect(lineAmountCents(250, 6500)).toBe(16250); // 2.5 h × $65.00
    expect(lineAmountCents(33, 1050)).toBe(347); // 0.33 × $10.50 = 3.465 → 3.47
    expect(lineAmountCents(1, 49)).toBe(0); // 0.01 × $0.49 = 0.0049 → 0.00
    expect(lineAmountCents(1, 50)).toBe(1); // 0.005 → 0.01
  });

  it('taxes half-up: 7% of $0.50 is 3.5 cents → 4', () => {
    expect(taxCents(50, 7000)).toBe(4);
    expect(taxCents(10000, 7000)).toBe(700);
    expect(taxCents(12345, 6500)).toBe(802); // 802.425
  });

  it('agrees with exact decimal arithmetic', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_QUANTITY_HUNDREDTHS }),
        fc.integer({ min: 0, max: MAX_UNIT_PRICE_CENTS }),
        (quantity, price) => {
          const exact = BigInt(quantity) * BigInt(price); // in 1/100 cent
          const expected = Number((exact * 2n + 100n) / 200n);
          expect(lineAmountCents(quantity, price)).toBe(expected);
        },
      ),
    );
  });
});

describe('estimate totals', () => {
  it('sums subtotal and tax, declined lines left out, tax only on taxable lines', () => {
    const totals = estimateTotals(
      [
        line({ amountCents: 10000, payer: 'insurance' }),
        line({ amountCents: 16250, kind: 'labor', taxable: false, payer: 'insurance' }),
        line({ amountCents: 5000, kind: 'materials', payer: 'customer' }),
        line({ amountCents: 9900, kind: 'other', declined: true }),
      ],
      7000,
    );
    expect(totals).toEqual({
      subtotalCents: 31250,
      taxCents: 1050,
      totalCents: 32300,
      insurance: { subtotalCents: 26250, taxCents: 700, totalCents: 26950 },
      customer: { subtotalCents: 5000, taxCents: 350, totalCents: 5350 },
    });
    expect(estimateFigures(totals)).toEqual({
      estimatedAmount: '323.00',
      customerDeductible: '53.50',
      insuranceCoverage: '269.50',
    });
  });

  it('never disagrees: shares add up to the total, subtotal + tax = total, tax within a cent per payer of the exact rate', () => {
    fc.assert(
      fc.property(fc.array(pricedLine, { maxLength: MAX_LINES }), rate, (lines, millis) => {
        const totals = estimateTotals(lines, millis);
        expect(totals.insurance.totalCents + totals.customer.totalCents).toBe(totals.totalCents);
        expect(totals.subtotalCents + totals.taxCents).toBe(totals.totalCents);
        const counted = lines.filter((l) => !l.declined);
        expect(totals.subtotalCents).toBe(counted.reduce((s, l) => s + l.amountCents, 0));
        const taxable = counted.filter((l) => l.taxable).reduce((s, l) => s + l.amountCents, 0);
        expect(Math.abs(totals.taxCents - (taxable * millis) / 100_000)).toBeLessThanOrEqual(1);
        expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
        // The figures round-trip through the stored decimal strings exactly.
        const figures = estimateFigures(totals);
        expect((toCents(figures.customerDeductible) ?? 0) + (toCents(figures.insuranceCoverage) ?? 0)).toBe(
          toCents(figures.estimatedAmount),
        );
      }),
    );
  });

  it('a supplement’s amount is exactly the change in total', () => {
    const withId = pricedLine.chain((l) => fc.uuid().map((id) => ({ ...l, id })));
    fc.assert(
      fc.property(
        fc.array(withId, { maxLength: 30 }),
        fc.array(withId, { maxLength: 10 }),
        rate,
        (current, extra, millis) => {
          const added = extra.map((l, i) => ({ ...l, replacesLineId: current[i]?.id ?? null }));
          const delta = supplementAmountCents(current, added, millis);
          const after = estimateTotals(applySupplement(current, added), millis).totalCents;
          expect(estimateTotals(current, millis).totalCents + delta).toBe(after);
        },
      ),
    );
  });
});

describe('parsing', () => {
  it('reads quantities with at most two decimals', () => {
    expect(toHundredths(2.5)).toBe(250);
    expect(toHundredths('1.25')).toBe(125);
    expect(toHundredths(0.1)).toBe(10);
    expect(toHundredths(2.555)).toBeNull();
    expect(toHundredths('-1')).toBeNull();
    expect(toHundredths(Number.NaN)).toBeNull();
  });

  it('reads tax rates in percent', () => {
    expect(parseTaxRate('7')).toBe(7000);
    expect(parseTaxRate('6.5')).toBe(6500);
    expect(parseTaxRate('101')).toBeNull();
    expect(parseTaxRate('-1')).toBeNull();
    expect(formatTaxRate(7000)).toBe('7');
    expect(formatTaxRate(7125)).toBe('7.125');
  });
});

describe('replaceLinesSchema', () => {
  const part = {
    kind: 'part',
    description: 'Front bumper cover',
    quantity: 1,
    unitPrice: '420.00',
    partType: 'new_oem',
  };
  const problem = (lines: unknown[]) => {
    const result = replaceLinesSchema.safeParse({ lines });
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('accepts good lines, with defaults', () => {
    const result = replaceLinesSchema.parse({
      lines: [part, { kind: 'labor', description: 'Refinish', quantity: '2.5' }],
    });
    expect(result.lines[0]).toMatchObject({
      quantity: 100,
      unitPrice: 42000,
      payer: 'customer',
      optional: false,
    });
    expect(result.lines[1]?.quantity).toBe(250);
    expect(result.lines[1]?.unitPrice).toBeUndefined();
  });

  it('names the line of every problem', () => {
    expect(problem([part, part, { ...part, quantity: -1 }])).toMatch(/^Line 3: quantity must be more than 0/);
    expect(problem([{ ...part, quantity: 100000 }])).toMatch(/^Line 1: quantity must be/);
    expect(problem([{ ...part, unitPrice: '-5.00' }])).toMatch(/^Line 1: unitPrice must be an amount/);
    expect(problem([{ ...part, unitPrice: '1e9' }])).toMatch(/^Line 1: unitPrice/);
    expect(problem([part, { ...part, kind: 'bogus' }])).toBe(
      'Line 2: kind must be one of part, labor, materials, sublet, other',
    );
    expect(problem([{ ...part, partType: undefined }])).toMatch(/^Line 1: partType is required for parts/);
    expect(problem([{ ...part, kind: 'sublet' }])).toBe('Line 1: partType is only for parts');
    expect(problem([{ ...part, description: 'x'.repeat(201) }])).toBe(
      'Line 1: description must be at most 200 characters',
    );
    expect(problem([{ ...part, colour: 'red' }])).toBe('Line 1: unrecognized key: "colour"');
    expect(problem([{ kind: 'other', description: 'Towing', quantity: 1 }])).toMatch(
      /^Line 1: unitPrice is required/,
    );
    expect(problem([{ ...part, quantity: 999.99, unitPrice: '99999.99' }])).toMatch(/^Line 1: amount/);
    expect(problem(Array.from({ length: 200 }, () => part))).toBe('An estimate has at most 199 lines');
    expect(problem(Array.from({ length: 199 }, () => part))).toBeNull();
  });
});
