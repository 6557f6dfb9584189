import { and, desc, eq } from 'drizzle-orm';
import { estimateReference } from '#domain/estimate.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import type { Language } from '#domain/language.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { amountDueCents } from '#domain/payments.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { statedStorageRate } from '#domain/storage.ts';
import type { Consent } from '#domain/supplements.ts';
import type { Db } from '#server/db/client.ts';
import { paidCentsByEstimate } from '#server/db/paid-amounts.ts';
import { type EstimateRow, estimateEvents, estimates, users } from '#server/db/schema.ts';
import { loadEstimateDetail } from '#server/features/estimates/shared.ts';
import { money, shortDay } from '#server/i18n/format.ts';
import { type Translate, translator } from '#server/i18n/translator.ts';
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
 *
 * It is the customer's document, so it is written in the customer's language (their account's),
 * whoever prints it, unless `language` asks for the other one.
 */
export async function loadRepairDocument(
  db: Db,
  estimateId: string,
  kind: RepairDocument['kind'],
  settings: DocumentSettings,
  options: { language?: Language; printedAt?: Date } = {},
): Promise<RepairDocument | null> {
  // One after the other: called inside a transaction (the snapshot of a quote, a signature), `db` is one
  // connection, which takes one query at a time (pg queues the rest, and its next version refuses them).
  const detail = await loadEstimateDetail(db, estimateId);
  const [row] = await db
    .select({ customer: users, estimate: estimates })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .where(eq(estimates.id, estimateId))
    .limit(1);
  if (!detail || !row) return null;
  const { customer, estimate } = row;
  const language = options.language ?? customer.language;
  const paid = kind === 'invoice' ? ((await paidCentsByEstimate(db, [estimateId])).get(estimateId) ?? 0) : 0;
  const completedAt = kind === 'invoice' ? await lastCompletedAt(db, estimateId) : null;

  return {
    kind,
    language,
    shop: { ...settings.shop, storageDailyRate: documentStorageRate(kind, estimate, settings.shop) },
    laborRate: settings.laborRate,
    taxRatePercent: detail.taxRate ?? '0',
    reference: estimateReference(detail.id),
    writtenAt: estimate.createdAt,
    printedAt: options.printedAt ?? new Date(),
    customer: {
      name: [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim() || customer.email,
      email: estimate.contactEmail ?? customer.email,
      phone: estimate.contactPhone ?? customer.phone,
    },
    vehicle: detail.vehicle,
    damageDescription: detail.damageDescription,
    insuranceCompany: detail.insuranceCompany,
    // F.S. 559.905(1)(e): the proposed completion date is the date the shop promises the car back.
    completionDate: detail.promisedDate ? shortDay(language, detail.promisedDate) : null,
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
    records: documentRecords(detail, language),
    payments:
      kind === 'invoice'
        ? { paid: centsToDecimal(paid), balanceDue: centsToDecimal(amountDueCents(detail, paid)) }
        : null,
    completedAt,
  };
}

/**
 * The daily storage charge the document prints (F.S. 559.905(1)(n)), this estimate's rather than the
 * shop's rate now (decision 072, amended 3 Dec 2026): the written estimate, the rate it stated when it
 * went to the customer; the invoice of a car told it is ready, the rate that notice charges.
 */
function documentStorageRate(
  kind: RepairDocument['kind'],
  estimate: EstimateRow,
  shop: ShopInfo,
): string | null {
  if (kind === 'invoice' && estimate.readyNotifiedAt) return centsToDecimal(estimate.storageRateCents);
  return centsToDecimal(statedStorageRate(estimate, toCents(shop.storageDailyRate)));
}

/**
 * When the repair was last completed: its status event, written by the database as the status changes.
 * Not the estimate's updated_at, which every later payment, note or plate edit moves (and which the
 * desk's change has not yet moved when the e-mailed invoice is gathered). Null if never completed.
 */
export async function lastCompletedAt(db: Db, estimateId: string): Promise<Date | null> {
  const [event] = await db
    .select({ at: estimateEvents.createdAt })
    .from(estimateEvents)
    .where(
      and(
        eq(estimateEvents.estimateId, estimateId),
        eq(estimateEvents.kind, 'status'),
        eq(estimateEvents.name, 'completed'),
      ),
    )
    .orderBy(desc(estimateEvents.createdAt))
    .limit(1);
  return event?.at ?? null;
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

/** Approvals, supplements and consents, oldest first: who agreed to what, when and how (F.S. 559.909). */
function documentRecords(detail: EstimateDetail, language: Language): DocumentRecord[] {
  const t = translator(language);
  const amount = (value: string | number) => money(language, value);
  const records: DocumentRecord[] = [];
  for (const approval of detail.approvals) {
    if (approval.supplementId !== null) continue;
    const declined = approval.declinedLineIds.length;
    // Every approval names the consent it rests on: how it was given, by whom, who recorded it.
    const values = {
      how: approval.consent
        ? consentWords(approval.consent, approval.approvedBy, t)
        : t('document.consent.none', { name: approval.approvedBy?.name ?? t('document.record.theCustomer') }),
      amount: amount(approval.approvedAmount),
    };
    records.push({
      at: new Date(approval.approvedAt),
      text: declined
        ? t('document.record.approvedWithDeclined', { ...values, count: declined })
        : t('document.record.approved', values),
    });
  }
  for (const supplement of detail.supplements) {
    const change = toCents(supplement.amount) ?? 0;
    const number = String(supplement.number);
    records.push({
      at: new Date(supplement.createdAt),
      text: t('document.record.supplementSent', {
        number,
        name: supplement.createdBy?.name ?? t('document.record.theShop'),
        reason: supplement.reason,
        change: `${change >= 0 ? '+' : '−'}${amount(Math.abs(change) / 100)}`,
      }),
    });
    if (supplement.decidedAt === null || supplement.status === 'pending') continue;
    const how = supplement.consent
      ? consentWords(supplement.consent, supplement.decidedBy, t)
      : t('document.consent.online');
    records.push({
      at: new Date(supplement.decidedAt),
      text:
        supplement.status === 'approved'
          ? t('document.record.supplementApproved', { number, how })
          : t('document.record.supplementDeclined', { number, how }),
    });
  }
  return records.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** 'by phone, by Maria Lopez, recorded by Sam (called at noon)', or 'online, by Alice Smith'. */
function consentWords(consent: Consent, recorder: { name: string } | null, t: Translate): string {
  const parts = [t(`document.consent.${consent.method}`)];
  if (consent.name) parts.push(t('document.consent.byName', { name: consent.name }));
  if (consent.method !== 'online' && recorder) {
    parts.push(t('document.consent.recordedBy', { name: recorder.name }));
  }
  return `${parts.join(', ')}${consent.note ? ` (${consent.note})` : ''}`;
}
