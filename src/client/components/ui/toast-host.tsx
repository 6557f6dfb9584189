import { lazy, Suspense, useState } from 'react';
import { type ToastOptions, toast, useToasts } from './use-toast.ts';

/** The toast UI's code (Radix Toast), fetched with the first toast rather than with every page. */
const loadToastUi = () => import('./toaster.tsx');

/** However the toast UI fares, `next` runs at the latest this long after the toast was asked for. */
const TOAST_UI_WAIT_MS = 3000;

/**
 * Shows a toast, then runs `next` once it has been on screen for `delayMs` (a redirect after the
 * message). Timed from the call, or from the toast UI's code arriving, `next` could leave the page
 * before the message was shown, or after a glimpse of it: React reveals content that was waiting in
 * Suspense up to 300 ms late. Returns a function that cancels `next`.
 */
export function toastThen(options: ToastOptions, delayMs: number, next: () => void): () => void {
  const shown = new Promise<void>((resolve) => toast({ ...options, onShown: resolve }));
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    if (!cancelled) timer = setTimeout(next, delayMs);
  };
  const waited = new Promise<void>((resolve) => setTimeout(resolve, TOAST_UI_WAIT_MS));
  Promise.race([loadToastUi().then(() => shown), waited]).then(later, later);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

const Toaster = lazy(() => loadToastUi().then((m) => ({ default: m.Toaster })));

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
