import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { isValidMonth, monthLabel, shiftMonth } from '#domain/calendar.ts';

interface MonthNavProps {
  month: string;
  currentMonth: string;
  onChange: (month: string) => void;
}

/** The month's name with previous / next month buttons, and a way back to the current month. */
export function MonthNav({ month, currentMonth, onChange }: MonthNavProps) {
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="text-xl font-bold text-slate-900 sm:text-2xl" aria-live="polite">
        {monthLabel(month)}
      </h2>
      <div className="flex items-center gap-1.5">
        {month !== currentMonth && (
          <Button variant="secondary" size="sm" onClick={() => onChange(currentMonth)}>
            Today
          </Button>
        )}
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous month"
          disabled={!isValidMonth(previous)}
          onClick={() => onChange(previous)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Next month"
          disabled={!isValidMonth(next)}
          onClick={() => onChange(next)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
