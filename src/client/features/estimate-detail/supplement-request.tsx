import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { PhotoTile } from '#client/features/photos/shared.ts';
import { formatCents, formatMoney } from '#client/i18n/format.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import type { Supplement } from '#domain/supplements.ts';
import { useAnswerSupplement } from './api/answer-supplement.ts';
import { LINE_KIND_TEXT, PART_TYPE_TEXT } from './itemised-lines.tsx';

const signed = (cents: number) => `${cents < 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`;

/** Each supplement waiting for the customer's answer. */
export function SupplementRequests({ estimate }: { estimate: EstimateDetail }) {
  const pending = estimate.supplements.filter((supplement) => supplement.status === 'pending');
  return pending.map((supplement) => (
    <SupplementRequest key={supplement.id} estimate={estimate} supplement={supplement} />
  ));
}

/**
 * A supplement shows only the change: why, the lines it adds or replaces, the teardown photos, how much
 * the total moves and the new total. Approve and Decline each ask once more.
 */
function SupplementRequest({ estimate, supplement }: { estimate: EstimateDetail; supplement: Supplement }) {
  const answer = useAnswerSupplement(estimate.id);
  const t = useT();
  const [asking, setAsking] = useState<'approved' | 'declined' | null>(null);
  const changeCents = toCents(supplement.amount) ?? 0;
  const newTotal = centsToDecimal((toCents(estimate.estimatedAmount) ?? 0) + changeCents);
  const replacedName = (id: string | null) => estimate.lines.find((line) => line.id === id)?.description;
  const headingId = `supplement-${supplement.id}-heading`;

  const onConfirm = () => {
    if (!asking) return;
    const decision = asking;
    answer.mutate(
      { sid: supplement.id, decision },
      {
        onSuccess: () => {
          setAsking(null);
          toast(
            decision === 'approved'
              ? {
                  title: t('estimate.supplement.approvedTitle'),
                  description: t('estimate.supplement.approvedBody', { total: formatMoney(newTotal) }),
                }
              : {
                  title: t('estimate.supplement.declinedTitle'),
                  description: t('estimate.supplement.declinedBody'),
                },
          );
        },
        onError: (error) => {
          setAsking(null);
          reportMutationError(error, {
            title: t('estimate.error.title'),
            fallback: t('estimate.supplement.failed'),
            withServerMessage: true,
            problem: problemText,
          });
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border-2 border-amber-300 bg-amber-50 p-4"
    >
      <div>
        <h2 id={headingId} className="text-base font-bold text-slate-900">
          {t('estimate.supplement.heading', { number: supplement.number })}
        </h2>
        <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{supplement.reason}</p>
      </div>
      <ul className="divide-y divide-amber-200 text-sm">
        {supplement.lines.map((line) => {
          const replaces = replacedName(line.replacesLineId);
          return (
            <li key={line.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="break-words text-slate-900">{line.description}</p>
                <p className="text-xs text-slate-600">
                  {[
                    t(LINE_KIND_TEXT[line.kind]),
                    line.partType && t(PART_TYPE_TEXT[line.partType]),
                    t(
                      line.payer === 'insurance'
                        ? 'estimate.lines.payerInsurance'
                        : 'estimate.lines.payerCustomer',
                    ),
                    replaces ? t('estimate.lines.replaces', { name: replaces }) : t('estimate.lines.added'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-slate-900">{formatMoney(line.amount)}</p>
            </li>
          );
        })}
      </ul>
      {supplement.photos.length > 0 && (
        <ul
          aria-label={t('estimate.supplement.teardownPhotos')}
          className="grid grid-cols-3 gap-2 sm:grid-cols-4"
        >
          {supplement.photos.map((photo, index) => {
            const at = estimate.photos.indexOf(photo);
            return (
              <PhotoTile
                key={photo}
                photoUrl={photo}
                thumbnailUrl={(at >= 0 ? estimate.thumbnails[at] : undefined) ?? photo}
                number={index + 1}
                openLabel={t('estimate.photos.open', { number: index + 1 })}
                missingLabel={t('estimate.photos.missing')}
              />
            );
          })}
        </ul>
      )}
      <dl className="grid gap-1 rounded-lg bg-white p-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('estimate.supplement.change')}</dt>
          <dd className="font-semibold text-slate-900">{signed(changeCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-bold text-slate-900">
          <dt>{t('estimate.supplement.newTotal')}</dt>
          <dd>{formatMoney(newTotal)}</dd>
        </div>
      </dl>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          onClick={() => setAsking('approved')}
          disabled={answer.isPending}
          className="bg-green-700 hover:bg-green-800"
        >
          <Check aria-hidden="true" />
          {t('estimate.supplement.approve')}
        </Button>
        <Button variant="secondary" onClick={() => setAsking('declined')} disabled={answer.isPending}>
          <X aria-hidden="true" />
          {t('estimate.supplement.decline')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t(
          asking === 'declined' ? 'estimate.supplement.declineTitle' : 'estimate.supplement.approveTitle',
        )}
        description={
          asking === 'declined'
            ? t('estimate.supplement.declineBody')
            : t('estimate.supplement.approveBody', {
                change: signed(changeCents),
                total: formatMoney(newTotal),
              })
        }
        confirmLabel={t(
          asking === 'declined' ? 'estimate.supplement.decline' : 'estimate.supplement.approve',
        )}
        busyLabel={t('estimate.supplement.sending')}
        cancelLabel={t('estimate.cancel')}
        busy={answer.isPending}
        onConfirm={onConfirm}
      />
    </section>
  );
}
