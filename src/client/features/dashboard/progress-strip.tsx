import { Check } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { PROGRESS_STEPS, progressStepsReached } from '#domain/estimate-status.ts';

/** Approved → In Progress → Finishing → Complete, marked up to where the repair is. */
export function ProgressStrip({ status }: { status: string }) {
  const reached = progressStepsReached(status);
  return (
    <ol aria-label="Repair progress" className="grid grid-cols-4 gap-2">
      {PROGRESS_STEPS.map((step, index) => {
        const done = index < reached;
        return (
          <li key={step} className="flex flex-col items-center gap-1.5 text-center">
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full text-sm font-bold',
                done ? 'bg-green-600 text-white' : 'bg-slate-200 text-slate-500',
              )}
            >
              {done ? <Check className="size-4" aria-hidden="true" /> : index + 1}
            </span>
            <span className={cn('text-xs font-semibold', done ? 'text-green-800' : 'text-slate-500')}>
              {step}
              <span className="sr-only">{done ? ' (done)' : ' (not yet)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
