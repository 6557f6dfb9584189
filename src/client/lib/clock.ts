import { useSyncExternalStore } from 'react';
import { signedInState } from './signed-in-state.ts';

/**
 * The time a screen reads "sent 3 min ago", "today" or "due" against. It moves on by itself, so a
 * front desk left open all day stays right between its polls.
 */
const TICK_MS = 30_000;

let now = new Date();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = new Date();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = new Date();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

function currentTime(): Date {
  return now;
}

let drawnAt: Date | null | undefined;

/**
 * The time the server drew the page at (src/client/prerender.tsx sets it; in the browser it comes with
 * the page's signed-in state, or on the root of a first page the server drew at its start). Hydration
 * reads it, not the browser's clock: a page drawn at "just now" and taken over a minute later, or drawn
 * in December and opened in January ("© 2026"), would not match its markup, and React would draw it
 * again from nothing, losing what the visitor had typed meanwhile.
 */
export function setDrawnAt(at: Date | null): void {
  drawnAt = at;
}

function drawnTime(): Date {
  if (drawnAt === undefined) {
    const root = typeof document === 'undefined' ? null : document.getElementById('root');
    const at = signedInState()?.drawnAt ?? root?.dataset.drawnAt;
    drawnAt = at ? new Date(at) : null;
  }
  return drawnAt ?? now;
}

/** Now, for a screen: the page's drawing time while React takes the page over, then the clock's. */
export function useNow(): Date {
  return useSyncExternalStore(subscribe, currentTime, drawnTime);
}
