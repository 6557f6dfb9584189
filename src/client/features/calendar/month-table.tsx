import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { monthGrid, WEEKDAYS } from '#domain/calendar.ts';

interface MonthTableProps {
  month: string;
  /** One <td> for a day of the month. */
  renderDay: (date: string) => ReactNode;
  headerClassName: string;
  blankClassName?: string;
  className?: string;
}

/** Sunday-to-Saturday weeks of one month; the days of neighbouring months stay blank. */
export function MonthTable({
  month,
  renderDay,
  headerClassName,
  blankClassName,
  className,
}: MonthTableProps) {
  return (
    <table className={cn('w-full table-fixed border-collapse', className)}>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th key={weekday.short} scope="col" abbr={weekday.long} className={headerClassName}>
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
                renderDay(date)
              ) : (
                // Their drop-offs are on their own month's page.
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have nothing else to tell them apart
                <td key={`blank-${index}`} className={blankClassName} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
