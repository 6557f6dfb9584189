import { CalendarClock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { longDate } from '#client/lib/format-date.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { PROMISED_DATE_REASON_MAX_LENGTH } from '#domain/repair-progress.ts';
import { useChangePromisedDate } from './api/repair-progress.ts';
import { shopTime } from './shop-time.ts';

/**
 * The day the shop promises the car back: set once, then moved only with a reason the customer reads.
 * The server's refusals (a missing reason, a closed estimate) are shown in the card.
 */
export function PromisedDateCard({ estimate }: { estimate: EstimateDetail }) {
  const change = useChangePromisedDate(estimate.id);
  const current = estimate.promisedDate;
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!date) {
      setProblem('Choose the promised date.');
      return;
    }
    change.mutate(
      { promisedDate: date, ...(reason.trim() ? { promisedDateReason: reason.trim() } : {}) },
      {
        onSuccess: (updated) => {
          setDate('');
          setReason('');
          toast({
            title: current ? 'Promised Date Moved' : 'Promised Date Set',
            description: `Ready by ${longDate(updated.promisedDate, 'en') ?? updated.promisedDate}.`,
          });
        },
        onError: (failure) => {
          // 400 (no reason, bad date) and 409 (closed estimate) are said where the shop is looking.
          if (failure instanceof ApiError && failure.status < 500) setProblem(failure.serverMessage);
          else
            reportMutationError(failure, {
              fallback: 'Failed to save the promised date',
              withServerMessage: true,
            });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-brand-700" aria-hidden="true" />
          Promised Date
        </CardTitle>
        <p className="text-sm text-slate-600">
          {current ? (
            <>
              Ready by{' '}
              <strong className="font-semibold text-slate-900">{longDate(current, 'en') ?? current}</strong>
            </>
          ) : (
            'No promised date yet.'
          )}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Promised date">
          <div className="space-y-1.5">
            <Label htmlFor="promised-date">{current ? 'New promised date' : 'Promised date'}</Label>
            <Input
              id="promised-date"
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              aria-describedby={problem ? 'promised-date-problem' : undefined}
            />
          </div>
          {current && (
            <div className="space-y-1.5">
              <Label htmlFor="promised-date-reason">Reason for the change</Label>
              <Textarea
                id="promised-date-reason"
                rows={2}
                maxLength={PROMISED_DATE_REASON_MAX_LENGTH}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                placeholder="e.g. Waiting on a back-ordered bumper"
                aria-describedby="promised-date-reason-hint"
              />
              <p id="promised-date-reason-hint" className="text-xs text-slate-500">
                Required to move the date: the customer reads it.
              </p>
            </div>
          )}
          {problem && (
            <p
              id="promised-date-problem"
              role="alert"
              className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800"
            >
              {problem}
            </p>
          )}
          <Button type="submit" variant="secondary" className="w-full" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : current ? 'Move promised date' : 'Set promised date'}
          </Button>
        </form>
        {estimate.promisedDateHistory.length > 0 && (
          <section aria-labelledby="promised-date-history" className="space-y-2">
            <h3 id="promised-date-history" className="text-sm font-semibold text-slate-900">
              History
            </h3>
            <ol className="space-y-2 text-sm">
              {estimate.promisedDateHistory.map((entry) => (
                <li key={entry.at} className="rounded-lg bg-slate-50 p-2.5">
                  <p className="font-medium text-slate-900">{longDate(entry.date, 'en') ?? entry.date}</p>
                  <p className="text-slate-600">{entry.reason ?? 'First promised date'}</p>
                  <p className="text-xs text-slate-500">Changed {shopTime(entry.at)}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
