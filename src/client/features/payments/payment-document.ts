import { useEffect } from 'react';

/**
 * Whether this browser document was loaded at a payment page's address (`/payment`, `/pay/<token>`). The server sends the
 * Content-Security-Policy that allows Stripe only with that page's HTML, and a document keeps the
 * policy it was loaded with, so Stripe.js works only when the payment page was opened by a full page
 * load (its links do that), not by an in-app navigation from another page.
 */
export function loadedAsPaymentPage(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  if (!entry) return true;
  const { pathname } = new URL(entry.name);
  return /^\/payment\/?$/.test(pathname) || /^\/pay\/[^/]+\/?$/.test(pathname);
}

/** Loads the current address again as a new document: it then carries the payment page's policy. */
export function useReloadDocument(): void {
  useEffect(() => window.location.reload(), []);
}
