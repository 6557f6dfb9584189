import {
  Banknote,
  CheckCircle2,
  ClipboardCheck,
  ClipboardList,
  DollarSign,
  FileText,
  Hourglass,
  type LucideIcon,
  Scale,
  Truck,
  Wrench,
} from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { type AdminEstimateSummary, formatShopDate } from '#domain/admin-dashboard.ts';
import { formatMoney } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/recorded-payments.ts';

interface SummaryCard {
  title: string;
  value: string;
  detail: string;
  icon: LucideIcon;
  tone: string;
  /** A detail that may take two lines (a longer one, the split by method) instead of being cut. */
  wraps?: boolean;
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
      // Cut, it read "Approved and in prog…" in the six narrow cards of a laptop's width.
      wraps: true,
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
      detail: 'Agreed work only',
      icon: DollarSign,
      tone: 'bg-slate-900 text-white',
    },
  ];
}

/** "Cash $250.00 · Check $1,000.00": what this month's money came in as. */
function collectedDetail(summary: AdminEstimateSummary): string {
  const { byMethod, since } = summary.collectedThisMonth;
  if (byMethod.length === 0) return `Nothing yet since ${formatShopDate(`${since}T12:00:00`) ?? since}`;
  return byMethod
    .map((entry) => `${PAYMENT_METHOD_LABELS[entry.method]} ${formatMoney(entry.sum)}`)
    .join(' · ');
}

/** What the owner reads the month by: what waits, what is agreed, what is owed, what came in. */
function moneyCards(summary: AdminEstimateSummary): SummaryCard[] {
  return [
    {
      title: 'Quotes Waiting',
      value: formatMoney(summary.quotesWaiting.sum),
      detail: estimatesCount(summary.quotesWaiting.count),
      icon: Hourglass,
      tone: 'bg-purple-100 text-purple-800',
    },
    {
      title: 'Approved, Not Invoiced',
      value: formatMoney(summary.approvedNotInvoiced.sum),
      detail: estimatesCount(summary.approvedNotInvoiced.count),
      icon: ClipboardList,
      tone: 'bg-blue-100 text-blue-800',
    },
    {
      title: 'Balances Outstanding',
      value: formatMoney(summary.balancesOutstanding.sum),
      detail: `Owed on ${estimatesCount(summary.balancesOutstanding.count)}`,
      icon: Scale,
      tone: 'bg-amber-100 text-amber-900',
    },
    {
      title: 'Collected This Month',
      value: formatMoney(summary.collectedThisMonth.sum),
      detail: collectedDetail(summary),
      icon: Banknote,
      tone: 'bg-green-100 text-green-800',
      wraps: true,
    },
  ];
}

function Placeholders({ count, className }: { count: number; className: string }) {
  return (
    <div className={className} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <div key={index} className="h-[104px] animate-pulse rounded-xl bg-slate-200/70" />
      ))}
    </div>
  );
}

const STATUS_GRID = 'grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6';
const MONEY_GRID = 'grid grid-cols-2 gap-3 xl:grid-cols-4';

/**
 * The spec's six cards, then the money an owner reads the business by; sums and counts come computed
 * from the server (docs/API.md: "The dashboard's figures").
 */
export function SummaryCards({ summary }: { summary: AdminEstimateSummary | undefined }) {
  if (!summary) {
    return (
      <div className="space-y-3">
        <Placeholders count={6} className={STATUS_GRID} />
        <Placeholders count={4} className={MONEY_GRID} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <CardList label="Estimate summary" cards={summaryCards(summary)} className={STATUS_GRID} />
      <CardList label="Money owed and collected" cards={moneyCards(summary)} className={MONEY_GRID} />
    </div>
  );
}

function CardList({ label, cards, className }: { label: string; cards: SummaryCard[]; className: string }) {
  return (
    <ul aria-label={label} className={className}>
      {cards.map(({ title, value, detail, icon: Icon, tone, wraps }) => (
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
          <p className={cn('text-xs text-slate-500', wraps ? 'break-words' : 'truncate')}>{detail}</p>
        </li>
      ))}
    </ul>
  );
}
