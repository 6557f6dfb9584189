import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'wouter';
import { PAGE_WIDTH } from '#client/components/layout/page-width.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api.ts';
import { cn } from '#client/lib/cn.ts';
import { dropOffsByDate, dueOutsByDate, isValidMonth, monthLabel } from '#domain/calendar.ts';
import { useCalendar } from './api/get-calendar.ts';
import { CalendarCounters } from './calendar-counters.tsx';
import { CompactMonthGrid } from './compact-month-grid.tsx';
import { dropOffTone, TONE_LEGEND } from './drop-off-tone.ts';
import { MonthAgenda } from './month-agenda.tsx';
import { MonthGrid } from './month-grid.tsx';
import { MonthNav } from './month-nav.tsx';
import { UnscheduledCard } from './unscheduled-card.tsx';
import { useMonthParam } from './use-month-param.ts';

/** /admin/calendar: the shop's drop-offs by day, one month at a time (?month=YYYY-MM). */
export function AdminCalendarPage() {
  return (
    <CalendarShell>
      <DropOffCalendar loading={<FullPageSpinner />} />
    </CalendarShell>
  );
}

/**
 * The counters, the month grid and the approved estimates still without a drop-off. The page shows it
 * under its heading, the admin dashboard in its Calendar tab (another month opens the page).
 */
export function DropOffCalendar({ loading }: { loading: ReactNode }) {
  const [monthParam, setMonth] = useMonthParam();
  const { data, error, isLoading, isFetching, refetch } = useCalendar(monthParam);
  // The month asked for in the address wins; without one, the server's current month at the shop.
  const month = monthParam && isValidMonth(monthParam) ? monthParam : (data?.month ?? null);
  // While the next month loads, the previous answer stays on screen: its drop-offs are not this month's.
  const current = data && data.month === month ? data : null;
  const byDate = useMemo(() => dropOffsByDate(current?.dropOffs ?? []), [current]);
  const dueByDate = useMemo(() => dueOutsByDate(current?.dueOuts ?? []), [current]);

  if (isLoading) return loading;
  if (!data || !month || (error && !current)) {
    return (
      <LoadProblem
        badMonth={error instanceof ApiError && error.status === 400 ? error.serverMessage : null}
        retrying={isFetching}
        onRetry={() => refetch()}
      />
    );
  }

  // The same days drawn as a table on wide screens and as a compact grid on a phone.
  const days = { month, today: data.today, byDate, dueByDate };
  return (
    <>
      <CalendarCounters
        counters={data.counters}
        thisMonth={current?.counters.thisMonth ?? null}
        month={month}
      />
      <Card className="space-y-4 p-3 sm:p-5" aria-busy={!current}>
        <MonthNav month={month} currentMonth={data.today.slice(0, 7)} onChange={setMonth} />
        <div className={cn('space-y-4 transition-opacity', !current && 'opacity-50')}>
          <MonthGrid {...days} className="hidden md:table" />
          <CompactMonthGrid {...days} className="md:hidden" />
          {current && byDate.size === 0 && (
            <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">
              No drop-offs scheduled in {monthLabel(month)}.
            </p>
          )}
          <MonthAgenda today={data.today} byDate={byDate} dueByDate={dueByDate} className="md:hidden" />
          <Legend />
        </div>
      </Card>
      <UnscheduledCard unscheduled={data.approvedUnscheduled} />
    </>
  );
}

function CalendarShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={cn(PAGE_WIDTH, 'space-y-5 py-4 sm:space-y-6 sm:py-8')}>
      <div className="space-y-2">
        <Link href="/admin" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Admin
        </Link>
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Scheduled Drop-offs</h1>
          <p className="text-slate-600">
            Drop-off appointments and cars due out by day, in shop time (Eastern).
          </p>
        </div>
      </div>
      {children}
    </main>
  );
}

function Legend() {
  return (
    <ul aria-label="Color key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {TONE_LEGEND.map(({ status, label }) => (
        <li key={status} className="flex items-center gap-1.5">
          <span className={cn('size-2.5 rounded-full', dropOffTone(status).dot)} aria-hidden="true" />
          {label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span
          className="size-2.5 rounded-[2px] border border-dashed border-violet-600 bg-violet-100"
          aria-hidden="true"
        />
        Due out (promised date)
      </li>
    </ul>
  );
}

function LoadProblem({
  badMonth,
  retrying,
  onRetry,
}: {
  badMonth: string | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (badMonth) {
    return (
      <Card className="space-y-3 p-5 text-center">
        <p role="alert" className="text-sm text-slate-700">
          That month can't be shown. {badMonth}
        </p>
        <Link href="/admin/calendar" className={buttonVariants({ variant: 'secondary' })}>
          Show this month
        </Link>
      </Card>
    );
  }
  return (
    <Card className="space-y-3 p-5 text-center">
      <p role="alert" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-800">
        We couldn't load the calendar just now.
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </Card>
  );
}
