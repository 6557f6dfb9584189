import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { estimateLines, estimateSupplements, estimates } from '#server/db/schema.ts';

/** Test factories for itemised estimates, written straight to the database. */

export interface LineFields {
  kind?: 'part' | 'labor' | 'materials' | 'sublet' | 'other';
  description?: string;
  quantity?: string;
  unitPrice?: string;
  payer?: 'insurance' | 'customer';
  partType?: 'new_oem' | 'aftermarket' | 'used' | 'rebuilt' | null;
  optional?: boolean;
  taxable?: boolean;
}

/** Gives the estimate active lines (a $100.00 taxable part by default) priced at `taxRate` percent. */
export async function addLines(db: Db, estimateId: string, lines: LineFields[] = [{}], taxRate = '7') {
  await db.update(estimates).set({ taxRate }).where(eq(estimates.id, estimateId));
  return db
    .insert(estimateLines)
    .values(
      lines.map((line, position) => ({
        estimateId,
        position,
        kind: line.kind ?? 'part',
        description: line.description ?? `Line ${position + 1}`,
        quantity: line.quantity ?? '1',
        unitPrice: line.unitPrice ?? '100.00',
        payer: line.payer ?? 'customer',
        partType:
          line.partType === undefined ? ((line.kind ?? 'part') === 'part' ? 'new_oem' : null) : line.partType,
        optional: line.optional ?? false,
        taxable: line.taxable ?? true,
      })),
    )
    .returning();
}

/** A supplement waiting for the customer, adding one $200.00 line. */
export async function addPendingSupplement(db: Db, estimateId: string, createdBy: string, amount = '214.00') {
  const [supplement] = await db
    .insert(estimateSupplements)
    .values({ estimateId, number: 1, reason: 'Hidden damage found at teardown', amount, createdBy })
    .returning();
  if (!supplement) throw new Error('supplement insert returned nothing');
  await db.insert(estimateLines).values({
    estimateId,
    supplementId: supplement.id,
    state: 'proposed',
    position: 100,
    kind: 'part',
    description: 'Radiator support',
    quantity: '1',
    unitPrice: '200.00',
    payer: 'customer',
    partType: 'new_oem',
    taxable: true,
  });
  return supplement;
}
