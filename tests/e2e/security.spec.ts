import type { Page } from '@playwright/test';
import { isWeekday, shopToday } from '#domain/drop-off-slots.ts';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  makeJpeg,
  newAdminPage,
  newAdminRequest,
  quoteEstimateViaApi,
  scheduleDropOffViaApi,
} from './helpers.ts';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';

/** Watches a page for script that should never run and for anything its CSP refused. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  // The event says which directive refused what, and on which page.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.warn(
        `Content Security Policy: ${event.effectiveDirective} refused ${event.blockedURI} ` +
          `(${event.sample}) on ${location.pathname}`,
      );
    });
  });
  return { dialogs, violations };
}

async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

/** A weekday in the coming weeks, for a drop-off the shop can book. */
function upcomingWeekday(): string {
  const day = new Date(`${shopToday()}T12:00:00Z`);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    if (isWeekday(date)) return date;
  }
}

test('text customers and the shop type is shown as text, never run as HTML', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
}) => {
  test.slow();
  const seen = watch(page);
  const name = `Eve ${IMG}`;
  await login.customer(name);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
  await expectNoScriptRan(page);

  const estimate = await createEstimateViaApi(page.request, {
    photoColors: ['#7c3aed'],
    make: IMG,
    model: SCRIPT,
    description: `Scratched door ${IMG} ${SCRIPT}`,
  });
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id);
  await approveEstimateViaApi(page.request, estimate.id);
  await scheduleDropOffViaApi(admin, estimate.id, {
    date: upcomingWeekday(),
    slot: '10:00-12:00',
    instructions: `Keys at the desk ${SCRIPT}`,
  });
  const shopNote = await admin.post(`/api/estimates/${estimate.id}/messages`, {
    data: { content: `From the shop ${IMG}` },
  });
  expect(shopNote.status(), await shopNote.text()).toBe(201);
  await admin.dispose();

  // The customer writes from the page itself, as a browser would.
  await page.goto(`/estimate/${estimate.id}`);
  await page.getByLabel('Message', { exact: true }).fill(`Hello ${SCRIPT} ${IMG}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(`Hello ${SCRIPT} ${IMG}`, { exact: true })).toBeVisible();
  await expect(thread.getByText(`From the shop ${IMG}`, { exact: true })).toBeVisible();
  await expect(thread.getByText(`Keys at the desk ${SCRIPT}`)).toBeVisible();
  await expect(page.getByText(`Scratched door ${IMG} ${SCRIPT}`, { exact: true })).toBeVisible();
  await expect(page.getByText(IMG).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expectNoScriptRan(page);

  await page.goto('/dashboard');
  await expect(page.getByText(SCRIPT).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expectNoScriptRan(page);

  // The shop's pages show the same text as text.
  const shop = await newAdminPage(browser);
  const shopSeen = watch(shop.page);
  // Searched for: the other test worker's new estimates may push it off the list's first page.
  await shop.page.goto(`/admin?q=${estimate.id.slice(0, 8)}`);
  await expect(shop.page.getByText(name).first()).toBeVisible();
  await expectNoScriptRan(shop.page);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  await expect(shop.page.getByText(`Hello ${SCRIPT} ${IMG}`, { exact: true })).toBeVisible();
  await expect(shop.page.getByText(`Scratched door ${IMG} ${SCRIPT}`, { exact: true })).toBeVisible();
  await expect(shop.page.getByText(name).first()).toBeVisible();
  await expect(shop.page.locator('img[src="x"]')).toHaveCount(0);
  await expectNoScriptRan(shop.page);
  await shop.page.goto('/admin/calendar');
  await expect(shop.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoScriptRan(shop.page);
  expect(shopSeen.dialogs).toEqual([]);
  expect(shopSeen.violations).toEqual([]);
  await shop.close();

  expect(seen.dialogs).toEqual([]);
  expect(seen.violations).toEqual([]);
});

test('the main pages run under the Content-Security-Policy without a single refusal', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
}) => {
  test.slow();
  const seen = watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await login.customer('Cora');
  await page.goto('/photo-capture');
  await page.getByLabel('Take photo: Vehicle Overview', { exact: true }).setInputFiles({
    name: 'overview.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg('#b45309', 64, 48),
  });
  await expect(page.getByText('Uploaded').first()).toBeVisible();

  const estimate = await createEstimateViaApi(page.request, { photoColors: ['#0f766e'] });
  await page.goto(`/estimate/${estimate.id}`);
  await page.getByRole('button', { name: 'Edit Photos' }).click();
  await page.getByRole('button', { name: 'Add Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take or upload your vehicle damage photo here' });
  await dialog
    .locator('input.uppy-Dashboard-input')
    .first()
    .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg('#b45309', 64, 48) });
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(page.getByText('Photo Added', { exact: true })).toBeVisible();

  // Into the payment page (test mode) the way a customer goes: the Make Payment button.
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id);
  await admin.dispose();
  await approveEstimateViaApi(page.request, estimate.id);
  await page.goto(`/estimate/${estimate.id}`);
  await page.getByRole('link', { name: /^Make Payment/ }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const shop = await newAdminPage(browser);
  const shopSeen = watch(shop.page);
  await shop.page.goto('/admin');
  await expect(shop.page.getByRole('heading', { level: 1 })).toBeVisible();
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  await expect(shop.page.getByRole('heading', { level: 1 })).toBeVisible();
  await shop.page.goto('/admin/calendar');
  await expect(shop.page.getByRole('heading', { level: 1 })).toBeVisible();
  await shop.close();

  expect([...seen.violations, ...shopSeen.violations]).toEqual([]);
});
