import { eq } from 'drizzle-orm';
import { approvalNote, supplementSentNote } from '#domain/admin-notes.ts';
import {
  estimateFigures,
  estimateTotals,
  formatTaxRate,
  type LineKind,
  type LinePayer,
  lineAmountCents,
  type PartType,
  supplementAmountCents,
  toHundredths,
} from '#domain/estimate-lines.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { DEFAULT_PRICING } from '#domain/pricing.ts';
import type { Db } from '#server/db/client.ts';
import { createEstimate, createMessage } from '#server/db/factories.ts';
import { estimateApprovals, estimateLines, estimateSupplements, estimates } from '#server/db/schema.ts';
import { noteColumns } from '#server/i18n/note-text.ts';

/**
 * Two itemised estimates for the demo shop: one quoted with an optional line to accept or decline,
 * and one in the shop with a supplement waiting for the customer's consent. Priced at the default
 * rates, with the same domain functions the server uses.
 */

interface DemoLine {
  kind: LineKind;
  description: string;
  quantity: string;
  unitPrice?: string;
  payer: LinePayer;
  partType?: PartType;
  optional?: boolean;
}

const pricing = DEFAULT_PRICING;

function row(line: DemoLine, estimateId: string, position: number) {
  const unitPrice = line.unitPrice ?? centsToDecimal(pricing.laborRateCents);
  return {
    estimateId,
    position,
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unitPrice,
    payer: line.payer,
    partType: line.partType ?? null,
    optional: line.optional ?? false,
    taxable: pricing.taxableKinds.includes(line.kind),
  };
}

const priced = (r: ReturnType<typeof row>, id = '') => ({
  id,
  kind: r.kind,
  payer: r.payer,
  taxable: r.taxable,
  declined: false,
  replacesLineId: null,
  amountCents: lineAmountCents(toHundredths(r.quantity) ?? 0, toCents(r.unitPrice) ?? 0),
});

const QUOTED: DemoLine[] = [
  {
    kind: 'part',
    description: 'Rear bumper cover',
    quantity: '1',
    unitPrice: '389.00',
    payer: 'insurance',
    partType: 'aftermarket',
  },
  {
    kind: 'part',
    description: 'Left tail lamp assembly',
    quantity: '1',
    unitPrice: '212.40',
    payer: 'insurance',
    partType: 'new_oem',
  },
  { kind: 'labor', description: 'Remove, install and refinish bumper', quantity: '3.5', payer: 'insurance' },
  {
    kind: 'materials',
    description: 'Paint and materials',
    quantity: '1',
    unitPrice: '118.00',
    payer: 'insurance',
  },
  {
    kind: 'other',
    description: 'Interior and exterior detailing',
    quantity: '1',
    unitPrice: '95.00',
    payer: 'customer',
    optional: true,
  },
];
const IN_SHOP: DemoLine[] = [
  {
    kind: 'part',
    description: 'Front bumper cover',
    quantity: '1',
    unitPrice: '420.00',
    payer: 'customer',
    partType: 'used',
  },
  { kind: 'labor', description: 'Repair and refinish front end', quantity: '5', payer: 'customer' },
  { kind: 'sublet', description: 'Wheel alignment', quantity: '1', unitPrice: '89.99', payer: 'customer' },
];
const FOUND: DemoLine[] = [
  {
    kind: 'part',
    description: 'Radiator support (rebuilt)',
    quantity: '1',
    unitPrice: '265.00',
    payer: 'customer',
    partType: 'rebuilt',
  },
  { kind: 'labor', description: 'Replace radiator support', quantity: '2.5', payer: 'customer' },
];

async function itemise(db: Db, estimateId: string, lines: DemoLine[]) {
  const rows = lines.map((line, index) => row(line, estimateId, index));
  const inserted = await db.insert(estimateLines).values(rows).returning();
  const totals = estimateTotals(
    rows.map((r) => priced(r)),
    pricing.taxRateMillis,
  );
  await db
    .update(estimates)
    .set({ ...estimateFigures(totals), taxRate: formatTaxRate(pricing.taxRateMillis) })
    .where(eq(estimates.id, estimateId));
  return { current: rows.map((r, index) => priced(r, inserted[index]?.id ?? '')), totals };
}

export async function seedItemisedEstimates(
  db: Db,
  people: { admin: string; quotedFor: string; inShopFor: string },
  vehicles: { quoted: string; inShop: string },
  createdAt: Date,
): Promise<{ quoted: string; inShop: string }> {
  const quoted = await createEstimate(db, {
    userId: people.quotedFor,
    vehicleId: vehicles.quoted,
    status: 'quoted',
    damageDescription: 'Rear-ended at a light on US-41: bumper cover cracked, left tail lamp broken.',
    insuranceCompany: 'Allstate',
    createdAt,
  });
  await itemise(db, quoted.id, QUOTED);

  const inShop = await createEstimate(db, {
    userId: people.inShopFor,
    vehicleId: vehicles.inShop,
    status: 'in_progress',
    damageDescription: 'Hit a deer on CR-52: front bumper and grille damaged.',
    createdAt,
  });
  const { current, totals } = await itemise(db, inShop.id, IN_SHOP);
  const approved = centsToDecimal(totals.totalCents);
  await db
    .insert(estimateApprovals)
    // The customer approved it in the app: an online consent (docs/decisions/059).
    .values({
      estimateId: inShop.id,
      approvedAmount: approved,
      approvedBy: people.inShopFor,
      consentMethod: 'online',
    });
  await createMessage(db, {
    estimateId: inShop.id,
    authorId: people.inShopFor,
    isFromAdmin: false,
    ...noteColumns(approvalNote(approved, [])),
  });

  const found = FOUND.map((line, index) => row(line, inShop.id, IN_SHOP.length + index));
  const amountCents = supplementAmountCents(
    current,
    found.map((r, index) => priced(r, `new-${index}`)),
    pricing.taxRateMillis,
  );
  const reason = 'Teardown found the radiator support bent behind the bumper.';
  const [supplement] = await db
    .insert(estimateSupplements)
    .values({
      estimateId: inShop.id,
      number: 1,
      reason,
      amount: centsToDecimal(amountCents),
      createdBy: people.admin,
    })
    .returning();
  if (!supplement) throw new Error('supplement insert returned nothing');
  await db
    .insert(estimateLines)
    .values(found.map((r) => ({ ...r, supplementId: supplement.id, state: 'proposed' as const })));
  await createMessage(db, {
    estimateId: inShop.id,
    authorId: people.admin,
    isFromAdmin: true,
    ...noteColumns(
      supplementSentNote({
        number: 1,
        reason,
        amount: centsToDecimal(amountCents),
        newTotal: centsToDecimal(totals.totalCents + amountCents),
      }),
    ),
  });
  return { quoted: quoted.id, inShop: inShop.id };
}
