import { useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { longDate } from '#client/lib/format-date.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { CONSENT_NAME_MAX_LENGTH, CONSENT_NOTE_MAX_LENGTH } from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';
import { CONSENT_METHOD_LABELS, type Supplement } from '#domain/supplements.ts';
import { useDecideSupplement } from './api/lines.ts';
import { LinesTable } from './lines-table.tsx';

const signed = (amount: string) =>
  amount.startsWith('-') ? `−${formatMoney(amount.slice(1))}` : `+${formatMoney(amount)}`;

/** The estimate's supplements, newest first; a pending one offers "Record customer's answer". */
export function SupplementList({ estimate }: { estimate: EstimateDetail }) {
  if (estimate.supplements.length === 0) return null;
  return (
    <section aria-label="Supplements" className="space-y-3 border-t border-slate-100 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Supplements</h3>
      {[...estimate.supplements].reverse().map((supplement) => (
        <article
          key={supplement.id}
          aria-label={`Supplement #${supplement.number}`}
          className="space-y-2 rounded-lg border border-slate-200 p-3"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h4 className="font-semibold text-slate-900">
              Supplement #{supplement.number}: {signed(supplement.amount)}
            </h4>
            <p className="text-sm text-slate-600">{answerText(supplement)}</p>
          </div>
          <p className="text-sm whitespace-pre-wrap text-slate-700">{supplement.reason}</p>
          <LinesTable lines={supplement.lines} caption={`Lines of supplement #${supplement.number}`} />
          {supplement.status === 'pending' && (
            <RecordAnswer estimateId={estimate.id} supplement={supplement} />
          )}
        </article>
      ))}
    </section>
  );
}

function answerText(supplement: Supplement): string {
  if (supplement.status === 'pending') return 'Waiting for the customer’s answer';
  const how = supplement.consent
    ? `${CONSENT_METHOD_LABELS[supplement.consent.method]}${supplement.consent.name ? ` (${supplement.consent.name})` : ''}`
    : '';
  const when = supplement.decidedAt ? `, ${longDate(supplement.decidedAt, 'en')}` : '';
  return `${supplement.status === 'approved' ? 'Approved' : 'Declined'} ${how}${when}`.trim();
}

/** Staff record an answer given by phone or in person: who, how, and a note, kept with the time and the staff member. */
function RecordAnswer({ estimateId, supplement }: { estimateId: string; supplement: Supplement }) {
  const decide = useDecideSupplement(estimateId);
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<'approved' | 'declined'>('approved');
  const [method, setMethod] = useState<'phone' | 'in_person'>('phone');
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const prefix = `supplement-${supplement.number}`;

  if (!open) {
    return (
      <Button type="button" variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        Record customer’s answer
      </Button>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Enter the name of the person who gave the answer.');
      return;
    }
    setError(null);
    decide.mutate(
      { sid: supplement.id, decision, consent: { method, name, ...(note.trim() ? { note } : {}) } },
      {
        onSuccess: () =>
          toast({ title: 'Answer recorded', description: `Supplement #${supplement.number} ${decision}.` }),
        onError: (failure) =>
          reportMutationError(failure, { fallback: 'Failed to record the answer', withServerMessage: true }),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Record the customer’s answer to supplement #${supplement.number}`}
      className="space-y-3 rounded-lg bg-slate-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${prefix}-decision`}>Answer</Label>
          <NativeSelect
            id={`${prefix}-decision`}
            value={decision}
            onChange={(event) => setDecision(event.target.value as 'approved' | 'declined')}
          >
            <option value="approved">Approved</option>
            <option value="declined">Declined</option>
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${prefix}-method`}>Given</Label>
          <NativeSelect
            id={`${prefix}-method`}
            value={method}
            onChange={(event) => setMethod(event.target.value as 'phone' | 'in_person')}
          >
            <option value="phone">By phone</option>
            <option value="in_person">In person</option>
          </NativeSelect>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${prefix}-name`}>Name of the person who answered</Label>
        <Input
          id={`${prefix}-name`}
          value={name}
          maxLength={CONSENT_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${prefix}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {error && (
          <p id={`${prefix}-name-error`} role="alert" className="text-sm font-medium text-brand-700">
            {error}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${prefix}-note`}>Note (optional)</Label>
        <Textarea
          id={`${prefix}-note`}
          rows={2}
          maxLength={CONSENT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={decide.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={decide.isPending}>
          {decide.isPending ? 'Recording...' : 'Record answer'}
        </Button>
      </div>
    </form>
  );
}
