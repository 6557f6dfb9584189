import { clsx } from 'clsx';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={clsx('flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return <Spinner className="min-h-[60vh]" />;
}
