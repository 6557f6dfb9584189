import { CalendarDays } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { DropOffCalendar } from '#client/features/calendar/shared.ts';

/** The drop-off calendar of this month; the full page (/admin/calendar) browses other months. */
export function CalendarTab() {
  return (
    <section aria-label="Drop-off calendar" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Scheduled Drop-offs</h2>
        <Link href="/admin/calendar" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <CalendarDays aria-hidden="true" />
          Open full calendar
        </Link>
      </div>
      <DropOffCalendar loading={<Spinner className="mx-auto my-8" label="Loading the calendar" />} />
    </section>
  );
}
