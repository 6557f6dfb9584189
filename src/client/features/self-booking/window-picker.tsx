import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { formatShopDay } from '#client/i18n/format.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { ApiError } from '#client/lib/api.ts';
import { useNow } from '#client/lib/clock.ts';
import { cn } from '#client/lib/cn.ts';
import { CUSTOMER_BOOKING_HORIZON_DAYS, dropOffSlotLabel } from '#domain/drop-off-slots.ts';
import { DEFAULT_WINDOW_DAYS, DROP_OFF_WINDOW_TAKEN, type OpenWindow } from '#domain/self-booking.ts';
import { useBookDropOff } from './api/book-drop-off.ts';
import type { BookingSource } from './api/booking-source.ts';
import { useDropOffWindows } from './api/get-windows.ts';
import { laterPageFrom } from './window-paging.ts';

/** The windows of each day, in the order the server lists them. */
function byDay(windows: OpenWindow[]): [string, OpenWindow[]][] {
  const days = new Map<string, OpenWindow[]>();
  for (const window of windows) days.set(window.date, [...(days.get(window.date) ?? []), window]);
  return [...days];
}

/**
 * The open drop-off windows of two weeks, a day per group, each a choice with the places left; a full
 * window shows "Taken" and cannot be chosen. "Book this time" books it (or moves the booking to it);
 * when someone else took the last place meanwhile the picker says so and shows the windows again.
 * "Later days" pages on two weeks at a time, past weeks without a window too, up to the horizon.
 */
export function WindowPicker({
  source,
  submitLabel,
  onBooked,
}: {
  source: BookingSource;
  submitLabel: string;
  onBooked?: () => void;
}) {
  const t = useT();
  const [from, setFrom] = useState<string | null>(null);
  const [starts, setStarts] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [taken, setTaken] = useState(false);
  const windows = useDropOffWindows(source, from);
  const book = useBookDropOff(source);
  const name = useId();
  const language = currentLanguage();
  const later = laterPageFrom(from, useNow());

  if (windows.isPending) return <Spinner className="min-h-32" label={t('estimate.booking.loading')} />;
  if (windows.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm text-slate-700">
        <p>{t('estimate.booking.loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void windows.refetch()}>
          {t('estimate.booking.retry')}
        </Button>
      </div>
    );
  }
  const days = byDay(windows.data);
  const picked = windows.data.find((window) => `${window.date} ${window.slot}` === chosen);

  function submit() {
    if (!picked) return;
    setTaken(false);
    book.mutate(
      { date: picked.date, slot: picked.slot },
      {
        onSuccess: () => {
          toast({
            title: t('estimate.booking.bookedTitle'),
            description: t('estimate.booking.bookedBody', {
              date: formatShopDay(picked.date),
              time: dropOffSlotLabel(picked.slot, language),
            }),
          });
          setChosen(null);
          onBooked?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.serverMessage === DROP_OFF_WINDOW_TAKEN) {
            setTaken(true);
            setChosen(null);
            return;
          }
          reportMutationError(error, {
            title: t('estimate.error.title'),
            fallback: t('estimate.booking.bookFailed'),
            withServerMessage: true,
            problem: problemText,
          });
        },
      },
    );
  }

  return (
    <div className="space-y-4">
      {taken && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {problemText(DROP_OFF_WINDOW_TAKEN)}
        </p>
      )}
      {days.length === 0 ? (
        <p className="text-sm text-slate-600">
          {t('estimate.booking.noneOpen', { days: DEFAULT_WINDOW_DAYS })}
        </p>
      ) : (
        days.map(([date, list]) => (
          <fieldset key={date} className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">{formatShopDay(date)}</legend>
            <div className="grid grid-cols-3 gap-2">
              {list.map((window) => {
                const key = `${window.date} ${window.slot}`;
                const full = window.available === 0;
                const [start = '', end = ''] = dropOffSlotLabel(window.slot, language).split(' - ');
                return (
                  <label
                    key={key}
                    className={cn(
                      'flex cursor-pointer flex-col rounded-lg border px-2 py-2 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2',
                      chosen === key
                        ? 'border-brand-700 bg-brand-50 ring-2 ring-brand-700'
                        : 'border-slate-300 bg-white hover:border-slate-400',
                      full && 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500',
                    )}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={key}
                      className="sr-only"
                      disabled={full}
                      checked={chosen === key}
                      onChange={() => setChosen(key)}
                      aria-label={`${formatShopDay(date)}, ${dropOffSlotLabel(window.slot, language)}${full ? `, ${t('estimate.booking.taken')}` : ''}`}
                    />
                    <span className="font-semibold">{start}</span>
                    <span className="text-xs">– {end}</span>
                    <span className="mt-1 text-xs">
                      {full ? t('estimate.booking.taken') : t('estimate.booking.open')}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))
      )}
      {!later && (
        <p className="text-sm text-slate-600">
          {t('estimate.booking.horizon', { days: CUSTOMER_BOOKING_HORIZON_DAYS })}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-2">
          {from && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setFrom(starts.at(-1) ?? null);
                setStarts(starts.slice(0, -1));
              }}
            >
              <ChevronLeft aria-hidden="true" />
              {t('estimate.booking.earlier')}
            </Button>
          )}
          {later && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setStarts(from ? [...starts, from] : starts);
                setFrom(later);
              }}
            >
              {t('estimate.booking.later')}
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
        <Button onClick={submit} disabled={!picked || book.isPending}>
          {book.isPending ? t('estimate.booking.booking') : submitLabel}
        </Button>
      </div>
    </div>
  );
}
