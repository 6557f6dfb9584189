import { Link } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import type { CalendarDropOff } from '#domain/calendar.ts';
import { statusLabel } from '#domain/estimate-status.ts';
import { dropOffTone } from './drop-off-tone.ts';

/**
 * One drop-off in a day cell of the month grid: '#REF Drop-off', its slot and customer, and whether the
 * customer booked it online and confirmed it; opens the estimate.
 */
export function DropOffPill({ dropOff }: { dropOff: CalendarDropOff }) {
  const car = dropOff.vehicle?.title ?? dropOff.vehicle?.licensePlate ?? null;
  return (
    <Link
      href={`/admin/estimate/${dropOff.estimateId}`}
      title={[dropOff.customerName, car, statusLabel(dropOff.status)].filter(Boolean).join(' · ')}
      className={cn(
        'block rounded-md border-l-4 px-2 py-1 text-xs leading-snug text-slate-700 transition-colors',
        dropOffTone(dropOff.status).pill,
      )}
    >
      <span className="block font-semibold text-slate-900">
        #{dropOff.reference} <span className="whitespace-nowrap">Drop-off</span>
      </span>
      {/* Narrow cells wrap the slot between its two times, never inside one ("12:00 / PM"). */}
      <span className="block">{dropOff.slotLabel.replace(/ (AM|PM)/g, '\u00a0$1')}</span>
      <span className="block truncate text-slate-600">{dropOff.customerName}</span>
      {dropOff.status === 'scheduled' && (dropOff.bookedByCustomer || dropOff.confirmedAt) && (
        <span className="block text-slate-600">
          {[dropOff.bookedByCustomer && 'Online', dropOff.confirmedAt && 'Confirmed ✓']
            .filter(Boolean)
            .join(' · ')}
        </span>
      )}
      {dropOff.status !== 'scheduled' && <span className="sr-only">{statusLabel(dropOff.status)}</span>}
    </Link>
  );
}
