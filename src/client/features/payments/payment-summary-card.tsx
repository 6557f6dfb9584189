import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { DetailRow } from '#client/components/ui/detail-row.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { formatMoney, toCents } from '#domain/money.ts';
import type { PaymentSummary } from '#domain/payments.ts';

/** What the customer is paying for, and how much: the spec's estimate summary on the payment page. */
export function PaymentSummaryCard({ summary, amountDue }: { summary: PaymentSummary; amountDue: string }) {
  const { estimate } = summary;
  const alreadyPaid = (toCents(summary.amountPaid) ?? 0) > 0;
  const dueLabel = alreadyPaid
    ? 'Amount Due'
    : estimate.customerDeductible !== null
      ? 'Your Payment Amount'
      : 'Total Amount';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Estimate Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100 text-sm">
          <DetailRow label="Estimate Number">
            <span className="font-mono font-semibold tracking-wider">#{estimateReference(estimate.id)}</span>
          </DetailRow>
          <DetailRow label="Vehicle">
            {vehicleTitle(estimate.vehicle) ?? 'Vehicle details not available'}
          </DetailRow>
          <DetailRow label="Status">
            <StatusBadge status={estimate.status} />
          </DetailRow>
          <DetailRow label="Total Estimate">{formatMoney(estimate.estimatedAmount)}</DetailRow>
          {estimate.customerDeductible !== null && (
            <DetailRow label="Customer Deductible">{formatMoney(estimate.customerDeductible)}</DetailRow>
          )}
          {estimate.insuranceCoverage !== null && (
            <DetailRow label="Insurance Coverage">{formatMoney(estimate.insuranceCoverage)}</DetailRow>
          )}
          {alreadyPaid && <DetailRow label="Already Paid">{formatMoney(summary.amountPaid)}</DetailRow>}
        </dl>
        <div className="mt-4 flex items-baseline justify-between gap-4 rounded-lg bg-brand-50 px-4 py-3">
          <span className="font-semibold text-slate-900">{dueLabel}</span>
          <span className="text-2xl font-extrabold text-brand-700" data-testid="payment-amount">
            {formatMoney(amountDue)}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
