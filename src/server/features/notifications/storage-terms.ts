import { and, eq, isNull } from 'drizzle-orm';
import { toCents } from '#domain/money.ts';
import { chargedRate } from '#domain/storage.ts';
import type { Db } from '#server/db/client.ts';
import { estimates } from '#server/db/schema.ts';
import { notificationSettings } from './settings.ts';

/**
 * The daily storage charge the written estimate states, recorded as it goes to the customer (decision
 * 072, amended 3 Dec 2026): F.S. 559.905(1)(n) lets the shop charge storage only as the estimate stated
 * it, so the ready notice later charges no more than this, whatever SHOP_STORAGE_DAILY_RATE is by then.
 */

/** What a written estimate printed now states: SHOP_STORAGE_DAILY_RATE in cents, null when the shop charges none. */
function statedNow() {
  return {
    storageTermsStatedAt: new Date(),
    statedStorageRateCents: chargedRate(toCents(notificationSettings().shop.storageDailyRate)),
  };
}

/**
 * A written estimate goes to the customer now: the quote, or a changed quote sent again (decision 059).
 * It states the shop's rate now, or none, and replaces what an earlier quote stated: the customer
 * answers the estimate they hold last.
 */
export async function recordStatedStorage(tx: Db, estimateId: string): Promise<void> {
  await tx.update(estimates).set(statedNow()).where(eq(estimates.id, estimateId));
}

/**
 * The customer agrees to the estimate as it stands without a quote having gone out (an approval the
 * desk records from pending, a walk-in signing at the counter, an estimate quoted before the record):
 * its terms are the ones its page and PDF state now, recorded unless a quote already recorded them.
 */
export async function recordStatedStorageIfUnrecorded(tx: Db, estimateId: string): Promise<void> {
  await tx
    .update(estimates)
    .set(statedNow())
    .where(and(eq(estimates.id, estimateId), isNull(estimates.storageTermsStatedAt)));
}
