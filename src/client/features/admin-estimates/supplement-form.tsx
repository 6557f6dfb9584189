import { Plus } from 'lucide-react';
import { useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import {
  parseTaxRate,
  pricedLine,
  SUPPLEMENT_REASON_MAX_LENGTH,
  supplementAmountCents,
} from '#domain/estimate-lines.ts';
import { formatMoney, toCents } from '#domain/money.ts';
import type { PricingInfo } from '#domain/pricing.ts';
import { useSendSupplement } from './api/lines.ts';
import { blankDraft, draftAmountCents, draftToInput, type LineDraft, lineOfMessage } from './line-draft.ts';
import { LineRowEditor } from './line-row-editor.tsx';

/** The change a supplement's drafts would make to the total, counted as the server will (cents). */
function changeCents(estimate: EstimateDetail, drafts: readonly LineDraft[], pricing: PricingInfo): number {
  const added = drafts.map((draft) => ({
    id: draft.key,
    kind: draft.kind,
    payer: draft.payer,
    amountCents: draftAmountCents(draft, pricing) ?? 0,
    taxable: pricing.taxableKinds.includes(draft.kind),
    declined: false,
    replacesLineId: draft.replacesLineId || null,
  }));
  return supplementAmountCents(estimate.lines.map(pricedLine), added, parseTaxRate(pricing.taxRate) ?? 0);
}

const signedMoney = (cents: number) => `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents) / 100)}`;

/** "Send supplement": why, the added or replacing lines, and teardown photos; the customer is asked to consent. */
export function SupplementForm({ estimate, pricing }: { estimate: EstimateDetail; pricing: PricingInfo }) {
  const send = useSendSupplement(estimate.id);
  const [reason, setReason] = useState('');
  const [drafts, setDrafts] = useState<LineDraft[]>([]);
  const [photos, setPhotos] = useState<string[]>([]);
  const [problem, setProblem] = useState<{ index: number | null; message: string } | null>(null);
  const replaceChoices = estimate.lines
    .filter((line) => !line.declined)
    .map((line) => ({ id: line.id, description: line.description }));
  const change = changeCents(estimate, drafts, pricing);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    send.mutate(
      { reason, lines: drafts.map((draft) => draftToInput(draft, true)), photos },
      {
        onSuccess: (sent) => {
          setReason('');
          setDrafts([]);
          setPhotos([]);
          toast({
            title: 'Supplement sent',
            description: `Supplement #${sent.number} (${signedMoney(toCents(sent.amount) ?? 0)}) is waiting for the customer’s answer.`,
          });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) {
            const message = failure.serverMessage;
            setProblem(lineOfMessage(message) ?? { index: null, message });
            return;
          }
          reportMutationError(failure, {
            fallback: 'Failed to send the supplement',
            withServerMessage: true,
          });
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Send supplement"
      className="space-y-3 border-t border-slate-100 pt-4"
    >
      <h3 className="text-base font-semibold text-slate-900">Send supplement</h3>
      <p className="text-sm text-slate-600">
        More damage found? Price it here: the customer is e-mailed and asked to approve the change.
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="supplement-reason">Reason</Label>
        <Textarea
          id="supplement-reason"
          rows={2}
          maxLength={SUPPLEMENT_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. Teardown found a bent radiator support"
        />
      </div>
      {drafts.map((draft, index) => (
        <LineRowEditor
          key={draft.key}
          prefix="Supplement line"
          draft={draft}
          index={index}
          count={drafts.length}
          pricing={pricing}
          replaceChoices={replaceChoices}
          error={problem?.index === index ? problem.message : undefined}
          onChange={(changed) => setDrafts(drafts.map((d) => (d.key === changed.key ? changed : d)))}
          onRemove={() => setDrafts(drafts.filter((d) => d.key !== draft.key))}
        />
      ))}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={() => setDrafts([...drafts, blankDraft()])}
      >
        <Plus aria-hidden="true" />
        Add supplement line
      </Button>
      {estimate.photos.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">
            Photos to show the customer (optional)
          </legend>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {estimate.photos.map((photo, index) => (
              <li key={photo}>
                <label className="block cursor-pointer rounded-lg p-1 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
                  <img
                    src={estimate.thumbnails[index] ?? photo}
                    alt=""
                    className="aspect-square w-full rounded object-cover"
                  />
                  <span className="mt-1 flex items-center gap-1 text-xs text-slate-700">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={photos.includes(photo)}
                      onChange={(event) =>
                        setPhotos(
                          event.target.checked ? [...photos, photo] : photos.filter((p) => p !== photo),
                        )
                      }
                    />
                    Photo {index + 1}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {drafts.length > 0 && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Change to the total: <span className="font-semibold text-slate-900">{signedMoney(change)}</span>
        </p>
      )}
      {problem && problem.index === null && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {problem.message}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send supplement'}
      </Button>
    </form>
  );
}
