import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSUMER_HOTLINE, CONSUMER_HOTLINE_SPANISH, CONSUMER_SIGN } from '#domain/consumer-rights.ts';
import { pdfText, sampleDocument } from '#server/test-support/pdf.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';

const SRC = path.resolve(import.meta.dirname, '../../..');
const catalog = (file: string) =>
  JSON.parse(readFileSync(path.join(SRC, file), 'utf8')) as Record<string, string>;

/** The sign F.S. 559.916 asks for: the consumer hotline and the replaced-parts right (decision 071). */
describe('the F.S. 559.916 sign', () => {
  it('has the same words in the domain, the PDFs’ catalogs and the site’s, in English and Spanish', () => {
    for (const language of ['en', 'es'] as const) {
      expect(catalog(`server/i18n/locales/${language}/document.json`)['document.notice.consumerSign']).toBe(
        CONSUMER_SIGN[language],
      );
      expect(catalog(`client/i18n/locales/${language}/common.json`)['common.footer.consumerSign']).toBe(
        CONSUMER_SIGN[language],
      );
    }
    expect(CONSUMER_SIGN.en).toContain(CONSUMER_HOTLINE);
    expect(CONSUMER_SIGN.es).toContain(CONSUMER_HOTLINE_SPANISH);
    for (const text of Object.values(CONSUMER_SIGN)) expect(text).toContain('559.916');
  });

  it('is printed on the written estimate and the invoice; a Spanish one carries the English too', async () => {
    for (const kind of ['estimate', 'invoice'] as const) {
      const english = await pdfText(await renderRepairPdf(sampleDocument({ kind })));
      expect(english).toContain(CONSUMER_SIGN.en);
      const spanish = await pdfText(await renderRepairPdf(sampleDocument({ kind, language: 'es' })));
      expect(spanish).toContain(CONSUMER_SIGN.es);
      expect(spanish).toContain(CONSUMER_SIGN.en);
    }
  });
});
