import { desc, eq } from 'drizzle-orm';
import { personName } from '#domain/admin-dashboard.ts';
import { shopToday } from '#domain/drop-off-slots.ts';
import { estimateReference } from '#domain/estimate.ts';
import type { Language } from '#domain/language.ts';
import { centsToDecimal } from '#domain/money.ts';
import {
  earliestSaleDate,
  LIEN_NOTICE_NO_VIN,
  type LienNoticeStatus,
  lienNoticeAvailability,
  lienNoticeDeadline,
  saleDateOnNotice,
} from '#domain/storage.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, lienNotices, type UserRow, users, vehicles } from '#server/db/schema.ts';
import { findEstimateForUser } from '#server/features/estimates/shared.ts';
import { estimateBalance } from '#server/features/payments/shared.ts';
import { type DocumentSettings, lastCompletedAt } from './load-repair-document.ts';

/** A registration number is required on the notice: F.S. 713.585(1)(g). */
export const LIEN_NOTICE_NO_REGISTRATION =
  "The shop's registration number is not set (SHOP_REGISTRATION_NUMBER): F.S. 713.585(1)(g) requires it on the notice.";

/** Everything the notice of lien prints (F.S. 713.585(1)), gathered at the moment it is produced. */
export interface LienNotice {
  language: Language;
  reference: string;
  producedAt: Date;
  shop: DocumentSettings['shop'];
  vehicle: {
    year: number | null;
    make: string | null;
    model: string | null;
    vin: string;
    licensePlate: string | null;
  };
  customer: { name: string; email: string; phone: string | null };
  /** 'YYYY-MM-DD' days. */
  completedOn: string;
  storageFrom: string;
  deadline: string;
  earliestSale: string;
  storageDays: number;
  storageRateCents: number;
  storageCents: number;
  shareCents: number;
  paidCents: number;
  /** The cash sum that redeems the car today. */
  amountCents: number;
}

export type LienNoticeOutcome =
  | { kind: 'refused'; message: string; availableFrom?: string }
  | { kind: 'ready'; notice: LienNotice };

/**
 * The notice of lien as it would be produced now, or why it cannot be: F.S. 713.585 asks for it once
 * storage charges have begun, on a car still held, for a sum still owed, with the VIN and the shop's
 * registration number on it.
 */
export async function prepareLienNotice(
  db: Db,
  settings: DocumentSettings,
  staff: UserRow,
  estimateId: string,
  options: { language?: Language; now?: Date } = {},
): Promise<LienNoticeOutcome> {
  const now = options.now ?? new Date();
  const estimate = await findEstimateForUser(db, estimateId, staff);
  const balance = await estimateBalance(db, estimate, { now });
  const availability = lienNoticeAvailability({ ...estimate, amountDueCents: balance.amountDueCents }, now);
  if (!availability.available) {
    return { kind: 'refused', message: availability.reason, availableFrom: availability.availableFrom };
  }
  const [row] = await db
    .select({ customer: users, vehicle: vehicles })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(eq(estimates.id, estimate.id))
    .limit(1);
  const vin = row?.vehicle?.vin?.trim();
  if (!row || !vin) return { kind: 'refused', message: LIEN_NOTICE_NO_VIN };
  if (!settings.shop.registrationNumber) return { kind: 'refused', message: LIEN_NOTICE_NO_REGISTRATION };
  const storage = balance.storage;
  if (!storage || !estimate.storageRateCents) throw new Error(`estimate ${estimate.id}: storage vanished`);

  const completedOn = await completionDay(db, estimate.id, estimate.readyNotifiedAt ?? now);
  const today = shopToday(now);
  const { customer, vehicle } = row;
  return {
    kind: 'ready',
    notice: {
      language: options.language ?? customer.language,
      reference: estimateReference(estimate.id),
      producedAt: now,
      shop: settings.shop,
      vehicle: {
        year: vehicle?.year ?? null,
        make: vehicle?.make ?? null,
        model: vehicle?.model ?? null,
        vin,
        licensePlate: vehicle?.licensePlate ?? null,
      },
      customer: {
        name: personName(customer.firstName, customer.lastName) ?? customer.email,
        email: estimate.contactEmail ?? customer.email,
        phone: estimate.contactPhone ?? customer.phone,
      },
      completedOn,
      storageFrom: storage.from,
      deadline: lienNoticeDeadline(storage.from),
      // Counted from the last day it may be mailed, not the day it prints (F.S. 713.585(1)(a)).
      earliestSale: saleDateOnNotice(completedOn, today, storage.from),
      storageDays: storage.days,
      storageRateCents: estimate.storageRateCents,
      storageCents: storage.amountCents,
      shareCents: balance.shareCents,
      paidCents: balance.paidCents,
      amountCents: balance.amountDueCents,
    },
  };
}

/** The day the repair was last completed (its status event), at the shop. */
async function completionDay(db: Db, estimateId: string, fallback: Date): Promise<string> {
  return shopToday((await lastCompletedAt(db, estimateId)) ?? fallback);
}

/** The record that a notice was produced: who, when, and what it claimed. */
export async function recordLienNotice(db: Db, staff: UserRow, estimateId: string, notice: LienNotice) {
  await db.insert(lienNotices).values({
    estimateId,
    producedBy: staff.id,
    producedAt: notice.producedAt,
    amountCents: notice.amountCents,
    storageFrom: notice.storageFrom,
    deadline: notice.deadline,
    earliestSale: notice.earliestSale,
  });
}

/** GET /api/admin/estimates/{id}/lien-notice: what the desk shows before offering the PDF. */
export async function lienNoticeStatus(
  db: Db,
  staff: UserRow,
  estimateId: string,
  now = new Date(),
): Promise<LienNoticeStatus> {
  const estimate = await findEstimateForUser(db, estimateId, staff);
  const balance = await estimateBalance(db, estimate, { now });
  const availability = lienNoticeAvailability({ ...estimate, amountDueCents: balance.amountDueCents }, now);
  const produced = await db
    .select({
      at: lienNotices.producedAt,
      amountCents: lienNotices.amountCents,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(lienNotices)
    .leftJoin(users, eq(users.id, lienNotices.producedBy))
    .where(eq(lienNotices.estimateId, estimate.id))
    .orderBy(desc(lienNotices.producedAt));
  const from = balance.storage?.from ?? null;
  const completedOn = from ? await completionDay(db, estimate.id, estimate.readyNotifiedAt ?? now) : null;
  return {
    available: availability.available,
    reason: availability.available ? null : availability.reason,
    storageFrom: from,
    deadline: from ? lienNoticeDeadline(from) : null,
    earliestSale: completedOn ? earliestSaleDate(completedOn, shopToday(now)) : null,
    amountToRedeem: centsToDecimal(balance.amountDueCents),
    produced: produced.map((row) => ({
      at: row.at.toISOString(),
      by: personName(row.firstName, row.lastName) ?? row.email ?? 'a former staff member',
      amount: centsToDecimal(row.amountCents),
    })),
  };
}
