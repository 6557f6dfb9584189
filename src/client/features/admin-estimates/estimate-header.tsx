import { Card } from '#client/components/ui/card.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { DocumentLinks } from '#client/features/estimates/shared.ts';
import { longDate } from '#client/lib/format-date.ts';
import { type Estimate, estimateReference } from '#domain/estimate.ts';
import { formatMoney } from '#domain/money.ts';

/** Which estimate this is, where it stands, and what the customer asked for. */
export function EstimateHeader({ estimate }: { estimate: Estimate }) {
  return (
    <Card className="space-y-3 p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-xl font-extrabold text-slate-900 sm:text-2xl">
          Estimate #{estimateReference(estimate.id)}
        </h1>
        <StatusBadge status={estimate.status} className="text-sm" />
        <span className="ml-auto text-lg font-bold text-slate-900">
          {estimate.estimatedAmount ? formatMoney(estimate.estimatedAmount) : 'Not quoted yet'}
        </span>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Created</dt>
          <dd className="font-medium text-slate-900">{longDate(estimate.createdAt, 'en') ?? 'N/A'}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Billing</dt>
          <dd className="font-medium text-slate-900">
            {estimate.insuranceCompany ? `Insurance: ${estimate.insuranceCompany}` : 'Customer Pay Only'}
          </dd>
        </div>
      </dl>
      <div>
        <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Damage description</h2>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">
          {estimate.damageDescription?.trim() || 'No description'}
        </p>
      </div>
      <DocumentLinks estimate={estimate} />
    </Card>
  );
}
