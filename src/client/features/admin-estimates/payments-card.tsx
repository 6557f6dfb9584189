import { BadgeCheck, Banknote } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { usePaymentSummary } from '#client/features/payments/shared.ts';
import { formatShopDate } from '#domain/admin-dashboard.ts';
import { formatDropOffDate as formatShopDay } from '#domain/drop-off-slots.ts';
import { estimateReference } from '#domain/estimate.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { formatMoney, toCents } from '#domain/money.ts';
import { customerShareCents } from '#domain/payments.ts';
import { isOwingStatus, PAYMENT_METHOD_LABELS, recordableMethods } from '#domain/recorded-payments.ts';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

/**
 * The desk's money: what the customer pays, what was paid (online and at the counter) and what is
 * still owed, on every estimate; and the Record payment dialog while something is owed for agreed work.
 */
export function PaymentsCard({ estimate }: { estimate: EstimateDetail }) {
  const { data: summary, isError } = usePaymentSummary(estimate.id);
  const [recording, setRecording] = useState(false);
  const share = customerShareCents(estimate);
  const dueCents = summary ? (toCents(summary.amountDue) ?? 0) : null;
  const paidCents = summary ? (toCents(summary.paid) ?? 0) : 0;
  const owing = isOwingStatus(estimate.status);
  const paidInFull = dueCents === 0 && paidCents > 0;

  const row = (term: string, value: string, strong = false) => (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{term}</dt>
      <dd
        className={
          strong ? 'font-bold text-slate-900 tabular-nums' : 'font-semibold text-slate-900 tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  );

  return (
    <Card role="region" aria-labelledby={`payments-${estimate.id}`}>
      <CardHeader>
        <CardTitle id={`payments-${estimate.id}`} className="flex items-center gap-2">
          <Banknote className="size-5 text-brand-700" aria-hidden="true" />
          Payments
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isError && <p className="text-sm text-brand-700">The payments could not be loaded.</p>}
        <dl aria-label="Paid and balance" className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm">
          {row('Customer pays', share === null ? 'No amount yet' : formatMoney(share / 100))}
          {summary?.storage &&
            row(
              `Storage from ${formatShopDay(summary.storage.from)} (${summary.storage.days} ${summary.storage.days === 1 ? 'day' : 'days'})`,
              formatMoney(summary.storage.amount),
            )}
          {row('Paid', summary ? formatMoney(summary.paid) : '…')}
          {row('Balance due', summary ? formatMoney(summary.amountDue) : '…', true)}
        </dl>
        {paidInFull && (
          <p className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-sm font-semibold text-green-900 ring-1 ring-green-200">
            <BadgeCheck className="size-4 text-green-700" aria-hidden="true" />
            Paid in full
          </p>
        )}
        {summary && summary.payments.length > 0 && (
          <ul aria-label="Payments received" className="divide-y divide-slate-100 text-sm">
            {summary.payments.map((payment) => (
              <li key={payment.id} className="py-2">
                <div className="flex justify-between gap-3">
                  <span className="text-slate-600">
                    {formatShopDate(payment.at)} · {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.reference && ` ${payment.reference}`}
                  </span>
                  <span className="font-medium text-slate-900 tabular-nums">
                    {formatMoney(payment.amount)}
                  </span>
                </div>
                <p className="text-xs text-slate-500">
                  {payment.recordedBy ? `Recorded by ${payment.recordedBy}` : 'Paid online'}
                  {payment.note && ` · ${payment.note}`}
                </p>
              </li>
            ))}
          </ul>
        )}
        {dueCents !== null && dueCents > 0 && !owing && (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
            Payments can be recorded once the work is approved.
          </p>
        )}
        {dueCents !== null && dueCents > 0 && owing && (
          <>
            <Button type="button" className="w-full" onClick={() => setRecording(true)}>
              Record payment
            </Button>
            <RecordPaymentDialog
              open={recording}
              onOpenChange={setRecording}
              estimateId={estimate.id}
              reference={estimateReference(estimate.id)}
              dueCents={dueCents}
              methods={recordableMethods(estimate)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
