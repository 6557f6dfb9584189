import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { cn } from '#client/lib/cn.ts';
import { type CalendarDropOff, type CalendarDueOut, dayLabel } from '#domain/calendar.ts';
import { agendaAnchor } from './compact-month-grid.tsx';
import { dropOffTone } from './drop-off-tone.ts';
import { DueOutEntry } from './due-out-pill.tsx';

interface MonthAgendaProps {
  today: string;
  byDate: Map<string, CalendarDropOff[]>;
  dueByDate: Map<string, CalendarDueOut[]>;
  className?: string;
}

/** The month's drop-offs as a list of days (phones), each entry opening its estimate. */
export function MonthAgenda({ today, byDate, dueByDate, className }: MonthAgendaProps) {
  const dates = [...new Set([...byDate.keys(), ...dueByDate.keys()])].sort();
  if (dates.length === 0) return null;
  return (
    <div className={cn('space-y-4', className)}>
      {dates.map((date) => (
        <section
          key={date}
          id={agendaAnchor(date)}
          aria-labelledby={`${agendaAnchor(date)}-title`}
          className="scroll-mt-20"
        >
          <h3
            id={`${agendaAnchor(date)}-title`}
            className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900"
          >
            {dayLabel(date)}
            {date === today && (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                Today
              </span>
            )}
          </h3>
          <ul className="space-y-2">
            {(byDate.get(date) ?? []).map((dropOff) => (
              <li key={dropOff.appointmentId}>
                <AgendaEntry dropOff={dropOff} />
              </li>
            ))}
            {(dueByDate.get(date) ?? []).map((dueOut) => (
              <li key={`due-${dueOut.estimateId}`}>
                <DueOutEntry dueOut={dueOut} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function AgendaEntry({ dropOff }: { dropOff: CalendarDropOff }) {
  const vehicle = [dropOff.vehicle?.title, dropOff.vehicle?.licensePlate].filter(Boolean).join(' · ');
  return (
    <Link
      href={`/admin/estimate/${dropOff.estimateId}`}
      className={cn(
        'flex items-center gap-3 rounded-lg border border-l-4 border-slate-200 p-3 transition-colors',
        dropOffTone(dropOff.status).pill,
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="font-semibold text-slate-900">#{dropOff.reference} Drop-off</span>
          {dropOff.status !== 'scheduled' && <StatusBadge status={dropOff.status} />}
        </div>
        <p className="text-sm font-medium text-slate-700">{dropOff.slotLabel}</p>
        <p className="truncate text-sm text-slate-600">{dropOff.customerName}</p>
        {vehicle && <p className="truncate text-sm text-slate-600">{vehicle}</p>}
      </div>
      <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}
