import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { Namespace } from '#client/i18n/catalogs.ts';
import { activateLanguage } from '#client/i18n/i18n.ts';
import { I18nProvider } from '#client/i18n/i18n-provider.tsx';
import type { Language } from '#domain/language.ts';
import type { PaymentSummary } from '#domain/payments.ts';
import { PaymentSummaryCard } from './payment-summary-card.tsx';

/** A component's HTML in one language, with the catalogs its screen loads. */
async function renderIn(language: Language, namespaces: Namespace[], element: ReactElement) {
  await activateLanguage(language, ...namespaces);
  return renderToStaticMarkup(<I18nProvider>{element}</I18nProvider>);
}

const summary = (insurance: { insuranceCoverage: string | null; insuranceCompany: string | null }) =>
  ({
    estimate: {
      id: '5f0c2c52-6d8a-4c8e-9a39-0d6f1f0b8a11',
      status: 'approved',
      estimatedAmount: '980.93',
      customerDeductible: '980.93',
      vehicle: null,
      ...insurance,
    },
    amountPaid: '0.00',
  }) as unknown as PaymentSummary;

describe('the pay page summary', () => {
  afterAll(() => activateLanguage('en'));
  it("calls a cash job's part the customer's share, in English and Spanish", async () => {
    const cash = (
      <PaymentSummaryCard
        summary={summary({ insuranceCoverage: null, insuranceCompany: null })}
        amountDue="980.93"
      />
    );
    const english = await renderIn('en', ['payment'], cash);
    expect(english).toContain('Your Share');
    expect(english).not.toMatch(/deductible/i);
    const spanish = await renderIn('es', ['payment'], cash);
    expect(spanish).toContain('Su parte');
    expect(spanish).not.toMatch(/deducible/i);
  });

  it('keeps the deductible of an insurance job', async () => {
    const insured = (
      <PaymentSummaryCard
        summary={summary({ insuranceCoverage: '1200.00', insuranceCompany: 'GEICO' })}
        amountDue="980.93"
      />
    );
    expect(await renderIn('en', ['payment'], insured)).toContain('Customer Deductible');
  });
});
