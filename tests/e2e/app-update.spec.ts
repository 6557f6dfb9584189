import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * A deploy changes the service worker on disk, which every page of the server gets: this file runs
 * in a project of its own, after all the others (playwright.config.ts).
 */

// The service worker is what this flow is about (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

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
