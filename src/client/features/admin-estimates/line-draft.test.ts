import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  estimateLineInputSchema,
  estimateTotals,
  lineAmountCents,
  lineProblem,
} from '#domain/estimate-lines.ts';
import { presentPricing } from '#domain/pricing.ts';
import { blankDraft, draftToInput, draftTotals, type LineDraft, lineOfMessage } from './line-draft.ts';

const pricing = presentPricing({
  laborRateCents: 6500,
  taxRateMillis: 7000,
  taxableKinds: ['part', 'materials'],
});

const draft = (patch: Partial<LineDraft>): LineDraft => ({ ...blankDraft(), ...patch });

describe('the line editor’s drafts', () => {
  it('count live totals exactly as the server prices the lines it is sent', () => {
    const drafts = [
      draft({ kind: 'part', description: 'Bumper', quantity: '1', unitPrice: '389.99', payer: 'insurance' }),
      draft({ kind: 'labor', description: 'Refinish', quantity: '2.35', unitPrice: '', payer: 'insurance' }),
      draft({ kind: 'materials', description: 'Paint', quantity: '1.5', unitPrice: '33.33' }),
      draft({ kind: 'other', description: 'Detailing', quantity: '1', unitPrice: '95', optional: true }),
    ];
    // What the server does with the same request: parse each line, labor at the shop's rate.
    const server = drafts.map((d) => {
      const line = estimateLineInputSchema.parse(draftToInput(d));
      const unit = line.unitPrice ?? 6500;
      return {
        kind: line.kind,
        payer: line.payer,
        amountCents: lineAmountCents(line.quantity, unit),
        taxable: ['part', 'materials'].includes(line.kind),
        declined: false,
      };
    });
    expect(draftTotals(drafts, pricing)).toEqual(estimateTotals(server, 7000));
    // 389.99 + 152.75 + 50.00 (49.995 rounds half up) + 95.00; tax 7% of the part and the paint, per payer.
    expect(draftTotals(drafts, pricing).subtotalCents).toBe(38999 + 15275 + 5000 + 9500);
  });

  it('count live totals as the server prices any lines it may be sent', () => {
    const draftArbitrary = fc
      .record({
        kind: fc.constantFrom('part', 'labor', 'materials', 'sublet', 'other' as const),
        quantityHundredths: fc.integer({ min: 1, max: 99_999 }),
        unitPriceCents: fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: null }),
        payer: fc.constantFrom('insurance', 'customer' as const),
      })
      .filter((d) => d.quantityHundredths * (d.unitPriceCents ?? 6500) <= 99_999_999 * 100)
      .map((d) =>
        draft({
          kind: d.kind,
          description: 'Line',
          quantity: String(d.quantityHundredths / 100),
          // Labor without a price is priced at the shop's rate; other kinds need one.
          unitPrice:
            d.unitPriceCents === null && d.kind === 'labor' ? '' : String((d.unitPriceCents ?? 6500) / 100),
          payer: d.payer,
          partType: 'new_oem',
        }),
      );
    fc.assert(
      fc.property(fc.array(draftArbitrary, { minLength: 1, maxLength: 8 }), (drafts) => {
        const server = drafts.map((d) => {
          const line = estimateLineInputSchema.parse(draftToInput(d));
          return {
            kind: line.kind,
            payer: line.payer,
            amountCents: lineAmountCents(line.quantity, line.unitPrice ?? 6500),
            taxable: ['part', 'materials'].includes(line.kind),
            declined: false,
          };
        });
        expect(draftTotals(drafts, pricing)).toEqual(estimateTotals(server, 7000));
      }),
    );
  });

  it('send the part type for parts only and leave an empty labor rate out', () => {
    expect(draftToInput(draft({ kind: 'labor', quantity: '3', unitPrice: ' ' }))).not.toHaveProperty(
      'unitPrice',
    );
    expect(draftToInput(draft({ kind: 'labor', quantity: '3' }))).not.toHaveProperty('partType');
    expect(draftToInput(draft({ kind: 'part', unitPrice: '10', partType: 'used' }))).toMatchObject({
      partType: 'used',
      unitPrice: '10',
    });
  });

  it('find the line a server message names', () => {
    expect(lineOfMessage(lineProblem(2, 'quantity must be more than 0'))).toEqual({
      index: 2,
      message: 'quantity must be more than 0',
    });
    expect(lineOfMessage('An estimate has at most 199 lines')).toBeNull();
  });
});
