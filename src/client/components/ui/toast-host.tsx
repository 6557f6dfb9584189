import { lazy, Suspense, useState } from 'react';
import { useToasts } from './use-toast.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * Loads the toast UI (Radix Toast) with the first toast rather than with every page: most visits
 * never show one. Once loaded it stays mounted so later toasts appear at once.
 */
export function ToastHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
