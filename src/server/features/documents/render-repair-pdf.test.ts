import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emailBreakParts } from '#domain/contact-breaks.ts';
import { manyLinesDocument, pdfText, sampleDocument } from '#server/test-support/pdf.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';

describe('renderRepairPdf', () => {
  it('prints every field the written estimate needs, as selectable text', async () => {
    const pdf = await renderRepairPdf(sampleDocument());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const field of [
      'Lakeside Family Collision',
      '21730 State Road 54',
      "Land O' Lakes, FL 34639",
      '(813) 555-0193',
      'FDACS Reg. No. MV-12345',
      'Written Repair Estimate',
      'Reference AB12CD34',
      'Mar 2, 2026 at 9:30 AM',
      'Maria Gonzalez',
      '(813) 555-0101',
      '2019 Honda Civic',
      'VIN: 2HGFC2F69KH512345',
      'License plate: LKS 1993',
      'Odometer: 48,210 mi',
      'Rear bumper pushed in',
      'Proposed completion date: Mar 12, 2026',
      'Rear bumper cover',
      'New (OEM)',
      'Used',
      'Remove and replace bumper',
      '2.5',
      '$162.50',
      'Optional, declined by the customer',
      'Subtotal',
      '$789.50',
      'Sales tax (7%)',
      '$43.79',
      '$833.29',
      'Sunshine Mutual',
      '$500.00',
      'Approved by Maria Gonzalez online',
      'hourly rate of $65.00 per hour',
      'miscellaneous shop supplies or waste disposal',
      '$10 or 10 percent, whichever is greater, up to $50',
      'page 1 of 1',
    ]) {
      expect(text, field).toContain(field);
    }
  });

  it('prints the invoice with payments, the balance and the parts notice', async () => {
    const pdf = await renderRepairPdf(
      sampleDocument({
        kind: 'invoice',
        completedAt: new Date('2026-03-11T20:00:00Z'),
        payments: { paid: '300.00', balanceDue: '200.00' },
      }),
    );
    const text = await pdfText(pdf);
    for (const field of [
      'Repair Invoice',
      'Completed Mar 11, 2026',
      'Paid to the shop',
      '$300.00',
      'Balance due',
      '$200.00',
      'used or rebuilt are not new',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).not.toContain('whichever is greater');
  });

  it('runs onto further pages with a long estimate and numbers them', async () => {
    const line = sampleDocument().lines[0];
    if (!line) throw new Error('sample has lines');
    const lines = Array.from({ length: 120 }, (_, index) => ({
      ...line,
      description: `Part number ${index + 1}`,
    }));
    const text = await pdfText(await renderRepairPdf(sampleDocument({ lines })));
    expect(text).toContain('Part number 120');
    expect(text).toMatch(/page 3 of \d/);
  });

  it('says so when the estimate is a single figure', async () => {
    const text = await pdfText(await renderRepairPdf(sampleDocument({ lines: [], vehicle: null })));
    expect(text).toContain('single figure, not itemised');
    expect(text).toContain('Vehicle not given');
  });

  it('prints a Spanish document with Spanish labels, dates and notices, and the notices in English too', async () => {
    const text = await pdfText(
      await renderRepairPdf(
        sampleDocument({
          language: 'es',
          kind: 'invoice',
          completedAt: new Date('2026-03-11T20:00:00Z'),
          payments: { paid: '300.00', balanceDue: '200.00' },
        }),
      ),
    );
    for (const field of [
      'Factura de Reparación',
      'Referencia AB12CD34',
      'Escrito el 2 mar 2026 a las 9:30 a.m.',
      'Terminado el 11 mar 2026',
      'Placa: LKS 1993',
      'Odómetro: 48,210 millas',
      'Nueva (original OEM)',
      'Opcional, rechazada por el cliente',
      'Impuesto sobre las ventas (7%)',
      'Lo paga el seguro (Sunshine Mutual)',
      'Pagado al taller',
      'Saldo pendiente',
      '$200.00',
      '4 mar 2026, 8:05 a.m. — Approved by Maria Gonzalez online',
      'lo que vale es el texto en inglés',
      'usadas o reconstruidas no son nuevas (F.S. 559.911)',
      'Every part is marked new (OEM or aftermarket), used or rebuilt; parts marked used or rebuilt are not new (F.S. 559.911).',
      'Labor is charged at an hourly rate of $65.00 per hour (F.S. 559.905(1)(g)).',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).not.toContain('Repair Invoice');
  });

  it("calls a cash job's part the customer's share, never a deductible, in both languages", async () => {
    const cash = { insuranceCompany: null, totals: { ...sampleDocument().totals, insuranceShare: '0.00' } };
    const english = await pdfText(await renderRepairPdf(sampleDocument(cash)));
    expect(english).toContain('Your share');
    expect(english).not.toMatch(/deductible|Paid by insurance/i);
    const spanish = await pdfText(await renderRepairPdf(sampleDocument({ ...cash, language: 'es' })));
    expect(spanish).toContain('Su parte');
    expect(spanish).not.toMatch(/deducible|Lo paga el seguro/i);
    const insured = await pdfText(await renderRepairPdf(sampleDocument()));
    expect(insured).toContain('Your share (deductible and customer-paid lines)');
  });

  it('breaks a long e-mail address only after its @ or a dot, never mid-word', async () => {
    const email = 'maria.guadalupe.gonzalez-rodriguez@lakesidefamilycollisionandpaint.com';
    const document = sampleDocument();
    const text = await pdfText(
      await renderRepairPdf(sampleDocument({ customer: { ...document.customer, email } })),
    );
    const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(text).toMatch(new RegExp(emailBreakParts(email).map(literal).join('\\s?')));
    expect(text).not.toContain(email); // too long for one line: it did break, at a sensible place
  });
});

/** The page as poppler lays it out (`pdftotext -layout`): where every word stands, not only which. */
function textLayout(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { maxBuffer: 8 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin?.end(pdf);
  });
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('renderRepairPdf looks as it did before its measuring was made faster (decision 075)', () => {
  // The fixtures are pdftotext's layout of the same documents drawn before the change.
  it('a 200-line estimate', async () => {
    expect(await textLayout(await renderRepairPdf(manyLinesDocument(200)))).toBe(
      fixture('estimate-200-lines.layout.txt'),
    );
  });

  it('a Spanish invoice with payments', async () => {
    const invoice = sampleDocument({
      kind: 'invoice',
      language: 'es',
      completedAt: new Date('2026-03-11T20:00:00Z'),
      payments: { paid: '300.00', balanceDue: '200.00' },
    });
    expect(await textLayout(await renderRepairPdf(invoice))).toBe(fixture('invoice-es.layout.txt'));
  });
});
