import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (built by vite-plugin-pwa: the app's code, styles and offline page,
 * never API answers or photos). A new deploy's worker waits until the user chooses to reload:
 * `onUpdate` gets the function that switches to it and reloads the page.
 */
export function registerServiceWorker(onUpdate: (applyUpdate: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().catch(() => {
    // No service worker (private mode, an old browser): the app works as a plain website.
  });
}
