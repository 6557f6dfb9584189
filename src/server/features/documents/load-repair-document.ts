import { eq } from 'drizzle-orm';
import { estimateReference } from '#domain/estimate.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { amountDueCents } from '#domain/payments.ts';
import type { ShopInfo } from '#domain/shop.ts';
import type { Db } from '#server/db/client.ts';
import { paidCentsByEstimate } from '#server/db/paid-amounts.ts';
import { estimates, users, vehicles } from '#server/db/schema.ts';
import type { RepairDocument } from './repair-document.ts';

/** What the documents print besides the estimate itself: the shop and how it prices its work. */
export interface DocumentSettings {
  shop: ShopInfo;
  laborRate: string;
  taxRatePercent: string;
}

/**
 * Gathers the written estimate or the invoice of one estimate, as stored now. Null when there is no
 * such estimate; the caller has already checked that the reader may see it.
 */
export async function loadRepairDocument(
  db: Db,
  estimateId: string,
  kind: RepairDocument['kind'],
  settings: DocumentSettings,
  printedAt = new Date(),
): Promise<RepairDocument | null> {
  const [row] = await db
    .select({ estimate: estimates, customer: users, vehicle: vehicles })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(eq(estimates.id, estimateId))
    .limit(1);
  if (!row) return null;
  const { estimate, customer, vehicle } = row;
  const totalCents = toCents(estimate.estimatedAmount) ?? 0;
  const insuranceCents = toCents(estimate.insuranceCoverage) ?? 0;
  const paid = (await paidCentsByEstimate(db, [estimateId])).get(estimateId) ?? 0;

  return {
    kind,
    shop: settings.shop,
    laborRate: settings.laborRate,
    taxRatePercent: settings.taxRatePercent,
    reference: estimateReference(estimate.id),
    writtenAt: estimate.createdAt,
    printedAt,
    customer: {
      name: [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim() || customer.email,
      email: estimate.contactEmail ?? customer.email,
      phone: estimate.contactPhone ?? customer.phone,
    },
    vehicle: vehicle && {
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      vin: vehicle.vin,
      licensePlate: vehicle.licensePlate,
      mileage: vehicle.mileage,
    },
    damageDescription: estimate.damageDescription,
    insuranceCompany: estimate.insuranceCompany,
    completionDate: null,
    lines: [],
    totals: {
      subtotal: centsToDecimal(totalCents),
      tax: '0.00',
      total: centsToDecimal(totalCents),
      insuranceShare: centsToDecimal(insuranceCents),
      customerShare: centsToDecimal(totalCents - insuranceCents),
    },
    records: [],
    payments:
      kind === 'invoice'
        ? { paid: centsToDecimal(paid), balanceDue: centsToDecimal(amountDueCents(estimate, paid)) }
        : null,
    completedAt: kind === 'invoice' ? estimate.updatedAt : null,
  };
}
