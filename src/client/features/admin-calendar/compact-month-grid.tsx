import { type CalendarDropOff, dayLabel, dayOfMonth, monthGrid, WEEKDAYS } from '../../../domain/calendar';
import { isWeekday } from '../../../domain/drop-off-slots';
import { cn } from '../../lib/cn';
import { dropOffTone } from './drop-off-tone';

const MAX_DOTS = 3;

/** The day's section in the agenda below the compact grid. */
export const agendaAnchor = (date: string) => `drop-offs-${date}`;

interface CompactMonthGridProps {
  month: string;
  today: string;
  byDate: Map<string, CalendarDropOff[]>;
  className?: string;
}

/**
 * The month on a phone: seven narrow columns with a dot per drop-off; a day with drop-offs links to
 * its entries in the agenda below, where there is room to read them.
 */
export function CompactMonthGrid({ month, today, byDate, className }: CompactMonthGridProps) {
  return (
    <table className={cn('w-full table-fixed border-collapse', className)}>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th
              key={weekday.short}
              scope="col"
              abbr={weekday.long}
              className="pb-1 text-[0.7rem] font-semibold tracking-wide text-slate-500 uppercase"
            >
              {weekday.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, index) =>
              date ? (
                <CompactDay
                  key={date}
                  date={date}
                  isToday={date === today}
                  dropOffs={byDate.get(date) ?? []}
                />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have nothing else to tell them apart
                <td key={`blank-${index}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CompactDay({
  date,
  isToday,
  dropOffs,
}: {
  date: string;
  isToday: boolean;
  dropOffs: CalendarDropOff[];
}) {
  const number = (
    <span
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold',
        isToday ? 'bg-brand-700 text-white' : !isWeekday(date) ? 'text-slate-400' : 'text-slate-800',
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
    </span>
  );
  const count = `${dropOffs.length} drop-off${dropOffs.length === 1 ? '' : 's'}`;
  return (
    <td aria-current={isToday ? 'date' : undefined} className="p-0.5 text-center align-top">
      {dropOffs.length > 0 ? (
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
