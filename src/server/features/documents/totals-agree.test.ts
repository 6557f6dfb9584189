import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { centsToDecimal, formatMoney } from '#domain/money.ts';
import { createEstimate } from '#server/db/factories.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * The figures a customer reads must be one set wherever they read them: the estimate the API answers
 * and the written estimate (PDF) must both equal exact decimal arithmetic on the lines the shop sent
 * (half-up to the cent per line, tax half-up per payer on the taxed kinds). The line editor's live
 * totals are checked against the same pricing in `line-draft.test.ts`.
 */

const TAXED = ['part', 'materials'];
const t = setUpTestShop({
  pricing: { laborRateCents: 6500, taxRateMillis: 7000, taxableKinds: ['part', 'materials'] },
});
const { alice, admin } = setUpCast(t);

const lineArbitrary = fc
  .record({
    kind: fc.constantFrom('part', 'labor', 'materials', 'sublet', 'other'),
    quantityHundredths: fc.integer({ min: 1, max: 99_999 }),
    unitPriceCents: fc.integer({ min: 0, max: 999_999 }),
    payer: fc.constantFrom('insurance', 'customer'),
  })
  // A line's amount stays within what the shop may send ($999,999.99).
  .filter((line) => line.quantityHundredths * line.unitPriceCents <= 99_999_999 * 100);
type LineCase = typeof lineArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** Exact arithmetic in BigInt, independent of the domain's own functions. */
function expectedFigures(lines: LineCase[]) {
  const halfUp = (numerator: bigint, denominator: bigint) =>
    (2n * numerator + denominator) / (2n * denominator);
  const byPayer = { insurance: { subtotal: 0n, taxable: 0n }, customer: { subtotal: 0n, taxable: 0n } };
  for (const line of lines) {
    const amount = halfUp(BigInt(line.quantityHundredths) * BigInt(line.unitPriceCents), 100n);
    const payer = byPayer[line.payer as 'insurance' | 'customer'];
    payer.subtotal += amount;
    if (TAXED.includes(line.kind)) payer.taxable += amount;
  }
  const tax = (taxable: bigint) => halfUp(taxable * 7000n, 100_000n);
  const insurance = byPayer.insurance.subtotal + tax(byPayer.insurance.taxable);
  const customer = byPayer.customer.subtotal + tax(byPayer.customer.taxable);
  const subtotal = byPayer.insurance.subtotal + byPayer.customer.subtotal;
  const taxTotal = tax(byPayer.insurance.taxable) + tax(byPayer.customer.taxable);
  const decimal = (cents: bigint) => centsToDecimal(Number(cents));
  return {
    subtotal: decimal(subtotal),
    tax: decimal(taxTotal),
    total: decimal(subtotal + taxTotal),
    insurance: decimal(insurance),
    customer: decimal(customer),
  };
}

describe('totals and tax never disagree between the API and the written estimate', () => {
  it('for any lines the shop may send', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineArbitrary, { minLength: 1, maxLength: 6 }), async (lines) => {
        const expected = expectedFigures(lines);
        // The written estimate exists once there is an amount to write.
        fc.pre(expected.total !== '0.00');
        const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'pending' });
        const put = await t.app.inject({
          method: 'PUT',
          url: `/api/estimates/${estimate.id}/lines`,
          headers: as(admin),
          payload: {
            lines: lines.map((line, index) => ({
              kind: line.kind,
              description: `Line ${index + 1}`,
              quantity: line.quantityHundredths / 100,
              unitPrice: centsToDecimal(line.unitPriceCents),
              payer: line.payer,
              ...(line.kind === 'part' ? { partType: 'new_oem' } : {}),
            })),
          },
        });
        expect(put.statusCode, put.body).toBe(200);

        const detail = (
          await t.app.inject({ method: 'GET', url: `/api/estimates/${estimate.id}`, headers: as(alice) })
        ).json<EstimateDetail>();
        expect(detail.subtotal).toBe(expected.subtotal);
        expect(detail.tax).toBe(expected.tax);
        expect(detail.estimatedAmount).toBe(expected.total);
        expect(detail.insuranceCoverage).toBe(expected.insurance);
        expect(detail.customerDeductible).toBe(expected.customer);

        const pdf = await t.app.inject({
          method: 'GET',
          url: `/api/estimates/${estimate.id}/estimate.pdf`,
          headers: as(alice),
        });
        expect(pdf.statusCode).toBe(200);
        const text = await pdfText(pdf.rawPayload);
        expect(text).toContain(`Subtotal ${formatMoney(expected.subtotal)}`);
        expect(text).toContain(`Sales tax (7%) ${formatMoney(expected.tax)}`);
        expect(text).toContain(`Total ${formatMoney(expected.total)}`);
      }),
      { numRuns: 12 },
    );
  });
});
