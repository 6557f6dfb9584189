import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * The pages the server draws (the first pages, and a signed-in visitor's estimate page and dashboards:
 * decisions 073 and 079) are on screen before the app has taken them over; a field filled or a tab
 * pressed in that moment is the browser's alone (what a person does then is covered by pages.spec.ts
 * and signed-in-pages.spec.ts). Every page of the flows is opened as a person would use it: `goto` and
 * `reload` return once the app has the page. A test that looks at a page before then opens it with
 * `waitUntil: 'domcontentloaded'` (or 'commit').
 */
export async function untilTheAppHasThePage(page: Page): Promise<void> {
  // landing-start.ts marks the page once the app has it; a page the browser app drew has nothing to wait for.
  await page.waitForFunction(
    () => !document.getElementById('app-code') || document.documentElement.hasAttribute('data-taken-over'),
  );
}

const waitsForTheApp = (waitUntil: string | undefined) =>
  waitUntil === undefined || waitUntil === 'load' || waitUntil === 'networkidle';

function waitForTheAppOnEveryPage(context: BrowserContext): void {
  const wrap = (page: Page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (waitsForTheApp(options?.waitUntil)) await untilTheAppHasThePage(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (waitsForTheApp(options?.waitUntil)) await untilTheAppHasThePage(page);
      return response;
    };
  };
  for (const page of context.pages()) wrap(page);
  context.on('page', wrap);
}

/** The context's pages wait for the app after each navigation (not without script: there is no app). */
export function withTheAppAwaited(context: BrowserContext, javaScriptEnabled = true): BrowserContext {
  if (javaScriptEnabled) waitForTheAppOnEveryPage(context);
  return context;
}

/** So do the pages of every context the test opens itself. */
export function awaitingTheAppInNewContexts(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) =>
    withTheAppAwaited(await newContext(options), options?.javaScriptEnabled !== false);
  return browser;
}

/** Holds the app's entry script until the returned function is called: the page as the server drew it. */
export async function holdTheAppsCode(page: Page): Promise<() => void> {
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  return releaseApp;
}

/** Every error the page logs or throws from now on: taking a drawn page over logs none. */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
