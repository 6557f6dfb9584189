import { Warehouse } from 'lucide-react';
import { usePaymentSummary } from '#client/features/payments/shared.ts';
import { formatMoney, formatShopDay } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';

/**
 * Storage, as the customer reads it (decision 072). On every estimate: the daily charge its written
 * estimate states (F.S. 559.905), as recorded when it went to the customer (before then, the shop's
 * rate), when it states one. Once the finished car is ready: the day storage begins, and then the days
 * and amount so far at the rate its ready notice fixed, which the balance includes.
 */
export function StorageNote({ estimate }: { estimate: EstimateDetail }) {
  const t = useT();
  const completed = estimate.status === 'completed';
  const { data: summary } = usePaymentSummary(estimate.id, completed);
  const storage = completed ? summary?.storage : null;
  const statedRate = estimate.storageTerms ? estimate.storageTerms.dailyRate : shop.storageDailyRate;
  if (!storage && !statedRate) return null;

  let text: string;
  if (!storage) {
    text = t('estimate.storage.rate', { rate: formatMoney(statedRate) });
  } else if (storage.days === 0) {
    text = t('estimate.storage.begins', {
      rate: formatMoney(storage.rate),
      date: formatShopDay(storage.from),
    });
  } else {
    text = t('estimate.storage.accrued', {
      date: formatShopDay(storage.from),
      days: storage.days,
      rate: formatMoney(storage.rate),
      amount: formatMoney(storage.amount),
    });
  }
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="storage-note"
    >
      <Warehouse className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
