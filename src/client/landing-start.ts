/**
 * The only script a prerendered page (the landing page, About, sign-in, and a signed-in screen the
 * server drew with its data) loads at first (docs/decisions/056-landing-code-after-the-photo.md,
 * 073-prerendered-first-pages.md, 079-signed-in-pages-drawn-by-the-server.md). The page is
 * drawn by its HTML and its links work without script (the language switch too); the app's code, which
 * the server put in `<template id="app-code">`, is asked for once the hero photo is on screen, or the
 * first frame is painted on a page without one, so on a slow line the first screen does not share it
 * with 90 KB of script.
 */
let started = false;

/**
 * Tags added to the page per task. Each tag the browser takes in costs it a few milliseconds on a
 * slow phone, and a signed-in screen names some sixty chunks: at once, they held the page for 100–400
 * ms (Lighthouse's mobile preset), a tap then waiting for all of them.
 */
const TAGS_PER_TASK = 6;

function startApp(): void {
  if (started) return;
  started = true;
  const code = document.getElementById('app-code');
  if (!(code instanceof HTMLTemplateElement)) return;
  // The entry script first: it is what the page waits for; the preloads spare it a chain of requests.
  const tags = [...document.importNode(code.content, true).children].sort(
    (a, b) => Number(b instanceof HTMLScriptElement) - Number(a instanceof HTMLScriptElement),
  );
  const addSome = () => {
    document.head.append(...tags.splice(0, TAGS_PER_TASK));
    if (tags.length > 0) setTimeout(addSome, 0);
  };
  addSome();
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

// A tap on one of the page's buttons (the sign-in page's tabs, "Forgot password?", an estimate's
// Approve) or boxes (an optional line of an estimate) before the app has taken the page over would be
// lost: the button has no handler yet, and React drops a tap on a part of the page it has not taken
// over; a box would change on its own, the totals beside it not. Until the app says it has (app.tsx),
// such a tap is held here (a box left as it was) and the last one pressed again then. Links need no
// help: they work without script.
const HELD_TAPS = 'button[type="button"], input[type="checkbox"], input[type="radio"]';
let tapped: HTMLButtonElement | HTMLInputElement | null = null;
function holdTap(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest(HELD_TAPS) : null;
  if (!(control instanceof HTMLButtonElement || control instanceof HTMLInputElement)) return;
  event.preventDefault();
  event.stopPropagation();
  tapped = control;
}
document.addEventListener('click', holdTap, true);

// A form sent before then (Enter in the message box, the plate search) would be sent by the browser
// itself: a GET of the page with what was typed in its address, and in the server's log. It is held
// too, and sent by the app once it has taken the page over.
let submitted: HTMLFormElement | null = null;
function holdSubmit(event: SubmitEvent): void {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.stopPropagation();
  submitted = event.target;
}
document.addEventListener('submit', holdSubmit, true);

document.addEventListener(
  'app:hydrated',
  () => {
    // What is drawn now answers: the browser tests wait for this before they use the page.
    document.documentElement.setAttribute('data-taken-over', '');
    document.removeEventListener('click', holdTap, true);
    document.removeEventListener('submit', holdSubmit, true);
    if (tapped?.isConnected && !tapped.disabled) tapped.click();
    else if (submitted?.isConnected) submitted.requestSubmit();
    tapped = null;
    submitted = null;
  },
  { once: true },
);
