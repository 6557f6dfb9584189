import { Car, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { cn } from '#client/lib/cn.ts';
import { type AdminEstimateListItem, adminEstimatePath, formatShopDate } from '#domain/admin-dashboard.ts';
import { formatMoney, toCents } from '#domain/money.ts';
import { InShopLine } from './in-shop-line.tsx';

interface EstimateListRowProps {
  estimate: AdminEstimateListItem;
  selected: boolean;
  /** Without it the whole row is a link to the estimate's page. */
  onSelect?: (estimate: AdminEstimateListItem) => void;
}

/** One estimate: the row selects it for the detail panel and 'Open' goes to its own page, or the row is that link. */
export function EstimateListRow({ estimate, selected, onSelect }: EstimateListRowProps) {
  return (
    <li
      className={cn(
        'relative rounded-lg transition-colors',
        selected ? 'bg-brand-50 ring-2 ring-brand-600/40' : 'hover:bg-slate-50',
      )}
    >
      {onSelect ? (
        <>
          <button
            type="button"
            onClick={() => onSelect(estimate)}
            aria-pressed={selected}
            className="flex w-full min-w-0 items-start gap-3 rounded-lg p-2.5 text-left sm:p-3"
          >
            <RowContent estimate={estimate} />
          </button>
          <Link
            href={adminEstimatePath(estimate.id)}
            aria-label={`Open estimate #${estimate.reference}`}
            className="absolute right-2 bottom-1.5 flex items-center gap-0.5 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-white hover:underline sm:right-3 sm:bottom-2"
          >
            Open
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </>
      ) : (
        <Link
          href={adminEstimatePath(estimate.id)}
          className="flex w-full min-w-0 items-start gap-3 rounded-lg p-2.5 text-left sm:p-3"
        >
          <RowContent estimate={estimate} />
        </Link>
      )}
    </li>
  );
}

function RowContent({ estimate }: { estimate: AdminEstimateListItem }) {
  const vehicle = [estimate.vehicle?.title, estimate.vehicle?.licensePlate].filter(Boolean).join(' · ');
  const customer = estimate.customer.name ?? estimate.customer.email;
  return (
    <>
      <Thumbnail src={estimate.thumbnailUrl} />
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex items-start gap-2">
          {/* The badges wrap under the reference on a phone; the amount keeps its place. */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-slate-900">#{estimate.reference}</span>
            <StatusBadge status={estimate.status} className="whitespace-nowrap" />
            {estimate.supplementAwaiting && (
              <span
                title="A supplement waits for the customer's approval"
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300"
              >
                Supplement waiting
              </span>
            )}
          </div>
          <span className="ml-auto shrink-0 font-semibold text-slate-900 tabular-nums">
            {estimate.estimatedAmount ? (
              formatMoney(estimate.estimatedAmount)
            ) : (
              <span className="text-sm font-medium text-slate-500">Not quoted</span>
            )}
          </span>
        </div>
        <p className="truncate text-sm text-slate-600">
          {formatShopDate(estimate.createdAt) ?? 'N/A'} · {customer}
        </p>
        {vehicle && <p className="truncate text-sm text-slate-600">{vehicle}</p>}
        <InShopLine estimate={estimate} />
        <p className="line-clamp-2 pt-0.5 text-sm break-words text-slate-800">
          {estimate.damageDescriptionPreview
            ? `${estimate.damageDescriptionPreview}${estimate.damageDescriptionTruncated ? '…' : ''}`
            : 'No description'}
        </p>
        {/* Room on the right for the Open link that sits over this line. */}
        <p className="pr-20 text-xs font-medium text-slate-500">
          {estimate.insuranceCompany ? `Insurance: ${estimate.insuranceCompany}` : 'Customer Pay'}
          {(toCents(estimate.balanceDue) ?? 0) > 0 && (
            <span className="text-amber-800">
              {' · '}
              {/* The amount stays with its words when the line wraps. */}
              <span className="whitespace-nowrap">Balance due {formatMoney(estimate.balanceDue)}</span>
            </span>
          )}
        </p>
      </div>
    </>
  );
}

function Thumbnail({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="hidden size-14 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400 sm:flex">
        <Car className="size-6" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      onError={() => setFailed(true)}
      className="hidden size-14 shrink-0 rounded-lg object-cover sm:block"
    />
  );
}
