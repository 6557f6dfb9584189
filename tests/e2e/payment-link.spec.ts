import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  expectNoSidewaysScroll,
  newAdminPage,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
} from './helpers.ts';
import { mailsTo } from './mailbox.ts';

/**
 * Text-to-pay: the shop sends a payment link from the desk, and the customer pays it in a browser
 * that has never signed in (a phone, from the text). The page shows the shop, the car and the amount,
 * takes the test card, and says it is paid; the link is dead afterwards. The rules (who may send,
 * what the page may show, tampered and expired links) are in payments/payment-links.test.ts.
 */

async function freshBrowser(
  browser: Browser,
  width: number,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: width < 640 ? 812 : 900 } });
  expect(await context.cookies()).toEqual([]);
  return { page: await context.newPage(), close: () => context.close() };
}

for (const width of [1280, 375]) {
  test(`staff send a payment link from the desk and it is paid signed out (${width} px)`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Lena');
    const admin = await newAdminRequest(playwright.request, baseURL ?? '');
    const estimate = await createEstimateViaApi(customer, { make: 'Mazda', model: 'CX-5', year: 2022 });
    await quoteEstimateViaApi(admin, estimate.id);
    await approveEstimateViaApi(customer, estimate.id);
    const me = (await (await customer.get('/api/auth/user')).json()) as { email: string };

    // The desk: send, then the link to copy.
    const shop = await newAdminPage(browser, width);
    await shop.page.goto(`/admin/estimate/${estimate.id}`);
    await expect(shop.page.getByTestId('balance-due')).toHaveText('$500.00');
    await shop.page.getByRole('button', { name: 'Send payment link' }).click();
    const sent = shop.page.getByRole('status').filter({ hasText: 'Payment link sent' });
    await expect(sent).toBeVisible();
    await expect(sent.getByRole('button', { name: 'Copy' })).toBeVisible();
    const url = await shop.page.getByLabel('Payment link', { exact: true }).inputValue();
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/pay\/[A-Za-z0-9_.-]+$/);
    await expectNoSidewaysScroll(shop.page);
    expect(await seriousViolations(shop.page, '[data-testid="payment-link-card"]')).toEqual([]);
    await shop.page
      .getByTestId('payment-link-card')
      .screenshot({ path: test.info().outputPath(`desk-${width}.png`) });
    await shop.close();
    await expect
      .poll(() => mailsTo(me.email).some((mail) => mail.text.includes(url)), { timeout: 15_000 })
      .toBe(true);

    // A browser that never signed in opens the link: the shop, the car, the amount; nobody's name.
    const phone = await freshBrowser(browser, width);
    const { page } = phone;
    const opened = await page.goto(path);
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Pay your balance' })).toBeVisible();
    await expect(page.getByText('2022 Mazda CX-5')).toBeVisible();
    await expect(page.getByTestId('payment-link-amount')).toHaveText('$500.00');
    await expect(page.getByText('Lena')).toHaveCount(0);
    await expect(page.getByText(estimate.vehicle.licensePlate)).toHaveCount(0);
    await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`pay-page-${width}.png`), fullPage: true });

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $500.00' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received. Thank you!' })).toBeVisible();
    await expect(page.getByText(/We received your payment of \$500\.00/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`pay-page-paid-${width}.png`), fullPage: true });

    // Opened again, the link says the bill is paid, and offers nothing to pay.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await phone.close();
    await customer.dispose();
    await admin.dispose();
  });
}
