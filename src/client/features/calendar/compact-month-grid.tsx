import { cn } from '#client/lib/cn.ts';
import { clientShopCalendar } from '#client/lib/shop-calendar.ts';
import { type CalendarDropOff, type CalendarDueOut, dayLabel, dayOfMonth } from '#domain/calendar.ts';
import { openWindowsOn } from '#domain/drop-off-slots.ts';
import { dropOffTone } from './drop-off-tone.ts';
import { MonthTable } from './month-table.tsx';

const MAX_DOTS = 3;

/** The day's section in the agenda below the compact grid. */
export const agendaAnchor = (date: string) => `drop-offs-${date}`;

interface CompactMonthGridProps {
  month: string;
  today: string;
  byDate: Map<string, CalendarDropOff[]>;
  dueByDate: Map<string, CalendarDueOut[]>;
  className?: string;
}

/**
 * The month on a phone: seven narrow columns with a dot per drop-off; a day with drop-offs links to
 * its entries in the agenda below, where there is room to read them.
 */
export function CompactMonthGrid({ month, today, byDate, dueByDate, className }: CompactMonthGridProps) {
  return (
    <MonthTable
      month={month}
      className={className}
      headerClassName="pb-1 text-[0.7rem] font-semibold tracking-wide text-slate-500 uppercase"
      renderDay={(date) => (
        <CompactDay
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

function CompactDay({
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
  const number = (
    <span
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold',
        isToday
          ? 'bg-brand-700 text-white'
          : openWindowsOn(date, clientShopCalendar).length === 0
            ? 'text-slate-500'
            : 'text-slate-800',
      )}
    >
      {dayOfMonth(date)}
    </span>
  );
  const dots = (
    <span className="flex h-2 items-center justify-center gap-0.5" aria-hidden="true">
      {dropOffs.slice(0, MAX_DOTS).map((dropOff) => (
        <span
          key={dropOff.appointmentId}
          className={cn('size-1.5 rounded-full', dropOffTone(dropOff.status).dot)}
        />
      ))}
      {dropOffs.length > MAX_DOTS && (
        <span className="text-[0.6rem] leading-none font-bold text-slate-600">+</span>
      )}
      {/* Cars due out: a violet square, never mistaken for a drop-off's dot. */}
      {dueOuts.length > 0 && <span className="size-1.5 rounded-[1px] bg-violet-600" />}
    </span>
  );
  const count = [
    dropOffs.length > 0 && `${dropOffs.length} drop-off${dropOffs.length === 1 ? '' : 's'}`,
    dueOuts.length > 0 && `${dueOuts.length} car${dueOuts.length === 1 ? '' : 's'} due out`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <td aria-current={isToday ? 'date' : undefined} className="p-0.5 text-center align-top">
      {dropOffs.length + dueOuts.length > 0 ? (
        <a
          href={`#${agendaAnchor(date)}`}
          aria-label={`${dayLabel(date)}: ${count}`}
          className="flex flex-col items-center gap-0.5 rounded-lg bg-blue-50/70 py-1 hover:bg-blue-100"
        >
          {number}
          {dots}
        </a>
      ) : (
        <span className="flex flex-col items-center gap-0.5 py-1">
          {number}
          <span className="h-2" />
        </span>
      )}
    </td>
  );
}
