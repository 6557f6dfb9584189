import { format, parseISO } from 'date-fns';
import { eq } from 'drizzle-orm';
import { estimateReference } from '#domain/estimate.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { centsToDecimal, formatMoney, toCents } from '#domain/money.ts';
import { amountDueCents } from '#domain/payments.ts';
import type { ShopInfo } from '#domain/shop.ts';
import type { Db } from '#server/db/client.ts';
import { paidCentsByEstimate } from '#server/db/paid-amounts.ts';
import { estimates, users } from '#server/db/schema.ts';
import { loadEstimateDetail } from '#server/features/estimates/shared.ts';
import type { DocumentRecord, RepairDocument } from './repair-document.ts';

/** What the documents print besides the estimate itself: the shop and its hourly labor rate. */
export interface DocumentSettings {
  shop: ShopInfo;
  laborRate: string;
}

/**
 * Gathers the written estimate or the invoice of one estimate as stored now: its lines and totals,
 * approvals and supplements come from the estimate's detail, the same the API answers. Null when
 * there is no such estimate; the caller has already checked that the reader may see it.
 */
export async function loadRepairDocument(
  db: Db,
  estimateId: string,
  kind: RepairDocument['kind'],
  settings: DocumentSettings,
  printedAt = new Date(),
): Promise<RepairDocument | null> {
  const [detail, [row]] = await Promise.all([
    loadEstimateDetail(db, estimateId),
    db
      .select({ customer: users, estimate: estimates })
      .from(estimates)
      .innerJoin(users, eq(users.id, estimates.userId))
      .where(eq(estimates.id, estimateId))
      .limit(1),
  ]);
  if (!detail || !row) return null;
  const { customer, estimate } = row;
  const paid = kind === 'invoice' ? ((await paidCentsByEstimate(db, [estimateId])).get(estimateId) ?? 0) : 0;

  return {
    kind,
    shop: settings.shop,
    laborRate: settings.laborRate,
    taxRatePercent: detail.taxRate ?? '0',
    reference: estimateReference(detail.id),
    writtenAt: estimate.createdAt,
    printedAt,
    customer: {
      name: [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim() || customer.email,
      email: estimate.contactEmail ?? customer.email,
      phone: estimate.contactPhone ?? customer.phone,
    },
    vehicle: detail.vehicle,
    damageDescription: detail.damageDescription,
    insuranceCompany: detail.insuranceCompany,
    // F.S. 559.905(1)(e): the proposed completion date is the date the shop promises the car back.
    completionDate: detail.promisedDate ? format(parseISO(detail.promisedDate), 'MMM d, yyyy') : null,
    lines: detail.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: line.unitPrice,
      amount: line.amount,
      payer: line.payer,
      partType: line.partType,
      optional: line.optional,
      declined: line.declined,
    })),
    totals: documentTotals(detail),
    records: documentRecords(detail),
    payments:
      kind === 'invoice'
        ? { paid: centsToDecimal(paid), balanceDue: centsToDecimal(amountDueCents(detail, paid)) }
        : null,
    completedAt: kind === 'invoice' ? estimate.updatedAt : null,
  };
}

/** Subtotal, tax, total and the two shares; an estimate without lines is its one figure, untaxed. */
function documentTotals(detail: EstimateDetail): RepairDocument['totals'] {
  const total = toCents(detail.estimatedAmount) ?? 0;
  const insurance = toCents(detail.insuranceCoverage) ?? 0;
  const customer =
    detail.customerDeductible === null ? total - insurance : (toCents(detail.customerDeductible) ?? 0);
  return {
    subtotal: detail.subtotal ?? centsToDecimal(total),
    tax: detail.tax ?? '0.00',
    total: centsToDecimal(total),
    insuranceShare: centsToDecimal(insurance),
    customerShare: centsToDecimal(customer),
  };
}

const CONSENT_METHODS = { online: 'online', phone: 'by phone', in_person: 'in person' } as const;

/** Approvals, supplements and consents, oldest first: who agreed to what, when and how (F.S. 559.909). */
function documentRecords(detail: EstimateDetail): DocumentRecord[] {
  const records: DocumentRecord[] = [];
  for (const approval of detail.approvals) {
    if (approval.supplementId !== null) continue;
    const declined = approval.declinedLineIds.length;
    records.push({
      at: new Date(approval.approvedAt),
      text: `Estimate approved by ${approval.approvedBy?.name ?? 'the customer'}: ${formatMoney(approval.approvedAmount)}${declined ? ` (${declined} optional line${declined === 1 ? '' : 's'} declined)` : ''}.`,
    });
  }
  for (const supplement of detail.supplements) {
    const change = toCents(supplement.amount) ?? 0;
    records.push({
      at: new Date(supplement.createdAt),
      text: `Supplement #${supplement.number} sent by ${supplement.createdBy?.name ?? 'the shop'}: ${supplement.reason} (${change >= 0 ? '+' : '−'}${formatMoney(Math.abs(change) / 100)}).`,
    });
    if (supplement.decidedAt === null || supplement.status === 'pending') continue;
    const consent = supplement.consent;
    const how = consent
      ? `${CONSENT_METHODS[consent.method]}${consent.name ? `, by ${consent.name}` : ''}${consent.method !== 'online' && supplement.decidedBy ? `, recorded by ${supplement.decidedBy.name}` : ''}${consent.note ? ` (${consent.note})` : ''}`
      : 'online';
    records.push({
      at: new Date(supplement.decidedAt),
      text: `Supplement #${supplement.number} ${supplement.status} ${how}.`,
    });
  }
  return records.sort((a, b) => a.at.getTime() - b.at.getTime());
}
