import { lazy, Suspense, useEffect, useState } from 'react';
import { type ToastOptions, toast, useToasts } from './use-toast.ts';

/** The toast UI's code (Radix Toast), fetched with the first toast rather than with every page. */
const loadToastUi = () => import('./toaster.tsx');

let markToastUiShown: () => void = () => {};
/** Resolves when React has put the toast UI on the page (after its code, and Suspense's reveal). */
const toastUiShown = new Promise<void>((resolve) => {
  markToastUiShown = resolve;
});
/** However the toast UI fares, `next` runs at the latest this long after the toast was asked for. */
const TOAST_UI_WAIT_MS = 3000;

/**
 * Shows a toast, then runs `next` once it has been on screen for `delayMs` (a redirect after the
 * message). Timed from the call, or from the toast UI's code arriving, `next` could leave the page
 * before the message was shown, or after a glimpse of it: React reveals content that was waiting in
 * Suspense up to 300 ms late. Returns a function that cancels `next`.
 */
export function toastThen(options: ToastOptions, delayMs: number, next: () => void): () => void {
  toast(options);
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    if (!cancelled) timer = setTimeout(next, delayMs);
  };
  const waited = new Promise<void>((resolve) => setTimeout(resolve, TOAST_UI_WAIT_MS));
  Promise.race([loadToastUi().then(() => toastUiShown), waited]).then(later, later);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** Rendered beside the toast UI, in its Suspense boundary: its effect runs once that is on the page. */
function ToastUiShownSignal() {
  useEffect(() => markToastUiShown(), []);
  return null;
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
      <ToastUiShownSignal />
    </Suspense>
  );
}
