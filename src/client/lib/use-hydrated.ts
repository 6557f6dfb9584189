import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React takes over a page the server prerendered (and on the server), true once the app
 * runs it: what must not work before the app's handlers are attached (a form that would otherwise be
 * sent by the browser itself, its fields in the address) waits for it. A page the app draws itself is
 * hydrated from the first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
