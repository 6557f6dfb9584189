import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shopShortDay } from '#client/lib/format-date.ts';
import { type Estimate, vehicleTitle } from '#domain/estimate.ts';
import { formatMoney } from '#domain/money.ts';
import { EstimateThumbnail } from './estimate-thumbnail.tsx';

/**
 * One estimate in a customer list: photo, vehicle, plate, amount, status; opens the estimate. In the
 * full history (`withDate`) the day it was sent tells apart two estimates for the same car.
 */
export function EstimateRow({ estimate, withDate = false }: { estimate: Estimate; withDate?: boolean }) {
  const t = useT();
  const title = vehicleTitle(estimate.vehicle) ?? t('home.noVehicle');
  return (
    <li>
      <Link
        href={`/estimate/${estimate.id}`}
        className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50"
      >
        <EstimateThumbnail estimate={estimate} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{title}</p>
          <p className="truncate text-sm text-slate-500">
            {estimate.vehicle?.licensePlate
              ? t('home.row.plate', { plate: estimate.vehicle.licensePlate })
              : t('home.row.noPlate')}
          </p>
          {withDate && (
            <p className="text-sm text-slate-500">
              {t('home.row.sent', { date: shopShortDay(estimate.createdAt) ?? estimate.createdAt })}
            </p>
          )}
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-sm font-medium text-slate-700">
              {estimate.estimatedAmount ? formatMoney(estimate.estimatedAmount) : t('home.row.inPreparation')}
            </span>
            <StatusBadge status={estimate.status} />
            {estimate.supplementAwaiting && <SupplementAwaitingBadge />}
          </div>
        </div>
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** A supplement waits for the customer's approval: flagged beside the status, as a quote is by its own. */
export function SupplementAwaitingBadge() {
  const t = useT();
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      {t('home.row.supplementAwaiting')}
    </span>
  );
}
