import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import type { Estimate } from '#domain/estimate.ts';

/**
 * 'Your Deductible' and 'Insurance Coverage' lines, each only when the shop set it. On an itemised
 * estimate they are the two shares of the lines: 'You pay' and 'Insurance pays'.
 */
export function BillingBreakdown({
  estimate,
  itemised = false,
  className,
}: {
  estimate: Pick<Estimate, 'customerDeductible' | 'insuranceCoverage'>;
  itemised?: boolean;
  className?: string;
}) {
  const t = useT();
  const { customerDeductible, insuranceCoverage } = estimate;
  if (customerDeductible === null && insuranceCoverage === null) return null;
  return (
    <dl className={cn('grid gap-1 text-sm', className)}>
      {customerDeductible !== null && (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">
            {itemised ? t('estimate.billing.youPay') : t('estimate.billing.yourDeductible')}
          </dt>
          <dd className="font-semibold text-slate-900">{formatMoney(customerDeductible)}</dd>
        </div>
      )}
      {insuranceCoverage !== null && (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">
            {itemised ? t('estimate.billing.insurancePays') : t('estimate.billing.insuranceCoverage')}
          </dt>
          <dd className="font-semibold text-slate-900">{formatMoney(insuranceCoverage)}</dd>
        </div>
      )}
    </dl>
  );
}
