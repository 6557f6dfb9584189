import { CalendarCheck, CalendarDays, CalendarX, ThumbsUp } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card } from '#client/components/ui/card.tsx';
import { type Calendar, monthLabel } from '#domain/calendar.ts';

interface Counter {
  label: string;
  value: number | null;
  hint: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  testId: string;
}

/** Total Scheduled, This Month (the month shown), Approved, No-shows (of the month shown). `thisMonth` is null while the month loads. */
export function CalendarCounters({
  counters,
  thisMonth,
  month,
}: {
  counters: Calendar['counters'];
  thisMonth: number | null;
  month: string;
}) {
  const items: Counter[] = [
    {
      label: 'Total Scheduled',
      value: counters.totalScheduled,
      hint: 'booked, all months',
      icon: CalendarCheck,
      testId: 'counter-total-scheduled',
    },
    {
      label: 'This Month',
      value: thisMonth,
      hint: `drop-offs in ${monthLabel(month)}`,
      icon: CalendarDays,
      testId: 'counter-this-month',
    },
    {
      label: 'Approved',
      value: counters.approved,
      hint: 'need a date',
      icon: ThumbsUp,
      testId: 'counter-approved',
    },
    {
      label: 'No-shows',
      value: thisMonth === null ? null : counters.noShowsThisMonth,
      hint: `missed in ${monthLabel(month)}`,
      icon: CalendarX,
      testId: 'counter-no-shows',
    },
  ];
  return (
    <section aria-label="Drop-off counters" className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-4">
      {items.map(({ label, value, hint, icon: Icon, testId }) => (
        <Card key={label} className="flex items-center gap-3 p-3 sm:p-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="flex min-w-0 flex-col">
            <p className="text-xs leading-tight font-medium text-slate-600 sm:text-sm">{label}</p>
            <p data-testid={testId} className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
              {value ?? '–'}
            </p>
            <p className="hidden text-xs text-slate-500 sm:block">{hint}</p>
          </div>
        </Card>
      ))}
    </section>
  );
}
