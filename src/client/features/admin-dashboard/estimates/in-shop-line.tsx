import { Clock, Wrench } from 'lucide-react';
import type { AdminEstimateListItem } from '#domain/admin-dashboard.ts';
import { daysInShopLabel } from '#domain/repair-progress.ts';

/** A car in the shop: the stage it last reached and how many days it has been in (shop calendar days). */
export function InShopLine({
  estimate,
}: {
  estimate: Pick<AdminEstimateListItem, 'repairStage' | 'daysInShop'>;
}) {
  if (estimate.daysInShop === null) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
      <span className="inline-flex items-center gap-1 font-medium text-orange-800">
        <Wrench className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Stage: </span>
        {estimate.repairStage ?? 'No stage yet'}
      </span>
      <span className="inline-flex items-center gap-1 text-slate-600">
        <Clock className="size-3.5" aria-hidden="true" />
        {daysInShopLabel(estimate.daysInShop)}
      </span>
    </p>
  );
}
