import { CircleAlert, CircleCheck } from 'lucide-react';
import { billingSplit } from '#domain/billing.ts';
import { centsToDecimal, formatMoney, toCents } from '#domain/money.ts';
import type { BillingFormValues } from './billing-form.ts';

/** As the amounts are typed: whether deductible and coverage add up to the total (within a cent). */
export function BillingHint({ values }: { values: BillingFormValues }) {
  const split = billingSplit(values);
  const sum = (toCents(values.customerDeductible) ?? 0) + (toCents(values.insuranceCoverage) ?? 0);
  return (
    <div aria-live="polite" className="min-h-0">
      {split === 'match' && (
        <p className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Deductible + coverage = {formatMoney(centsToDecimal(sum))}: matches the total.
        </p>
      )}
      {split === 'mismatch' && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Deductible + coverage = {formatMoney(centsToDecimal(sum))}, but the total is{' '}
          {formatMoney(values.estimatedAmount || '0')}. They must add up to the total.
        </p>
      )}
    </div>
  );
}
