import { CalendarDays } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { formatMoney } from '#domain/money.ts';
import { useAdminSummary } from './api/get-admin-summary.ts';
import { PlateSearch } from './plate-search.tsx';

/** Title, the two badges (how many estimates, how much quoted), the quick plate search and the calendar. */
export function AdminHeader() {
  const { data: summary } = useAdminSummary();
  const count = summary?.totalCount;

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="space-y-2">
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="text-slate-600">Manage estimates and repair orders</p>
        </div>
        <ul aria-label="Totals" className="flex flex-wrap gap-2">
          <li className="rounded-full bg-slate-900 px-3 py-1 text-sm font-semibold text-white">
            {count === undefined
              ? '… estimates'
              : `${count.toLocaleString('en-US')} estimate${count === 1 ? '' : 's'}`}
          </li>
          <li className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900 ring-1 ring-green-300">
            {summary ? `${formatMoney(summary.totalQuoted)} quoted` : '… quoted'}
          </li>
        </ul>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <PlateSearch />
        <Link href="/admin/calendar" className={buttonVariants({ variant: 'secondary' })}>
          <CalendarDays aria-hidden="true" />
          View Calendar
        </Link>
      </div>
    </div>
  );
}
