import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { customerShareTerm } from '#domain/billing.ts';
import type { Estimate } from '#domain/estimate.ts';

/**
 * 'Your Deductible' and 'Insurance Coverage' lines, each only when the shop set it; a cash job's part
 * is 'Your Share' and its zero coverage is left out. On an itemised estimate they are the two shares
 * of the lines: 'You pay' and 'Insurance pays'.
 */
export function BillingBreakdown({
  estimate,
  itemised = false,
  className,
}: {
  estimate: Pick<Estimate, 'customerDeductible' | 'insuranceCoverage' | 'insuranceCompany'>;
  itemised?: boolean;
  className?: string;
}) {
  const t = useT();
  const { customerDeductible, insuranceCoverage } = estimate;
  const insured = customerShareTerm(estimate) === 'deductible';
  const showCoverage = insuranceCoverage !== null && insured;
  if (customerDeductible === null && !showCoverage) return null;
  return (
    <dl className={cn('grid gap-1 text-sm', className)}>
      {customerDeductible !== null && (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">
            {itemised
              ? t('estimate.billing.youPay')
              : insured
                ? t('estimate.billing.yourDeductible')
                : t('estimate.billing.yourShare')}
          </dt>
          <dd className="font-semibold text-slate-900">{formatMoney(customerDeductible)}</dd>
        </div>
      )}
      {showCoverage && (
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
