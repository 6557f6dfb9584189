import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createEstimateViaApi, newAdminPage, newAdminRequest, recordApprovalViaApi } from './helpers.ts';

/** A screenshot kept with the test's results, to look at the money area at this width. */
async function screenshot(page: Page, testInfo: TestInfo, name: string, what = page.locator('main')) {
  await what.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

for (const width of [1280, 375]) {
  test(`at ${width} px the shop records a cash payment for the whole balance and the customer sees Paid in full`, async ({
    page,
    browser,
    playwright,
    baseURL,
    login,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    await login.customer('Carla');
    const estimate = await createEstimateViaApi(page.request, {
      make: 'Toyota',
      model: 'Tacoma',
      year: 2018,
    });
    const api = await newAdminRequest(playwright.request, baseURL ?? '');
    // A cash job: the customer pays the whole $1,018.44.
    expect(
      (await api.patch(`/api/estimates/${estimate.id}`, { data: { estimatedAmount: '1018.44' } })).ok(),
    ).toBe(true);
    expect((await api.patch(`/api/estimates/${estimate.id}`, { data: { status: 'quoted' } })).ok()).toBe(
      true,
    );
    await recordApprovalViaApi(api, estimate.id, 'Carla');
    await api.dispose();

    // Before: the customer is offered the card payment.
    await page.goto(`/estimate/${estimate.id}`);
    await expect(page.getByRole('link', { name: /Make Payment/ })).toBeVisible();

    const desk = await newAdminPage(browser, width);
    await desk.page.goto(`/admin/estimate/${estimate.id}`);
    const card = desk.page.getByRole('region', { name: 'Payments' });
    const money = card.getByLabel('Paid and balance');
    await expect(money).toContainText('$1,018.44');
    await expect(money.getByText('Balance due')).toBeVisible();
    await desk.page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = desk.page.getByRole('dialog');
    await expect(dialog.getByLabel('Amount received')).toHaveValue('1018.44');
    await expect(dialog.getByLabel('Paid with')).toHaveValue('cash');
    await dialog.getByLabel('Note for the shop (optional)').fill('Paid at pickup');
    await screenshot(desk.page, testInfo, `desk-dialog-${width}`, dialog);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(money).toContainText('$0.00');
    await expect(card.getByText('Paid in full')).toBeVisible();
    await expect(card.getByRole('listitem')).toContainText(['Cash$1,018.44']);
    await expect(card.getByRole('listitem')).toContainText(/Recorded by .+ · Paid at pickup/);
    await expect(desk.page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await screenshot(desk.page, testInfo, `desk-money-${width}`, card);

    await desk.page.goto('/admin');
    const cards = desk.page.getByRole('list', { name: 'Money owed and collected' });
    await expect(cards.getByRole('listitem').filter({ hasText: 'Collected This Month' })).toContainText(
      'Cash',
    );
    await screenshot(desk.page, testInfo, `dashboard-cards-${width}`, cards.locator('xpath=..'));
    // Paid up, it is not among the estimates with a balance due.
    await desk.page.getByLabel(/Balance due only/).check();
    await expect(desk.page).toHaveURL(/balanceDue=true/);
    await expect(desk.page.getByText(`#${estimate.id.slice(0, 8).toUpperCase()}`)).toHaveCount(0);
    await screenshot(
      desk.page,
      testInfo,
      `dashboard-filters-${width}`,
      desk.page.getByRole('form', { name: 'Search estimates' }),
    );
    await desk.close();

    // After: Paid in full, and nothing to pay anywhere.
    await page.reload();
    await expect(page.getByText('Paid in full')).toBeVisible();
    await expect(page.getByRole('link', { name: /Make Payment/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Pay / })).toHaveCount(0);
    await screenshot(page, testInfo, `customer-${width}`);
  });
}
