/**
 * Registers the service worker (built by vite-plugin-pwa: the app's code, styles and offline page,
 * never API answers or photos). A new deploy's worker waits until the user chooses to reload:
 * `onUpdate` gets the function that switches to it and reloads the page. Plain browser API rather
 * than workbox-window: a few hundred bytes instead of 2.3 KB on every page's first load.
 */
export function registerServiceWorker(onUpdate: (applyUpdate: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const offer = (waiting: ServiceWorker) =>
    onUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      // The worker vite-plugin-pwa generates (registerType 'prompt') activates on this message.
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // A new version only counts as an update when an older one controls this page already.
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
        });
      });
    })
    .catch(() => {
      // No service worker (private mode, an old browser): the app works as a plain website.
    });
}
