import { clsx } from 'clsx';
import { useT } from '#client/i18n/use-t.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useT();
  return (
    <div role="status" className={clsx('flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700"
      />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return <Spinner className="min-h-[60vh]" />;
}
