import { DEFAULT_SHOP } from '#domain/shop.ts';
import type { RepairDocument } from '#server/features/documents/shared.ts';

const LINES: Omit<RepairDocument['lines'][number], 'description'>[] = [
  {
    kind: 'part',
    quantity: '1',
    unitPrice: '412.00',
    amount: '412.00',
    payer: 'insurance',
    partType: 'new_oem',
    optional: false,
    declined: false,
  },
  {
    kind: 'labor',
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
    quantity: '1',
    unitPrice: '80.00',
    amount: '80.00',
    payer: 'customer',
    partType: null,
    optional: true,
    declined: true,
  },
];

/** A written estimate of `count` lines, as the server gathers a big collision job's (for the PDF benchmark). */
export function benchDocument(count: number): RepairDocument {
  return {
    kind: 'estimate',
    language: 'en',
    shop: { ...DEFAULT_SHOP, registrationNumber: 'MV-12345' },
    laborRate: '65.00',
    taxRatePercent: '7',
    reference: 'AB12CD34',
    writtenAt: new Date('2026-03-02T14:30:00Z'),
    printedAt: new Date(),
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
    lines: Array.from({ length: count }, (_, index) => ({
      ...(LINES[index % LINES.length] as (typeof LINES)[number]),
      description: `Rear bumper cover ${index + 1}${index % 3 === 0 ? ', left side, blend into the adjacent panels and the quarter panel' : ''}`,
    })),
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
  };
}
