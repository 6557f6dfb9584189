import { format } from 'date-fns';
import { BadgeCheck } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { formatMoney, toCents } from '#domain/money.ts';
import { usePaymentSummary } from './api/get-payment-summary.ts';

/**
 * "Paid $500.00 on May 5, 2026" (and any balance still due) for an estimate's detail screen, for the
 * customer and the shop alike. Shows nothing until something was paid.
 */
export function PaymentStatusNote({ estimateId, className }: { estimateId: string; className?: string }) {
  const { data } = usePaymentSummary(estimateId);
  if (!data || (toCents(data.amountPaid) ?? 0) <= 0) return null;
  const balance = toCents(data.amountDue) ?? 0;
  return (
    <div
      className={cn(
        'flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200',
        className,
      )}
    >
      <BadgeCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
      <p>
        <span className="font-semibold">Paid {formatMoney(data.amountPaid)}</span>
        {data.lastPaidAt && ` on ${format(new Date(data.lastPaidAt), 'MMM d, yyyy')}`}
        {balance > 0 && (
          <span className="block text-green-800">Balance due {formatMoney(data.amountDue)}</span>
        )}
      </p>
    </div>
  );
}
