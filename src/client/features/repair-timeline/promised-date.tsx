import { CalendarClock } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { shopDateTime } from '#client/lib/format-date.ts';
import { formatDropOffDate } from '#domain/drop-off-slots.ts';
import type { PromisedDateChange } from '#domain/repair-progress.ts';
import { promisedDateSteps } from './timeline-view.ts';

/**
 * The day the shop promises the car back, large, and below it every change with its reason (newest
 * first): being told why a date moved is what keeps a customer's trust. Nothing while no date is set.
 */
export function PromisedDate({
  promisedDate,
  history,
  className,
}: {
  /** 'YYYY-MM-DD', a day at the shop; null while the shop has not promised one. */
  promisedDate: string | null;
  /** Oldest first, as the API sends it. */
  history: readonly PromisedDateChange[];
  className?: string;
}) {
  if (!promisedDate) return null;
  const steps = promisedDateSteps(history);
  const moved = steps.length > 1;
  return (
    <section aria-labelledby="promised-date-heading" className={cn('space-y-3', className)}>
      <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
        <CalendarClock className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <h3
            id="promised-date-heading"
            className="text-xs font-semibold tracking-wide text-brand-800 uppercase"
          >
            Promised ready by
          </h3>
          <p className="text-xl font-extrabold text-slate-900">{formatDropOffDate(promisedDate)}</p>
          {moved && <p className="text-sm text-slate-700">This date has changed. Here is why:</p>}
        </div>
      </div>
      {moved && (
        <ol aria-label="Promised date changes" className="space-y-2">
          {steps.map(({ change, previous }) => (
            <li key={change.at} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {previous
                  ? `Moved from ${formatDropOffDate(previous)} to ${formatDropOffDate(change.date)}`
                  : `First promised for ${formatDropOffDate(change.date)}`}
              </p>
              {change.reason && <p className="mt-1 whitespace-pre-wrap text-slate-700">{change.reason}</p>}
              <p className="mt-1 text-xs text-slate-600">
                <time dateTime={change.at}>{shopDateTime(change.at) ?? 'Time not available'}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
