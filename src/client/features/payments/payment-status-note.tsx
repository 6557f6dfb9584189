import { BadgeCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatMoney } from '#client/i18n/format.ts';
import { loadMessages } from '#client/i18n/i18n.ts';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { toCents } from '#domain/money.ts';
import { usePaymentSummary } from './api/get-payment-summary.ts';
import { paymentDate } from './payment-format.ts';

/**
 * The payment catalog, loaded by the note itself: the estimate screen that shows it loads its own
 * words, not the payment pages'. Until they are there the note waits (it waits for its data anyway).
 */
function usePaymentMessages(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    void loadMessages('payment').then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return ready;
}

/**
 * "Paid $500.00 on May 5, 2026" (and any balance still due, or "Paid in full" once nothing is) for the
 * customer's estimate screen. Shows nothing until something was paid.
 */
export function PaymentStatusNote({ estimateId, className }: { estimateId: string; className?: string }) {
  const t = useT();
  const messagesReady = usePaymentMessages();
  const { data } = usePaymentSummary(estimateId);
  if (!messagesReady || !data || (toCents(data.amountPaid) ?? 0) <= 0) return null;
  const balance = toCents(data.amountDue) ?? 0;
  const amount = formatMoney(data.amountPaid);
  const paid = { 0: <span className="font-semibold" /> };
  return (
    <div
      className={cn(
        'flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200',
        className,
      )}
    >
      <BadgeCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
      <p>
        {balance === 0 && (
          <strong className="block text-base text-green-900">{t('payment.note.paidInFull')}</strong>
        )}
        <span className="block">
          {data.lastPaidAt ? (
            <Trans
              id="payment.note.paidOn"
              values={{ amount, date: paymentDate(new Date(data.lastPaidAt), 'medium') }}
              components={paid}
            />
          ) : (
            <Trans id="payment.note.paid" values={{ amount }} components={paid} />
          )}
        </span>
        {balance > 0 && (
          <span className="block text-green-800">
            {t('payment.note.balanceDue', { amount: formatMoney(data.amountDue) })}
          </span>
        )}
      </p>
    </div>
  );
}
