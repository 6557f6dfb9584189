import { eq } from 'drizzle-orm';
import { shopToday } from '#domain/drop-off-slots.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { addCalendarDays, storageRateAtNotice, storageStartDate } from '#domain/storage.ts';
import type { Db } from '#server/db/client.ts';
import { estimateEvents, estimates } from '#server/db/schema.ts';
import { shopCalendarFor } from '#server/shop-calendar.ts';
import { notificationSettings } from './settings.ts';
import type { StorageNotice } from './templates/customer-mails.ts';

/**
 * The ready notice (decision 072): the completion e-mail and text tell the customer the car can be
 * collected, and, in the same transaction, the estimate records when (`ready_notified_at`), the first
 * day storage is charged (the fourth business day after, on the shop's calendar) and the daily rate:
 * the lower of what the written estimate stated and SHOP_STORAGE_DAILY_RATE now, none when it stated
 * none (`storageRateAtNotice`; amended 3 Dec 2026), and the timeline shows the notice. A repair
 * completed again (after going back to in progress) is a new notice: the latest one counts. Returns
 * what the notice says about storage; null when none is charged.
 */
export async function recordReadyNotice(
  tx: Db,
  estimateId: string,
  now: Date,
): Promise<StorageNotice | null> {
  const { shop } = notificationSettings();
  const [stated] = await tx
    .select({
      storageTermsStatedAt: estimates.storageTermsStatedAt,
      statedStorageRateCents: estimates.statedStorageRateCents,
    })
    .from(estimates)
    .where(eq(estimates.id, estimateId));
  if (!stated) throw new Error(`estimate ${estimateId} not found for its ready notice`);
  const rateCents = storageRateAtNotice(stated, toCents(shop.storageDailyRate));
  let storage: StorageNotice | null = null;
  if (rateCents !== null) {
    const today = shopToday(now);
    // Four business days rarely span more than two weeks; a month covers any run of closed days.
    const calendar = await shopCalendarFor(shop)([today, addCalendarDays(today, 31)]);
    const from = storageStartDate(today, calendar);
    storage = { from, rate: centsToDecimal(rateCents) };
  }
  await tx
    .update(estimates)
    .set({
      readyNotifiedAt: now,
      storageFrom: storage?.from ?? null,
      storageRateCents: storage ? rateCents : null,
    })
    .where(eq(estimates.id, estimateId));
  // Timed by the database's clock, as every other event: the status change this notice follows was
  // recorded a moment earlier in the same transaction, to the microsecond, and the notice must come
  // after it on the timeline (`now` has only milliseconds, and may be older still).
  await tx.insert(estimateEvents).values({ estimateId, kind: 'ready_notice', name: 'ready_notified' });
  return storage;
}
