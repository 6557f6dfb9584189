import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { ProgressStrip } from '#client/features/dashboard/shared.ts';
import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { shopDay } from '#client/lib/format-date.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { progressStepsReached } from '#domain/estimate-status.ts';
import { BillingBreakdown } from './billing-breakdown.tsx';

/** The side column's summary: status, when it was created, the total quote and its split. */
export function StatusInfoCard({ estimate }: { estimate: EstimateDetail }) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('estimate.statusInfo.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm">
          <div className="flex items-center justify-between gap-4">
            <dt className="text-slate-600">{t('estimate.statusInfo.status')}</dt>
            <dd>
              <StatusBadge status={estimate.status} />
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('estimate.statusInfo.created')}</dt>
            <dd className="font-semibold text-slate-900">
              {shopDay(estimate.createdAt) ?? t('estimate.dateNotAvailable')}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-100 pt-3">
            <dt className="font-semibold text-slate-900">{t('estimate.statusInfo.totalQuote')}</dt>
            <dd className="text-base font-bold text-slate-900">
              {estimate.estimatedAmount
                ? formatMoney(estimate.estimatedAmount)
                : t('estimate.statusInfo.notQuoted')}
            </dd>
          </div>
        </dl>
        <BillingBreakdown estimate={estimate} itemised={estimate.lines.length > 0} />
        {progressStepsReached(estimate.status) > 0 && (
          <div className="border-t border-slate-100 pt-4">
            <ProgressStrip status={estimate.status} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
