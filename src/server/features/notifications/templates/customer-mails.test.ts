import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import type { EstimateRow, UserRow } from '#server/db/schema.ts';
import { estimateReceivedMail, quoteReadyMail } from './customer-mails.ts';
import type { EstimateMailContext } from './mail-context.ts';

function context(
  estimate: Partial<EstimateRow>,
  language: 'en' | 'es' = 'en',
  shop = DEFAULT_SHOP,
): EstimateMailContext {
  return {
    estimate: {
      id: '5f0c2c52-6d8a-4c8e-9a39-0d6f1f0b8a11',
      estimatedAmount: '980.93',
      customerDeductible: '980.93',
      insuranceCoverage: '0.00',
      insuranceCompany: null,
      ...estimate,
    } as EstimateRow,
    customer: { firstName: 'Ana', language, email: 'ana@example.com' } as UserRow,
    vehicle: null,
    appUrl: 'https://shop.example',
    shop,
  };
}

describe("the customer's e-mails", () => {
  it("call a cash job's part the customer's share, in English and Spanish", () => {
    const english = quoteReadyMail(context({})).text;
    expect(english).toContain('Your share: $980.93');
    expect(english).not.toMatch(/deductible|Insurance coverage/i);
    const spanish = quoteReadyMail(context({}, 'es')).text;
    expect(spanish).toContain('Su parte: $980.93');
    expect(spanish).not.toMatch(/deducible/i);
  });

  it('keep the deductible when an insurer pays', () => {
    const insured = context({
      customerDeductible: '500.00',
      insuranceCoverage: '480.93',
      insuranceCompany: 'GEICO',
    });
    expect(quoteReadyMail(insured).text).toContain('Your deductible: $500.00');
  });

  it('promise the reply time the shop set', () => {
    expect(estimateReceivedMail(context({})).text).toContain('within 24 hours');
    const slower = context({}, 'es', { ...DEFAULT_SHOP, estimateReplyHours: 48 });
    expect(estimateReceivedMail(slower).text).toContain('en menos de 48 horas');
  });
});
