import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  newAdminPage,
  newAdminRequest,
  quoteEstimateViaApi,
  registerViaApi,
} from './helpers.ts';

/**
 * Cumulative layout shift (CLS) while a page loads: what arrives later (the footer under a status
 * page, a quote card, the admin estimate's cards) must have its room already, so nothing the reader
 * is looking at jumps. Measured in the page with a PerformanceObserver: every 'layout-shift' entry not
 * caused by input, added up (stricter than the 5-second session windows of Core Web Vitals).
 */
const CLS_BUDGET = 0.05;

async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as { __shifts?: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          return node?.nodeName
            ? `${node.nodeName.toLowerCase()}.${String(node.className ?? '').slice(0, 60)}`
            : '?';
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's CLS once it has settled (its data arrived and a moment passed). */
async function layoutShift(page: Page): Promise<{ total: number; shifts: unknown }> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  return page.evaluate(() => {
    const shifts = (window as { __shifts?: { value: number; sources: string[] }[] }).__shifts ?? [];
    return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
  });
}

async function phone(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  return { page: await context.newPage(), close: () => context.close() };
}

test('the status page, the customer home and the admin estimate page keep still while they load', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { page, close } = await phone(browser);
  await registerViaApi(page.request, { firstName: 'Lena' });
  const estimate = await createEstimateViaApi(page.request, { make: 'Toyota', model: 'RAV4', year: 2021 });
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id);
  await admin.dispose();
  const link = await page.request.post(`/api/estimates/${estimate.id}/status-link`);
  expect(link.status(), await link.text()).toBe(201);
  const statusPath = new URL(((await link.json()) as { url: string }).url).pathname;

  // The status page on a phone that never signed in (the footer used to jump once the repair arrived).
  const stranger = await phone(browser);
  await watchLayoutShift(stranger.page);
  await stranger.page.goto(statusPath);
  await expect(stranger.page.getByText('2021 Toyota RAV4').first()).toBeVisible();
  const status = await layoutShift(stranger.page);
  console.log(`CLS status page at 375 px: ${status.total.toFixed(3)}`);
  expect(status.total, JSON.stringify(status.shifts)).toBeLessThan(CLS_BUDGET);
  await stranger.close();

  await watchLayoutShift(page);

  // The customer home, with a quote card that arrives after the page.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /ready for your approval/ })).toBeVisible();
  const home = await layoutShift(page);
  console.log(`CLS customer home at 375 px: ${home.total.toFixed(3)}`);
  expect(home.total, JSON.stringify(home.shifts)).toBeLessThan(CLS_BUDGET);
  await close();

  // The admin estimate page, at a desk's width and on a phone.
  for (const width of [1280, 375]) {
    const desk = await newAdminPage(browser, width);
    await watchLayoutShift(desk.page);
    await desk.page.goto(`/admin/estimate/${estimate.id}`);
    await expect(desk.page.getByText('Communication History')).toBeVisible();
    const adminPage = await layoutShift(desk.page);
    console.log(`CLS admin estimate page at ${width} px: ${adminPage.total.toFixed(3)}`);
    expect(adminPage.total, JSON.stringify(adminPage.shifts)).toBeLessThan(CLS_BUDGET);
    await desk.close();
  }
});
