import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { ChevronRight, Clock } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import type { Calendar, UnscheduledEstimate } from '#domain/calendar.ts';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';

/** Estimates the customer agreed to that have no drop-off date yet, longest waiting first. */
export function UnscheduledCard({ unscheduled }: { unscheduled: Calendar['approvedUnscheduled'] }) {
  const { estimates, total } = unscheduled;
  return (
    <Card role="region" aria-label="Approved – not yet scheduled">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-5 text-brand-700" aria-hidden="true" />
          Approved – not yet scheduled
          {total > 0 && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
              {total}
            </span>
          )}
        </CardTitle>
        <p className="text-sm text-slate-600">Open an estimate to pick its drop-off day and time.</p>
      </CardHeader>
      <CardContent>
        {estimates.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            Nothing waiting: every approved estimate has a drop-off date.
          </p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {estimates.map((estimate) => (
                <li key={estimate.estimateId}>
                  <UnscheduledRow estimate={estimate} />
                </li>
              ))}
            </ul>
            {total > estimates.length && (
              <p className="mt-3 text-sm text-slate-500">
                Showing the {estimates.length} waiting longest of {total}.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function UnscheduledRow({ estimate }: { estimate: UnscheduledEstimate }) {
  const vehicle = [estimate.vehicle?.title, estimate.vehicle?.licensePlate].filter(Boolean).join(' · ');
  const requested = format(new Date(estimate.createdAt), 'MMM d, yyyy', { in: tz(SHOP_TIME_ZONE) });
  return (
    <Link
      href={`/admin/estimate/${estimate.estimateId}`}
      className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold text-slate-900">#{estimate.reference}</span>
          <StatusBadge status={estimate.status} />
          {estimate.status === 'scheduled' && (
            <span className="text-xs font-medium text-amber-800">No drop-off date</span>
          )}
        </div>
        <p className="truncate text-sm text-slate-700">
          {estimate.customerName}
          {vehicle && ` · ${vehicle}`}
        </p>
        <p className="text-xs text-slate-500">Requested {requested}</p>
      </div>
      <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}
