/**
 * The only script a prerendered page (the landing page, About, sign-in) loads at first
 * (docs/decisions/056-landing-code-after-the-photo.md, 073-prerendered-first-pages.md). The page is
 * drawn by its HTML and its links work without script (the language switch too); the app's code, which
 * the server put in `<template id="app-code">`, is asked for once the hero photo is on screen, or the
 * first frame is painted on a page without one, so on a slow line the first screen does not share it
 * with 90 KB of script.
 */
let started = false;

function startApp(): void {
  if (started) return;
  started = true;
  const code = document.getElementById('app-code');
  if (code instanceof HTMLTemplateElement) document.head.append(document.importNode(code.content, true));
}

const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (hero && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
  // The browser names the hero as the largest paint once the visitor can see it.
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntries().some((entry) => (entry as LargestContentfulPaint).element === hero)) return;
    observer.disconnect();
    startApp();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // It stops naming paints once the visitor scrolls, taps or types; a photo that fails is never painted.
  for (const type of ['scroll', 'pointerdown', 'keydown']) {
    addEventListener(type, startApp, { once: true, passive: true });
  }
  hero.addEventListener('error', startApp);
  // And should the photo never be the largest paint (a page opened scrolled down), soon after load.
  addEventListener('load', () => setTimeout(startApp, 2000), { once: true });
} else {
  // Without that report: the frame after the photo is decoded (or failed).
  void (hero ? hero.decode() : Promise.resolve())
    .catch(() => undefined)
    .then(() => requestAnimationFrame(() => setTimeout(startApp, 0)));
}

// A tap on one of the page's buttons (the sign-in page's tabs, "Forgot password?") before the app has
// taken the page over would be lost: the button has no handler yet, and React drops a tap on a part of
// the page it has not taken over. Until the app says it has (app.tsx, FirstScreen), such a tap is held
// here and the last one pressed again then. Links need no help: they work without script.
let tapped: HTMLButtonElement | null = null;
function holdTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (!(button instanceof HTMLButtonElement)) return;
  event.stopPropagation();
  tapped = button;
}
document.addEventListener('click', holdTap, true);
document.addEventListener(
  'app:hydrated',
  () => {
    document.removeEventListener('click', holdTap, true);
    if (tapped?.isConnected && !tapped.disabled) tapped.click();
    tapped = null;
  },
  { once: true },
);
