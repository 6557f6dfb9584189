import { CalendarClock } from 'lucide-react';
import { formatShopDay } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { shopDateTime } from '#client/lib/format-date.ts';
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
  const t = useT();
  if (!promisedDate) return null;
  const steps = promisedDateSteps(history);
  const moved = steps.length > 1;
  return (
    <section aria-labelledby="promised-date-heading" className={cn('space-y-3', className)}>
      {/* Blue, as the Scheduled badge: news, not a warning (the shop's red would read as an alarm). */}
      <div className="flex items-start gap-3 rounded-lg bg-blue-50 p-4 ring-1 ring-blue-200">
        <CalendarClock className="mt-0.5 size-6 shrink-0 text-blue-700" aria-hidden="true" />
        <div className="min-w-0">
          <h3
            id="promised-date-heading"
            className="text-xs font-semibold tracking-wide text-blue-800 uppercase"
          >
            {t('estimate.promised.heading')}
          </h3>
          <p className="text-xl font-extrabold text-slate-900">{formatShopDay(promisedDate)}</p>
          {moved && <p className="text-sm text-slate-700">{t('estimate.promised.changed')}</p>}
        </div>
      </div>
      {moved && (
        <ol aria-label={t('estimate.promised.changesLabel')} className="space-y-2">
          {steps.map(({ change, previous }) => (
            <li
              key={`${change.at}-${change.date}`}
              className="rounded-lg border border-slate-200 p-3 text-sm"
            >
              <p className="font-semibold text-slate-900">
                {previous
                  ? t('estimate.promised.moved', {
                      from: formatShopDay(previous),
                      to: formatShopDay(change.date),
                    })
                  : t('estimate.promised.first', { date: formatShopDay(change.date) })}
              </p>
              {change.reason && <p className="mt-1 whitespace-pre-wrap text-slate-700">{change.reason}</p>}
              <p className="mt-1 text-xs text-slate-600">
                <time dateTime={change.at}>
                  {shopDateTime(change.at) ?? t('estimate.timeline.timeNotAvailable')}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
