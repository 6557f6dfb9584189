import { ChevronRight, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { PickupButton } from '#client/features/pickup/shared.ts';
import type { CalendarDueOut } from '#domain/calendar.ts';
import { statusLabel } from '#domain/estimate-status.ts';

/**
 * A car due out (its promised date) in a day cell: dashed and flagged so it never reads as a drop-off;
 * '#REF Due out', its stage or status and customer; opens the estimate.
 */
export function DueOutPill({ dueOut }: { dueOut: CalendarDueOut }) {
  const car = dueOut.vehicle?.title ?? dueOut.vehicle?.licensePlate ?? null;
  const pill = (
    <Link
      href={`/admin/estimate/${dueOut.estimateId}`}
      title={[dueOut.customerName, car, dueOut.repairStage ?? statusLabel(dueOut.status)]
        .filter(Boolean)
        .join(' · ')}
      className="block rounded-md border border-dashed border-violet-500 bg-violet-50 px-2 py-1 text-xs leading-snug text-slate-700 transition-colors hover:bg-violet-100"
    >
      <span className="flex items-center gap-1 font-semibold text-violet-900">
        <Flag className="size-3 shrink-0" aria-hidden="true" />
        <span>
          #{dueOut.reference} <span className="whitespace-nowrap">Due out</span>
        </span>
      </span>
      <span className="block truncate">{dueOut.repairStage ?? statusLabel(dueOut.status)}</span>
      <span className="block truncate text-slate-600">{dueOut.customerName}</span>
    </Link>
  );
  return (
    <WithPickupButton dueOut={dueOut} className="space-y-1" buttonClassName="h-auto w-full px-1 py-1 text-xs">
      {pill}
    </WithPickupButton>
  );
}

/** A car due out in the phone agenda: a full-width entry, flagged like the grid's. */
export function DueOutEntry({ dueOut }: { dueOut: CalendarDueOut }) {
  const vehicle = [dueOut.vehicle?.title, dueOut.vehicle?.licensePlate].filter(Boolean).join(' · ');
  const entry = (
    <Link
      href={`/admin/estimate/${dueOut.estimateId}`}
      className="flex items-center gap-3 rounded-lg border border-dashed border-violet-500 bg-violet-50 p-3 transition-colors hover:bg-violet-100"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="flex items-center gap-1.5 font-semibold text-violet-900">
            <Flag className="size-4" aria-hidden="true" />#{dueOut.reference} Due out
          </span>
          <StatusBadge status={dueOut.status} />
        </div>
        {dueOut.repairStage && (
          <p className="text-sm font-medium text-slate-700">Stage: {dueOut.repairStage}</p>
        )}
        <p className="truncate text-sm text-slate-600">{dueOut.customerName}</p>
        {vehicle && <p className="truncate text-sm text-slate-600">{vehicle}</p>}
      </div>
      <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
  return (
    <WithPickupButton dueOut={dueOut} className="space-y-2" buttonClassName="w-full">
      {entry}
    </WithPickupButton>
  );
}

/** Completed and still here: the pickup is recorded from the calendar, under the car's entry. */
function WithPickupButton({
  dueOut,
  className,
  buttonClassName,
  children,
}: {
  dueOut: CalendarDueOut;
  className: string;
  buttonClassName: string;
  children: ReactNode;
}) {
  if (dueOut.status !== 'completed') return children;
  return (
    <div className={className}>
      {children}
      <PickupButton
        estimateId={dueOut.estimateId}
        label={`Car picked up: #${dueOut.reference}`}
        size="sm"
        className={buttonClassName}
      />
    </div>
  );
}
