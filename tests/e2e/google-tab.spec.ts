import type { Browser } from '@playwright/test';
import { format } from 'date-fns';
import { type ServerProcess, startServerProcess } from '#scripts/server-process.mjs';
import { type GoogleStandIn, startGoogleStandIn } from '#server/test-support/google-stand-in.ts';
import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  newAdminPage,
  newAdminRequest,
  newCustomerRequest,
  signInAsAdminViaApi,
} from './helpers.ts';

/** The admin dashboard's Google tab: first on the usual server (Google not set up), then on a second
 * server started here with its GOOGLE_* settings pointing at a local stand-in of Gmail and Drive. */

test('without the GOOGLE_* settings the tab says Google is not connected and names what to add', async ({
  browser,
}) => {
  const admin = await newAdminPage(browser, 375);
  await admin.page.goto('/admin?tab=google');
  await expect(admin.page.getByRole('heading', { name: 'Google is not connected' })).toBeVisible();
  for (const name of [
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'GOOGLE_REFRESH_TOKEN',
    'GOOGLE_DRIVE_FOLDER_ID',
  ]) {
    await expect(admin.page.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(admin.page.getByRole('tab', { name: 'Gmail Inbox' })).toHaveCount(0);
  await admin.close();
});

test.describe('with Google connected (stand-in)', () => {
  let standIn: GoogleStandIn;
  let server: ServerProcess | undefined;
  let baseURL = '';
  let estimateId = '';
  let vin = '';

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(150_000);
    standIn = await startGoogleStandIn();
    server = await startServerProcess({
      args: ['scripts/e2e-server.mjs'],
      cwd: process.cwd(),
      // A data folder of its own: the suite's E2E_DATA_DIR is the main server's, which this one
      // would empty at start (and its database with it).
      env: { ...standIn.env, E2E_DATA_DIR: '' },
    });
    baseURL = server.baseUrl;

    standIn.addMessage({
      subject: 'Claim 0455-22: supplement approved',
      from: 'GEICO Claims <claims@geico.example>',
      date: new Date(2026, 2, 2, 15, 30),
      snippet: 'The supplement for the Toyota Camry is approved.',
    });
    standIn.addFile({ name: 'Broken export.json', content: '{not json' });

    // A customer submits an estimate and the shop quotes it: the quote goes to Drive by itself.
    const customer = await newCustomerRequest(playwright.request, baseURL, 'Marisol');
    const estimate = await createEstimateViaApi(customer, { make: 'Toyota', model: 'Camry', year: 2019 });
    estimateId = estimate.id;
    vin = estimate.vehicle.vin;
    const admin = await newAdminRequest(playwright.request, baseURL);
    const quoted = await admin.post(`/api/admin/estimates/${estimateId}/quote`, {
      data: { estimatedAmount: '2450.50', customerDeductible: '500', insuranceCoverage: '1950.50' },
    });
    expect(quoted.ok(), await quoted.text()).toBeTruthy();
    // The broken export, then the quote's JSON document and its estimate PDF (the tab lists the JSON only).
    await expect.poll(() => standIn.files.size, { timeout: 15_000 }).toBe(3);
    await admin.dispose();
    await customer.dispose();
  });

  test.afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  async function openGoogleTab(browser: Browser, width: number) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: width < 640 ? 812 : 900 },
    });
    await signInAsAdminViaApi(context.request);
    const page = await context.newPage();
    await page.goto('/admin?tab=google');
    return { page, close: () => context.close() };
  }

  test('lists the inbox, and shows the quoted estimate saved in Drive with its details', async ({
    browser,
  }) => {
    const { page, close } = await openGoogleTab(browser, 1280);
    await expect(page.getByRole('tab', { name: 'Gmail Inbox', selected: true })).toBeVisible();
    const inbox = page.getByRole('list', { name: 'Inbox messages' });
    await expect(inbox.getByText('Claim 0455-22: supplement approved')).toBeVisible();
    await expect(inbox.getByText('GEICO Claims <claims@geico.example>')).toBeVisible();
    await expect(inbox.getByText('The supplement for the Toyota Camry is approved.')).toBeVisible();
    await expect(inbox.getByText('Mar 2, 2026 3:30 PM')).toBeVisible();

    await page.getByRole('tab', { name: 'Drive Estimates' }).click();
    const reference = estimateId.slice(0, 8).toUpperCase();
    const file = page.getByRole('button', {
      name: new RegExp(`Estimate ${reference} - 2019 Toyota Camry - Marisol Lopez`),
    });
    await expect(file).toBeVisible();
    await expect(file).toContainText(format(new Date(), 'MMM d, yyyy'));
    await file.click();
    const details = page.locator('dl');
    await expect(details.getByText(estimateId)).toBeVisible();
    await expect(details.getByText('Quoted')).toBeVisible();
    await expect(details.getByText('Marisol Lopez')).toBeVisible();
    await expect(details.getByText('2019 Toyota Camry')).toBeVisible();
    await expect(details.getByText(vin)).toBeVisible();
    await expect(details.getByText('$2,450.50')).toBeVisible();

    await page.getByRole('button', { name: /Broken export\.json/ }).click();
    await expect(page.getByText('Unable to load estimate details')).toBeVisible();
    await close();
  });

  test('works on a phone: the details open below the list', async ({ browser }) => {
    const { page, close } = await openGoogleTab(browser, 375);
    await expect(page.getByText('Claim 0455-22: supplement approved')).toBeVisible();
    await page.getByRole('tab', { name: 'Drive Estimates' }).click();
    await page.getByRole('button', { name: /2019 Toyota Camry - Marisol Lopez/ }).click();
    await expect(page.getByRole('heading', { name: 'Estimate Details' })).toBeInViewport();
    await expect(page.locator('dl').getByText('$2,450.50', { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await close();
  });

  test('a Google failure is said in the panel, not as an error page', async ({ browser }) => {
    standIn.failNext(500, 1, '/gmail/');
    const { page, close } = await openGoogleTab(browser, 1280);
    await expect(page.getByRole('alert')).toContainText('Unable to load the inbox');
    await expect(page.getByRole('alert')).toContainText(
      'Google could not complete reading the inbox (error 500)',
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Claim 0455-22: supplement approved')).toBeVisible();
    await close();
  });
});
