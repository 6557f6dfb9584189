import { useQuery } from '@tanstack/react-query';
import { ArrowRight, MousePointerClick } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { DetailRow } from '#client/components/ui/detail-row.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { estimateQuery } from '#client/features/estimates/shared.ts';
import { type AdminEstimateListItem, adminEstimatePath, formatShopDate } from '#domain/admin-dashboard.ts';
import { formatMoney } from '#domain/money.ts';
import { QuickActionButton } from './quick-action-button.tsx';

/**
 * The selected estimate at a glance, with the next step of the repair one click away. The list row
 * shows at once; the estimate itself (full description, latest status) follows from the server.
 */
export function EstimateDetailPanel({ item }: { item: AdminEstimateListItem }) {
  const { data: estimate } = useQuery(estimateQuery(item.id));
  const status = estimate?.status ?? item.status;
  const amount = estimate ? estimate.estimatedAmount : item.estimatedAmount;
  const insurance = estimate ? estimate.insuranceCompany : item.insuranceCompany;
  const description = estimate
    ? estimate.damageDescription?.trim() || null
    : item.damageDescriptionPreview &&
      `${item.damageDescriptionPreview}${item.damageDescriptionTruncated ? '…' : ''}`;

  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100 text-sm">
        <DetailRow label="ID">
          <span className="font-mono text-xs break-all">{item.id}</span>
        </DetailRow>
        <DetailRow label="Status">
          <StatusBadge status={status} />
        </DetailRow>
        <DetailRow label="Estimated amount">{amount ? formatMoney(amount) : 'Not quoted yet'}</DetailRow>
        <DetailRow label="Insurance">{insurance || 'Customer Pay Only'}</DetailRow>
        <DetailRow label="Created">{formatShopDate(item.createdAt) ?? 'N/A'}</DetailRow>
        <DetailRow label="Customer">{item.customer.name ?? item.customer.email}</DetailRow>
        {item.vehicle && (
          <DetailRow label="Vehicle">
            {[item.vehicle.title, item.vehicle.licensePlate].filter(Boolean).join(' · ') || 'Not provided'}
          </DetailRow>
        )}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Description</h3>
        <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-700">
          {description || 'No description provided'}
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <QuickActionButton estimateId={item.id} reference={item.reference} status={status} amount={amount} />
        <Link href={adminEstimatePath(item.id)} className={buttonVariants({ variant: 'secondary' })}>
          Open full estimate
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}

/** The side panel on wide screens: the selected estimate, or a hint to pick one. */
export function EstimateDetailCard({ item }: { item: AdminEstimateListItem | null }) {
  return (
    <Card aria-label="Selected estimate">
      <CardHeader>
        <CardTitle>{item ? `Estimate #${item.reference}` : 'Select an Estimate'}</CardTitle>
      </CardHeader>
      <CardContent>
        {item ? (
          <EstimateDetailPanel item={item} />
        ) : (
          <div className="flex flex-col items-center gap-2 rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-600">
            <MousePointerClick className="size-8 text-slate-400" aria-hidden="true" />
            Choose an estimate in the list to see its details and quick actions.
          </div>
        )}
      </CardContent>
    </Card>
  );
}
