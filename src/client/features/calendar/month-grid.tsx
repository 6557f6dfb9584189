import { cn } from '#client/lib/cn.ts';
import { clientShopCalendar } from '#client/lib/shop-calendar.ts';
import { type CalendarDropOff, type CalendarDueOut, dayLabel, dayOfMonth } from '#domain/calendar.ts';
import { openWindowsOn } from '#domain/drop-off-slots.ts';
import { DropOffPill } from './drop-off-pill.tsx';
import { DueOutPill } from './due-out-pill.tsx';
import { MonthTable } from './month-table.tsx';

interface MonthGridProps {
  month: string;
  today: string;
  byDate: Map<string, CalendarDropOff[]>;
  /** Cars due out (promised dates), shown under the day's drop-offs. */
  dueByDate: Map<string, CalendarDueOut[]>;
  className?: string;
}

/** The full month, Sunday to Saturday, each drop-off on its day (wide screens). */
export function MonthGrid({ month, today, byDate, dueByDate, className }: MonthGridProps) {
  return (
    <MonthTable
      month={month}
      className={className}
      headerClassName="border-b border-slate-200 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      blankClassName="border border-slate-100 bg-slate-50/60"
      renderDay={(date) => (
        <DayCell
          key={date}
          date={date}
          isToday={date === today}
          dropOffs={byDate.get(date) ?? []}
          dueOuts={dueByDate.get(date) ?? []}
        />
      )}
    />
  );
}

function DayCell({
  date,
  isToday,
  dropOffs,
  dueOuts,
}: {
  date: string;
  isToday: boolean;
  dropOffs: CalendarDropOff[];
  dueOuts: CalendarDueOut[];
}) {
  // A day the shop takes no car: closed every week, or a configured closed date.
  const closed = openWindowsOn(date, clientShopCalendar).length === 0;
  return (
    <td
      aria-current={isToday ? 'date' : undefined}
      className={cn(
        'border border-slate-200 p-0 align-top',
        closed && 'bg-slate-50',
        isToday && 'bg-brand-50/60 outline-2 -outline-offset-2 outline-brand-600',
      )}
    >
      <div className="flex min-h-[120px] flex-col gap-1 p-1.5">
        <div className="flex items-center justify-between gap-1">
          <time
            dateTime={date}
            className={cn(
              'inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold',
              isToday ? 'bg-brand-700 text-white' : closed ? 'text-slate-500' : 'text-slate-700',
            )}
          >
            <span aria-hidden="true">{dayOfMonth(date)}</span>
            <span className="sr-only">{dayLabel(date)}</span>
          </time>
          {isToday && <span className="text-xs font-semibold text-brand-700">Today</span>}
        </div>
        {dropOffs.length > 0 && (
          <ul className="space-y-1">
            {dropOffs.map((dropOff) => (
              <li key={dropOff.appointmentId}>
                <DropOffPill dropOff={dropOff} />
              </li>
            ))}
          </ul>
        )}
        {dueOuts.length > 0 && (
          <ul className="space-y-1">
            {dueOuts.map((dueOut) => (
              <li key={dueOut.estimateId}>
                <DueOutPill dueOut={dueOut} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </td>
  );
}
