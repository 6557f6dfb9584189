import { Car, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  type AdminEstimateListItem,
  adminEstimatePath,
  formatShopDate,
} from '../../../../domain/admin-dashboard';
import { formatMoney } from '../../../../domain/money';
import { StatusBadge } from '../../../components/ui/status-badge';
import { cn } from '../../../lib/cn';

interface EstimateListRowProps {
  estimate: AdminEstimateListItem;
  selected: boolean;
  onSelect: (estimate: AdminEstimateListItem) => void;
}

/** One estimate: the row selects it for the detail panel; 'Open' goes to its own page. */
export function EstimateListRow({ estimate, selected, onSelect }: EstimateListRowProps) {
  const vehicle = [estimate.vehicle?.title, estimate.vehicle?.licensePlate].filter(Boolean).join(' · ');
  const customer = estimate.customer.name ?? estimate.customer.email;
  return (
    <li
      className={cn(
        'flex items-stretch gap-1 rounded-lg transition-colors',
        selected ? 'bg-brand-50 ring-2 ring-brand-600/40' : 'hover:bg-slate-50',
      )}
    >
      <button
        type="button"
        onClick={() => onSelect(estimate)}
        aria-pressed={selected}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-lg p-2.5 text-left sm:p-3"
      >
        <Thumbnail src={estimate.thumbnailUrl} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-slate-900">#{estimate.reference}</span>
            <StatusBadge status={estimate.status} />
            <span className="ml-auto font-semibold text-slate-900 tabular-nums">
              {estimate.estimatedAmount ? (
                formatMoney(estimate.estimatedAmount)
              ) : (
                <span className="text-sm font-medium text-slate-500">Not quoted</span>
              )}
            </span>
          </div>
          <p className="truncate text-sm text-slate-600">
            {formatShopDate(estimate.createdAt) ?? 'N/A'} · {customer}
            {vehicle && ` · ${vehicle}`}
          </p>
          <p className="line-clamp-2 text-sm break-words text-slate-700">
            {estimate.damageDescriptionPreview
              ? `${estimate.damageDescriptionPreview}${estimate.damageDescriptionTruncated ? '…' : ''}`
              : 'No description'}
          </p>
          <p className="text-xs font-medium text-slate-500">
            {estimate.insuranceCompany ? `Insurance: ${estimate.insuranceCompany}` : 'Customer Pay'}
          </p>
        </div>
      </button>
      <Link
        href={adminEstimatePath(estimate.id)}
        aria-label={`Open estimate #${estimate.reference}`}
        className="flex shrink-0 items-center gap-0.5 self-center rounded-md px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-white hover:underline sm:px-3"
      >
        Open
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </li>
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
