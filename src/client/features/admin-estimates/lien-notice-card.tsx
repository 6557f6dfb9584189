import { useQueryClient } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { formatShopDate } from '#domain/admin-dashboard.ts';
import { formatDropOffDate } from '#domain/drop-off-slots.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { formatMoney } from '#domain/money.ts';
import { lienNoticeKey, lienNoticePdfUrl, useLienNotice } from './api/lien-notice.ts';

/**
 * The notice of lien (F.S. 713.585) on a finished car still at the shop that is charged storage: when
 * it can be produced, the last day to mail it, the earliest sale date, and each one produced (who,
 * when). Shown only where storage is charged; the server decides whether the PDF may be produced.
 */
export function LienNoticeCard({ estimate }: { estimate: EstimateDetail }) {
  const queryClient = useQueryClient();
  const pickedUp = estimate.timeline.some((entry) => entry.kind === 'pickup');
  const shown = estimate.status === 'completed' && !pickedUp;
  const { data: status } = useLienNotice(estimate.id, shown);
  if (!shown || !status?.storageFrom) return null;

  const row = (term: string, value: string) => (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-right font-semibold text-slate-900">{value}</dd>
    </div>
  );
  return (
    <Card role="region" aria-labelledby={`lien-${estimate.id}`}>
      <CardHeader>
        <CardTitle id={`lien-${estimate.id}`} className="flex items-center gap-2">
          <Gavel className="size-5 text-brand-700" aria-hidden="true" />
          Notice of lien
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <dl aria-label="Notice of lien dates" className="grid gap-1 rounded-lg bg-slate-50 p-3">
          {row('Storage charged from', formatDropOffDate(status.storageFrom))}
          {status.deadline && row('Mail by (certified)', formatDropOffDate(status.deadline))}
          {status.earliestSale &&
            row('Earliest sale if mailed today', formatDropOffDate(status.earliestSale))}
          {row('To redeem today', formatMoney(status.amountToRedeem))}
        </dl>
        {status.available ? (
          <Button asChild className="w-full sm:w-auto">
            <a
              href={lienNoticePdfUrl(estimate.id)}
              target="_blank"
              rel="noopener"
              onClick={() => {
                // The PDF is recorded when produced: show the new record once the tab has loaded it.
                window.setTimeout(
                  () => void queryClient.invalidateQueries({ queryKey: lienNoticeKey(estimate.id) }),
                  1500,
                );
              }}
            >
              Produce notice of lien (PDF)
            </a>
          </Button>
        ) : (
          <p className="rounded-lg bg-slate-50 p-3">{status.reason}</p>
        )}
        {status.produced.length > 0 && (
          <ul aria-label="Notices produced" className="divide-y divide-slate-100">
            {status.produced.map((notice) => (
              <li key={notice.at} className="flex justify-between gap-3 py-2">
                <span>
                  {formatShopDate(notice.at)} · {notice.by}
                </span>
                <span className="font-medium tabular-nums">{formatMoney(notice.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
