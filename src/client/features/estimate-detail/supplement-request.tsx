import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { reportMutationError } from '#client/lib/report-mutation-error.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { LINE_KIND_LABELS, PART_TYPE_LABELS } from '#domain/estimate-lines.ts';
import { centsToDecimal, formatMoney, toCents } from '#domain/money.ts';
import type { Supplement } from '#domain/supplements.ts';
import { useAnswerSupplement } from './api/answer-supplement.ts';
import { PhotoTile } from './photo-tile.tsx';

const signed = (cents: number) => `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents) / 100)}`;

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
          toast({
            title: decision === 'approved' ? 'Supplement approved' : 'Supplement declined',
            description:
              decision === 'approved'
                ? `Thank you: the new total is ${formatMoney(newTotal)}.`
                : 'We won’t do this extra work. We’ll be in touch about what that means for the repair.',
          });
        },
        onError: (error) => {
          setAsking(null);
          reportMutationError(error, {
            fallback: 'Failed to send your answer. Please try again.',
            withServerMessage: true,
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
          Supplement #{supplement.number}: your approval is needed
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
                  {LINE_KIND_LABELS[line.kind]}
                  {line.partType && ` · ${PART_TYPE_LABELS[line.partType]}`}
                  {line.payer === 'insurance' ? ' · insurance pays' : ' · you pay'}
                  {replaces ? ` · replaces “${replaces}”` : ' · added'}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-slate-900">{formatMoney(line.amount)}</p>
            </li>
          );
        })}
      </ul>
      {supplement.photos.length > 0 && (
        <ul aria-label="Teardown photos" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {supplement.photos.map((photo, index) => {
            const at = estimate.photos.indexOf(photo);
            return (
              <PhotoTile
                key={photo}
                photoUrl={photo}
                thumbnailUrl={(at >= 0 ? estimate.thumbnails[at] : undefined) ?? photo}
                number={index + 1}
              />
            );
          })}
        </ul>
      )}
      <dl className="grid gap-1 rounded-lg bg-white p-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Change to your estimate</dt>
          <dd className="font-semibold text-slate-900">{signed(changeCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-bold text-slate-900">
          <dt>New total</dt>
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
          Approve supplement
        </Button>
        <Button variant="secondary" onClick={() => setAsking('declined')} disabled={answer.isPending}>
          <X aria-hidden="true" />
          Decline supplement
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'declined' ? 'Decline this supplement?' : 'Approve this supplement?'}
        description={
          asking === 'declined'
            ? 'We won’t do the extra work it describes. We’ll call you about the repair.'
            : `Your estimate changes by ${signed(changeCents)}, to ${formatMoney(newTotal)}.`
        }
        confirmLabel={asking === 'declined' ? 'Decline supplement' : 'Approve supplement'}
        busyLabel="Sending..."
        busy={answer.isPending}
        onConfirm={onConfirm}
      />
    </section>
  );
}
