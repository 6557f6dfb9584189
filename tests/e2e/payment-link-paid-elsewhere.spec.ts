import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
} from './helpers.ts';

/**
 * A payment link left open on the phone while the bill is settled another way: the card is refused
 * (the intent no longer matches), and the page says the bill is paid or closed instead of "Unable to
 * initialize payment" with a retry that can never work.
 */
for (const settle of ['paid at the counter', 'cancelled'] as const) {
  test(`an open payment link whose bill is ${settle} meanwhile says so`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Nora');
    const admin = await newAdminRequest(playwright.request, baseURL ?? '');
    const estimate = await createEstimateViaApi(customer, { make: 'Honda', model: 'Civic', year: 2019 });
    await quoteEstimateViaApi(admin, estimate.id);
    await approveEstimateViaApi(customer, estimate.id);
    const sent = await admin.post(`/api/admin/estimates/${estimate.id}/payment-link`);
    expect(sent.status()).toBe(201);
    const path = new URL(((await sent.json()) as { url: string }).url).pathname;

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByTestId('payment-link-amount')).toHaveText('$500.00');
    await expect(page.getByLabel('Card number')).toBeVisible();

    if (settle === 'paid at the counter') {
      const recorded = await admin.post(`/api/admin/estimates/${estimate.id}/payments`, {
        data: { amount: '500.00', method: 'cash' },
      });
      expect(recorded.status()).toBe(201);
    } else {
      const cancelled = await admin.post(`/api/admin/estimates/${estimate.id}/status`, {
        data: { status: 'cancelled' },
      });
      expect(cancelled.ok()).toBe(true);
    }

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $500.00' }).click();
    const heading = settle === 'paid at the counter' ? 'Paid in full' : 'Online payment not available';
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText('Unable to initialize payment')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await context.close();
    await customer.dispose();
    await admin.dispose();
  });
}
