import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { DetailRow } from '#client/components/ui/detail-row.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { customerShareTerm } from '#domain/billing.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { toCents } from '#domain/money.ts';
import type { PaymentSummary } from '#domain/payments.ts';

/** What the customer is paying for, and how much: the spec's estimate summary on the payment page. */
export function PaymentSummaryCard({ summary, amountDue }: { summary: PaymentSummary; amountDue: string }) {
  const t = useT();
  const { estimate } = summary;
  const insured = customerShareTerm(estimate) === 'deductible';
  const alreadyPaid = (toCents(summary.amountPaid) ?? 0) > 0;
  const dueLabel = alreadyPaid
    ? t('payment.summary.amountDue')
    : estimate.customerDeductible !== null
      ? t('payment.summary.yourPaymentAmount')
      : t('payment.summary.totalAmount');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payment.summary.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100 text-sm">
          <DetailRow label={t('payment.summary.estimateNumber')}>
            <span className="font-mono font-semibold tracking-wider">#{estimateReference(estimate.id)}</span>
          </DetailRow>
          <DetailRow label={t('payment.summary.vehicle')}>
            {vehicleTitle(estimate.vehicle) ?? t('payment.summary.vehicleUnknown')}
          </DetailRow>
          <DetailRow label={t('payment.summary.status')}>
            <StatusBadge status={estimate.status} />
          </DetailRow>
          <DetailRow label={t('payment.summary.totalEstimate')}>
            {formatMoney(estimate.estimatedAmount)}
          </DetailRow>
          {estimate.customerDeductible !== null && (
            <DetailRow
              label={insured ? t('payment.summary.customerDeductible') : t('payment.summary.yourShare')}
            >
              {formatMoney(estimate.customerDeductible)}
            </DetailRow>
          )}
          {estimate.insuranceCoverage !== null && insured && (
            <DetailRow label={t('payment.summary.insuranceCoverage')}>
              {formatMoney(estimate.insuranceCoverage)}
            </DetailRow>
          )}
          {alreadyPaid && (
            <DetailRow label={t('payment.summary.alreadyPaid')}>{formatMoney(summary.amountPaid)}</DetailRow>
          )}
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
