import { Check } from 'lucide-react';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { PROGRESS_STEPS, progressStepsReached } from '#domain/estimate-status.ts';

const STEP_TEXT: Record<(typeof PROGRESS_STEPS)[number], MessageId> = {
  Approved: 'common.progress.approved',
  'In Progress': 'common.progress.inProgress',
  Finishing: 'common.progress.finishing',
  Complete: 'common.progress.complete',
};

/** Approved → In Progress → Finishing → Complete, marked up to where the repair is. */
export function ProgressStrip({ status }: { status: string }) {
  const t = useT();
  const reached = progressStepsReached(status);
  return (
    <ol aria-label={t('common.progress.label')} className="grid grid-cols-4 gap-2">
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
              {t(STEP_TEXT[step])}
              <span className="sr-only">
                {' '}
                {done ? t('common.progress.done') : t('common.progress.notYet')}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
