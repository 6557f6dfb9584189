import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { ProgressStrip } from '#client/features/dashboard/shared.ts';
import { longDate } from '#client/lib/format-date.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { progressStepsReached } from '#domain/estimate-status.ts';
import { formatMoney } from '#domain/money.ts';
import { BillingBreakdown } from './billing-breakdown.tsx';

/** The side column's summary: status, when it was created, the total quote and its split. */
export function StatusInfoCard({ estimate }: { estimate: EstimateDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm">
          <div className="flex items-center justify-between gap-4">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <StatusBadge status={estimate.status} />
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Created</dt>
            <dd className="font-semibold text-slate-900">
              {longDate(estimate.createdAt) ?? 'Date not available'}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-100 pt-3">
            <dt className="font-semibold text-slate-900">Total Quote</dt>
            <dd className="text-base font-bold text-slate-900">
              {estimate.estimatedAmount ? formatMoney(estimate.estimatedAmount) : 'Not quoted yet'}
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
