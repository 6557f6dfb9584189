import { useState } from 'react';
import { Card } from '#client/components/ui/card.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { DocumentLinks } from '#client/features/estimates/shared.ts';
import { PaymentStatusNote } from '#client/features/payments/shared.ts';
import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { shopDay } from '#client/lib/format-date.ts';
import { canCustomerRespond, estimateReference } from '#domain/estimate.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { BillingBreakdown } from './billing-breakdown.tsx';
import { CustomerResponseActions } from './customer-response-actions.tsx';
import { ItemisedLines, totalsWithout } from './itemised-lines.tsx';
import { MakePaymentLink } from './make-payment-link.tsx';
import { StorageNote } from './storage-note.tsx';
import { SupplementRequests } from './supplement-request.tsx';

/** The top of the page: which estimate, how much, where it stands, and what the customer can do now. */
export function EstimateSummaryCard({ estimate }: { estimate: EstimateDetail }) {
  const t = useT();
  const submitted = shopDay(estimate.createdAt);
  // Optional lines the customer unticked: the totals follow at once, and Approve sends them.
  const [declined, setDeclined] = useState<string[]>([]);
  const itemised = estimate.lines.length > 0;
  const choosing = itemised && canCustomerRespond(estimate);
  const shownAmount = choosing
    ? centsToDecimal(totalsWithout(estimate, declined).totalCents)
    : estimate.estimatedAmount;
  const toggle = (lineId: string, included: boolean) =>
    setDeclined((now) => (included ? now.filter((id) => id !== lineId) : [...now, lineId]));
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 p-5">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">
            {t('estimate.summary.title', { reference: estimateReference(estimate.id) })}
          </h1>
          <p className="text-sm text-slate-500">
            {submitted
              ? t('estimate.summary.submittedOn', { date: submitted })
              : t('estimate.dateNotAvailable')}
          </p>
        </div>
        <StatusBadge status={estimate.status} className="px-3 py-1 text-sm" />
      </div>

      <div className="space-y-5 p-5">
        <div className="rounded-lg bg-slate-50 p-4">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {t('estimate.summary.amountLabel')}
          </p>
          <p className="text-3xl font-extrabold text-slate-900">
            {shownAmount ? formatMoney(shownAmount) : t('estimate.summary.inPreparation')}
          </p>
          {!estimate.estimatedAmount && (
            <p className="mt-1 text-sm text-slate-600">{t('estimate.summary.replyPromise')}</p>
          )}
          {!itemised && (
            <BillingBreakdown estimate={estimate} className="mt-3 border-t border-slate-200 pt-3" />
          )}
        </div>

        <SupplementRequests estimate={estimate} />
        {itemised && (
          <ItemisedLines estimate={estimate} declined={declined} onToggle={toggle} choosing={choosing} />
        )}

        <div>
          <h2 className="text-sm font-semibold text-slate-900">{t('estimate.summary.damageDescription')}</h2>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">
            {estimate.damageDescription?.trim() || t('estimate.summary.noDescription')}
          </p>
        </div>
        {estimate.insuranceCompany && (
          <div>
            <h2 className="text-sm font-semibold text-slate-900">{t('estimate.summary.insuranceCompany')}</h2>
            <p className="mt-1 text-sm text-slate-700">{estimate.insuranceCompany}</p>
          </div>
        )}

        <CustomerResponseActions estimate={estimate} declinedLineIds={declined} total={shownAmount} />
        {(toCents(estimate.amountPaid) ?? 0) > 0 && <PaymentStatusNote estimateId={estimate.id} />}
        <StorageNote estimate={estimate} />
        <MakePaymentLink estimate={estimate} />
        <DocumentLinks
          estimate={estimate}
          labels={{
            estimate: t('estimate.documents.estimate'),
            invoice: t('estimate.documents.invoice'),
            pdf: t('estimate.documents.pdf'),
          }}
        />
      </div>
    </Card>
  );
}
