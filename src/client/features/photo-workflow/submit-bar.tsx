import { Send } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useT } from '#client/i18n/use-t.ts';

interface SubmitBarProps {
  ready: boolean;
  uploading: boolean;
  submitting: boolean;
  /** Fields marked as missing or wrong after a try to send. */
  fieldsToFix?: number;
  /** The staff form's words instead of the customer's ("Send Estimate Request"…). */
  staffWords?: { send: string; ready: string; sending: string };
}

/** Sticks to the bottom of the screen so the next action is always under the thumb. */
export function SubmitBar({ ready, uploading, submitting, fieldsToFix = 0, staffWords }: SubmitBarProps) {
  const t = useT();
  const hint = submitting
    ? (staffWords?.sending ?? t('request.submit.sending'))
    : uploading
      ? t('request.submit.waiting')
      : fieldsToFix > 0
        ? t('request.submit.fixFields', { count: fieldsToFix })
        : ready
          ? (staffWords?.ready ?? t('request.submit.ready'))
          : t('request.submit.needOverview');
  return (
    <div className="sticky bottom-0 z-30 -mx-4 border-t border-slate-200 bg-white px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(15,23,42,0.06)] sm:mx-0 sm:rounded-t-xl sm:border-x">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p
          aria-live="polite"
          className={
            fieldsToFix > 0 && !submitting
              ? 'text-center text-xs font-medium text-brand-700 sm:text-left sm:text-sm'
              : 'text-center text-xs text-slate-600 sm:text-left sm:text-sm'
          }
        >
          {hint}
        </p>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!ready || submitting}>
          {submitting ? (
            t('request.submit.processing')
          ) : (
            <>
              <Send aria-hidden="true" />
              {staffWords?.send ?? t('request.submit.send')}
            </>
          )}
        </Button>
      </div>
    </div>
  );
}
