import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import type { RepairDocument } from './repair-document.ts';
import { renderRepairPdf } from './render-repair-pdf.ts';

export function sampleDocument(overrides: Partial<RepairDocument> = {}): RepairDocument {
  return {
    kind: 'estimate',
    shop: DEFAULT_SHOP,
    registrationNumber: 'MV-12345',
    laborRate: '65.00',
    taxRatePercent: '7',
    reference: 'AB12CD34',
    writtenAt: new Date('2026-03-02T14:30:00Z'),
    printedAt: new Date('2026-03-03T15:00:00Z'),
    customer: { name: 'Maria Gonzalez', email: 'maria@example.com', phone: '(813) 555-0101' },
    vehicle: { year: 2019, make: 'Honda', model: 'Civic', vin: '2HGFC2F69KH512345', licensePlate: 'LKS 1993', mileage: 48210 },
    damageDescription: 'Rear bumper pushed in after a parking-lot collision.',
    insuranceCompany: 'Sunshine Mutual',
    completionDate: 'Mar 12, 2026',
    lines: [
      { kind: 'part', description: 'Rear bumper cover', quantity: '1', unitPrice: '412.00', amount: '412.00', payer: 'insurance', partType: 'new_oem', optional: false, declined: false },
      { kind: 'part', description: 'Bumper reinforcement', quantity: '1', unitPrice: '120.00', amount: '120.00', payer: 'insurance', partType: 'used', optional: false, declined: false },
      { kind: 'labor', description: 'Remove and replace bumper', quantity: '2.5', unitPrice: '65.00', amount: '162.50', payer: 'insurance', partType: null, optional: false, declined: false },
      { kind: 'materials', description: 'Paint and clear coat', quantity: '1', unitPrice: '95.00', amount: '95.00', payer: 'insurance', partType: null, optional: false, declined: false },
      { kind: 'other', description: 'Interior detailing', quantity: '1', unitPrice: '80.00', amount: '80.00', payer: 'customer', partType: null, optional: true, declined: true },
    ],
    totals: { subtotal: '789.50', tax: '43.79', total: '833.29', insuranceShare: '333.29', customerShare: '500.00' },
    records: [{ at: new Date('2026-03-04T13:05:00Z'), text: 'Approved by Maria Gonzalez online: $833.29' }],
    payments: null,
    completedAt: null,
    ...overrides,
  };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

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
    for (const field of ['Repair Invoice', 'Completed Mar 11, 2026', 'Paid to the shop', '$300.00', 'Balance due', '$200.00', 'used or rebuilt are not new']) {
      expect(text, field).toContain(field);
    }
    expect(text).not.toContain('whichever is greater');
  });

  it('runs onto further pages with a long estimate and numbers them', async () => {
    const line = sampleDocument().lines[0];
    if (!line) throw new Error('sample has lines');
    const lines = Array.from({ length: 120 }, (_, index) => ({ ...line, description: `Part number ${index + 1}` }));
    const text = await pdfText(await renderRepairPdf(sampleDocument({ lines })));
    expect(text).toContain('Part number 120');
    expect(text).toMatch(/page 3 of \d/);
  });

  it('says so when the estimate is a single figure', async () => {
    const text = await pdfText(await renderRepairPdf(sampleDocument({ lines: [], vehicle: null })));
    expect(text).toContain('single figure, not itemised');
    expect(text).toContain('Vehicle not given');
  });
});
