import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { Namespace } from '#client/i18n/catalogs.ts';
import { activateLanguage } from '#client/i18n/i18n.ts';
import { I18nProvider } from '#client/i18n/i18n-provider.tsx';
import type { Language } from '#domain/language.ts';
import { BillingBreakdown } from './billing-breakdown.tsx';

/** A component's HTML in one language, with the catalogs its screen loads. */
async function renderIn(language: Language, namespaces: Namespace[], element: ReactElement) {
  await activateLanguage(language, ...namespaces);
  return renderToStaticMarkup(<I18nProvider>{element}</I18nProvider>);
}

const cash = { customerDeductible: '980.93', insuranceCoverage: '0.00', insuranceCompany: null };
const insured = { customerDeductible: '500.00', insuranceCoverage: '1200.00', insuranceCompany: 'GEICO' };

describe("the customer's billing lines", () => {
  afterAll(() => activateLanguage('en'));
  it("call a cash job's part the customer's share, in English and Spanish", async () => {
    const english = await renderIn('en', ['estimate'], <BillingBreakdown estimate={cash} />);
    expect(english).toContain('Your Share');
    expect(english).not.toMatch(/deductible|Insurance Coverage/i);
    const spanish = await renderIn('es', ['estimate'], <BillingBreakdown estimate={cash} />);
    expect(spanish).toContain('Su parte');
    expect(spanish).not.toMatch(/deducible|seguro/i);
  });

  it('keep the deductible of an insurance job', async () => {
    const english = await renderIn('en', ['estimate'], <BillingBreakdown estimate={insured} />);
    expect(english).toContain('Your Deductible');
    expect(english).toContain('Insurance Coverage');
    expect(await renderIn('es', ['estimate'], <BillingBreakdown estimate={insured} />)).toContain(
      'Su deducible',
    );
  });
});
