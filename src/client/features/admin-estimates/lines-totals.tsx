import { cn } from '#client/lib/cn.ts';
import type { EstimateTotals } from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';

const money = (cents: number) => formatMoney(cents / 100);

/** Subtotal, tax, total and the two shares (insurance and customer), each with its tax. */
export function LinesTotals({
  totals,
  taxRate,
  label = 'Totals',
  className,
}: {
  totals: EstimateTotals;
  taxRate: string;
  label?: string;
  className?: string;
}) {
  const row = (term: string, cents: number, strong = false) => (
    <div
      className={cn(
        'flex justify-between gap-4',
        strong && 'border-t border-slate-200 pt-1 font-bold text-slate-900',
      )}
    >
      <dt className={strong ? undefined : 'text-slate-600'}>{term}</dt>
      <dd className={strong ? undefined : 'font-semibold text-slate-900'}>{money(cents)}</dd>
    </div>
  );
  return (
    <dl aria-label={label} className={cn('grid gap-1 rounded-lg bg-slate-50 p-3 text-sm', className)}>
      {row('Subtotal', totals.subtotalCents)}
      {row(`Tax (${taxRate}%)`, totals.taxCents)}
      {row('Total', totals.totalCents, true)}
      {row('Insurance pays', totals.insurance.totalCents)}
      {row('Customer pays', totals.customer.totalCents)}
    </dl>
  );
}
