import { ListOrdered, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { canSendQuote } from '#domain/admin-estimates.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { estimateTotals, MAX_LINES, parseTaxRate, pricedLine } from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';
import type { PricingInfo } from '#domain/pricing.ts';
import { usePricing, useSaveLines } from './api/lines.ts';
import {
  blankDraft,
  draftFromLine,
  draftToInput,
  draftTotals,
  type LineDraft,
  lineOfMessage,
} from './line-draft.ts';
import { LineRowEditor } from './line-row-editor.tsx';
import { LinesTable } from './lines-table.tsx';
import { LinesTotals } from './lines-totals.tsx';
import { SupplementForm } from './supplement-form.tsx';
import { SupplementList } from './supplement-list.tsx';

/**
 * The itemised estimate: a line editor while the estimate can be quoted (pending, quoted, declined);
 * afterwards the lines read only, the supplements, and the form to send a new one.
 */
export function LineEditorCard({ estimate }: { estimate: EstimateDetail }) {
  const pricing = usePricing();
  const editable = canSendQuote(estimate.status);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListOrdered className="size-5 text-brand-700" aria-hidden="true" />
          Estimate lines
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {!pricing.data ? (
          <p className="text-sm text-slate-600">
            {pricing.error ? 'Could not load the shop’s rates.' : 'Loading rates…'}
          </p>
        ) : editable ? (
          <LineEditor estimate={estimate} pricing={pricing.data} />
        ) : (
          <ApprovedLines estimate={estimate} pricing={pricing.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ApprovedLines({ estimate, pricing }: { estimate: EstimateDetail; pricing: PricingInfo }) {
  const totals = estimateTotals(
    estimate.lines.map(pricedLine),
    parseTaxRate(estimate.taxRate ?? pricing.taxRate) ?? 0,
  );
  return (
    <>
      {estimate.lines.length > 0 ? (
        <>
          <p className="text-sm text-slate-600">
            The customer approved{estimate.approvedAmount ? ` ${formatMoney(estimate.approvedAmount)}` : ''}:
            lines now change only through a supplement the customer consents to.
          </p>
          <LinesTable lines={estimate.lines} caption="The estimate’s lines" />
          <LinesTotals totals={totals} taxRate={estimate.taxRate ?? pricing.taxRate} />
        </>
      ) : (
        <p className="text-sm text-slate-600">This estimate was quoted as one figure, without lines.</p>
      )}
      <SupplementList estimate={estimate} />
      <SupplementForm estimate={estimate} pricing={pricing} />
    </>
  );
}

function LineEditor({ estimate, pricing }: { estimate: EstimateDetail; pricing: PricingInfo }) {
  const save = useSaveLines(estimate.id);
  const [drafts, setDrafts] = useState<LineDraft[]>(() => estimate.lines.map(draftFromLine));
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<{ index: number | null; message: string } | null>(null);
  const savedLines = estimate.lines;

  // The estimate changed elsewhere (another tab, a refresh) while nothing was typed here: show it.
  useEffect(() => {
    if (!dirty) setDrafts(savedLines.map(draftFromLine));
  }, [savedLines, dirty]);

  const update = (next: LineDraft[]) => {
    setDrafts(next);
    setDirty(true);
  };
  const move = (index: number, offset: -1 | 1) => {
    const next = [...drafts];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + offset, 0, moved);
    update(next);
    // Keep the focus on the same button of the moved line, so it can be pressed again.
    const label = `Move line ${index + offset + 1} ${offset < 0 ? 'up' : 'down'}`;
    requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)?.focus(),
    );
  };
  const add = () => {
    const draft = blankDraft();
    update([...drafts, draft]);
    requestAnimationFrame(() =>
      document.querySelector<HTMLSelectElement>(`[aria-label="Line ${drafts.length + 1} kind"]`)?.focus(),
    );
  };

  const totals = draftTotals(drafts, pricing);

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      drafts.map((draft) => draftToInput(draft)),
      {
        onSuccess: (saved) => {
          setDirty(false);
          setDrafts(saved.lines.map(draftFromLine));
          toast({
            title: 'Lines saved',
            description:
              saved.lines.length > 0
                ? `${saved.lines.length} line${saved.lines.length === 1 ? '' : 's'}, total ${formatMoney(saved.estimatedAmount)}.`
                : 'The estimate has no lines: quote it as one figure.',
          });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) {
            const message = failure.serverMessage;
            const line = lineOfMessage(message);
            setProblem(line ?? { index: null, message });
            return;
          }
          reportMutationError(failure, { fallback: 'Failed to save the lines', withServerMessage: true });
        },
      },
    );
  };

  return (
    <form onSubmit={onSave} noValidate className="space-y-3" aria-label="Estimate lines">
      <p className="text-sm text-slate-600">
        Labor is hours × rate (empty rate: the shop’s {formatMoney(pricing.laborRate)} an hour). Tax{' '}
        {pricing.taxRate}% on {pricing.taxableKinds.length > 0 ? pricing.taxableKinds.join(', ') : 'nothing'}.
        Saved lines set the quote’s amounts.
      </p>
      {drafts.length === 0 && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          No lines: the estimate is quoted as one figure. Add lines to itemise it.
        </p>
      )}
      {drafts.map((draft, index) => (
        <LineRowEditor
          key={draft.key}
          draft={draft}
          index={index}
          count={drafts.length}
          pricing={pricing}
          error={problem?.index === index ? problem.message : undefined}
          onChange={(changed) => update(drafts.map((d) => (d.key === changed.key ? changed : d)))}
          onMove={(offset) => move(index, offset)}
          onRemove={() => update(drafts.filter((d) => d.key !== draft.key))}
        />
      ))}
      {problem && problem.index === null && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {problem.message}
        </p>
      )}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={add}
        disabled={drafts.length >= MAX_LINES}
      >
        <Plus aria-hidden="true" />
        Add line
      </Button>
      <LinesTotals totals={totals} taxRate={pricing.taxRate} label="Totals of these lines" />
      <Button type="submit" className="w-full" disabled={save.isPending || !dirty}>
        {save.isPending ? 'Saving...' : dirty ? 'Save lines' : 'Lines saved'}
      </Button>
    </form>
  );
}
