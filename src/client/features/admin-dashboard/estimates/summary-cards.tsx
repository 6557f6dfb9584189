import {
  CheckCircle2,
  ClipboardCheck,
  DollarSign,
  FileText,
  type LucideIcon,
  Truck,
  Wrench,
} from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import type { AdminEstimateSummary } from '#domain/admin-dashboard.ts';
import { formatMoney } from '#domain/money.ts';

interface SummaryCard {
  title: string;
  value: string;
  detail: string;
  icon: LucideIcon;
  tone: string;
}

const estimatesCount = (count: number) =>
  `${count.toLocaleString('en-US')} estimate${count === 1 ? '' : 's'}`;

function summaryCards(summary: AdminEstimateSummary): SummaryCard[] {
  return [
    {
      title: 'Quoted Estimates',
      value: formatMoney(summary.quoted.sum),
      detail: estimatesCount(summary.quoted.count),
      icon: FileText,
      tone: 'bg-purple-100 text-purple-800',
    },
    {
      title: 'Approved Estimates',
      value: formatMoney(summary.approved.sum),
      detail: estimatesCount(summary.approved.count),
      icon: ClipboardCheck,
      tone: 'bg-green-100 text-green-800',
    },
    {
      title: 'Scheduled',
      value: formatMoney(summary.scheduled.sum),
      detail: estimatesCount(summary.scheduled.count),
      icon: Truck,
      tone: 'bg-blue-100 text-blue-800',
    },
    {
      title: 'Active Repairs',
      value: summary.activeRepairs.toLocaleString('en-US'),
      detail: 'Approved and in progress',
      icon: Wrench,
      tone: 'bg-orange-100 text-orange-800',
    },
    {
      title: 'Completed',
      value: summary.completed.toLocaleString('en-US'),
      detail: 'Repairs finished',
      icon: CheckCircle2,
      tone: 'bg-green-700 text-white',
    },
    {
      title: 'Total Revenue',
      value: formatMoney(summary.totalRevenue),
      detail: 'All estimated amounts',
      icon: DollarSign,
      tone: 'bg-slate-900 text-white',
    },
  ];
}

/** The six cards; sums and counts come computed from the server (one aggregate query). */
export function SummaryCards({ summary }: { summary: AdminEstimateSummary | undefined }) {
  if (!summary) {
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: six fixed placeholders
          <div key={index} className="h-[104px] animate-pulse rounded-xl bg-slate-200/70" />
        ))}
      </div>
    );
  }
  return (
    <ul aria-label="Estimate summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {summaryCards(summary).map(({ title, value, detail, icon: Icon, tone }) => (
        <li
          key={title}
          className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
        >
          <div className="flex items-start justify-between gap-2">
            <h3 className="text-xs font-semibold text-slate-600 sm:text-sm">{title}</h3>
            <span className={cn('rounded-md p-1', tone)}>
              <Icon className="size-3.5 sm:size-4" aria-hidden="true" />
            </span>
          </div>
          <p className="text-[15px] font-bold break-all text-slate-900 tabular-nums sm:text-xl xl:text-lg">
            {value}
          </p>
          <p className="truncate text-xs text-slate-500">{detail}</p>
        </li>
      ))}
    </ul>
  );
}
