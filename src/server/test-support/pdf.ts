import { extractText, getDocumentProxy } from 'unpdf';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import type { RepairDocument } from '#server/features/documents/shared.ts';

/** A PDF's text as a reader would select it, with runs of white space made one space. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A written estimate with a line of every sort, as the server would gather it. */
export function sampleDocument(overrides: Partial<RepairDocument> = {}): RepairDocument {
  return {
    kind: 'estimate',
    language: 'en',
    shop: { ...DEFAULT_SHOP, registrationNumber: 'MV-12345' },
    laborRate: '65.00',
    taxRatePercent: '7',
    reference: 'AB12CD34',
    writtenAt: new Date('2026-03-02T14:30:00Z'),
    printedAt: new Date('2026-03-03T15:00:00Z'),
    customer: { name: 'Maria Gonzalez', email: 'maria@example.com', phone: '(813) 555-0101' },
    vehicle: {
      year: 2019,
      make: 'Honda',
      model: 'Civic',
      vin: '2HGFC2F69KH512345',
      licensePlate: 'LKS 1993',
      mileage: 48210,
    },
    damageDescription: 'Rear bumper pushed in after a parking-lot collision.',
    insuranceCompany: 'Sunshine Mutual',
    completionDate: 'Mar 12, 2026',
    lines: [
      {
        kind: 'part',
        description: 'Rear bumper cover',
        quantity: '1',
        unitPrice: '412.00',
        amount: '412.00',
        payer: 'insurance',
        partType: 'new_oem',
        optional: false,
        declined: false,
      },
      {
        kind: 'part',
        description: 'Bumper reinforcement',
        quantity: '1',
        unitPrice: '120.00',
        amount: '120.00',
        payer: 'insurance',
        partType: 'used',
        optional: false,
        declined: false,
      },
      {
        kind: 'labor',
        description: 'Remove and replace bumper',
        quantity: '2.5',
        unitPrice: '65.00',
        amount: '162.50',
        payer: 'insurance',
        partType: null,
        optional: false,
        declined: false,
      },
      {
        kind: 'materials',
        description: 'Paint and clear coat',
        quantity: '1',
        unitPrice: '95.00',
        amount: '95.00',
        payer: 'insurance',
        partType: null,
        optional: false,
        declined: false,
      },
      {
        kind: 'other',
        description: 'Interior detailing',
        quantity: '1',
        unitPrice: '80.00',
        amount: '80.00',
        payer: 'customer',
        partType: null,
        optional: true,
        declined: true,
      },
    ],
    totals: {
      subtotal: '789.50',
      tax: '43.79',
      total: '833.29',
      insuranceShare: '333.29',
      customerShare: '500.00',
    },
    records: [{ at: new Date('2026-03-04T13:05:00Z'), text: 'Approved by Maria Gonzalez online: $833.29' }],
    payments: null,
    completedAt: null,
    ...overrides,
  };
}

/**
 * A long written estimate: `count` lines cycling through the sample's kinds, each with a description
 * long enough to wrap now and then, as a big collision job's estimate reads (the PDF benchmark's).
 */
export function manyLinesDocument(count: number, overrides: Partial<RepairDocument> = {}): RepairDocument {
  const sample = sampleDocument();
  const lines = Array.from({ length: count }, (_, index) => {
    const line = sample.lines[index % sample.lines.length] as RepairDocument['lines'][number];
    const detail = index % 3 === 0 ? ', left side, blend into the adjacent panels and the quarter panel' : '';
    return { ...line, description: `${line.description} ${index + 1}${detail}` };
  });
  return sampleDocument({ lines, ...overrides });
}
