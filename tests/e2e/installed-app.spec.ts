import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, test } from '@playwright/test';
import { chromiumPath, TEST_CHROMIUM_ARGS } from '#scripts/chromium-path.mjs';

/**
 * The installed app: what Chromium checks before it offers to install, the offline page, and a deploy's
 * update prompt. The service worker is what these flows are about (the suite blocks it elsewhere). The
 * deploy changes the worker on disk, which every page that lets it in gets: one file, so one worker
 * runs them in turn while the other flows, which block it, go on.
 */
test.use({ serviceWorkers: 'allow' });

/**
 * Chromium never offers to install from an incognito window, which every ordinary Playwright context
 * is: the install check uses a browser profile on disk, as a phone's browser has.
 */

async function withProfile(baseURL: string, run: (context: BrowserContext) => Promise<void>) {
  const profile = mkdtempSync(path.join(tmpdir(), 'shop-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...TEST_CHROMIUM_ARGS],
    baseURL,
    viewport: { width: 375, height: 812 },
  });
  try {
    await run(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

test('the app is installable: manifest, a service worker in control, and Chromium finds nothing missing', async ({
  baseURL,
}) => {
  test.slow();
  await withProfile(baseURL ?? '', async (context) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'Lakeside Family Collision',
      short_name: 'Lakeside',
      start_url: '/',
      display: 'standalone',
      theme_color: '#b91c1c',
    });
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');

    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // Registered once the page has loaded; in control of the page from the next load on.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // API answers always come from the server, never from the worker or its caches.
    const api = await Promise.all([
      page.waitForResponse('**/api/health'),
      page.evaluate(() => fetch('/api/health')),
    ]);
    expect(api[0].fromServiceWorker()).toBe(false);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(
      cached.filter((url) => url.startsWith('/api/') || url === '/' || url.endsWith('index.html')),
    ).toEqual([]);

    // Without a network, a page opens as the friendly offline page.
    await context.setOffline(true);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
  });
});

test('a new version deployed: the app offers to reload, later or now, and the reload brings it in', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of the app is ready.' });
  await expect(prompt).toHaveCount(0);

  // A deploy: the built worker changes on disk (put back afterwards); the next page load finds it.
  const worker = path.join(process.cwd(), 'dist/client/sw.js');
  const deployed = readFileSync(worker, 'utf8');
  writeFileSync(worker, `${deployed}\n// the next version\n`);
  try {
    await page.reload();
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);

    // Still waiting on the next visit; Reload switches to it.
    await page.reload();
    await expect(prompt).toBeVisible();
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: Boolean(registration?.waiting),
            controlled: Boolean(navigator.serviceWorker.controller),
          };
        }),
      )
      .toEqual({ waiting: false, controlled: true });
    await expect(prompt).toHaveCount(0);
  } finally {
    writeFileSync(worker, deployed);
  }
});
