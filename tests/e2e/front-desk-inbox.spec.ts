import { expect, test } from './fixtures.ts';
import { createEstimateViaApi, expectNoSidewaysScroll, newAdminPage, newCustomerRequest } from './helpers.ts';

for (const width of [1280, 375]) {
  test(`staff answer a waiting customer from the dashboard's inbox at ${width} px`, async ({
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    // A customer of their own (a name no other test uses) asks a question about their estimate.
    const firstName = `Inbox${width}x${Date.now().toString(36)}`;
    const customerName = `${firstName} Lopez`;
    const customer = await newCustomerRequest(playwright.request, baseURL ?? '', firstName);
    const estimate = await createEstimateViaApi(customer, { photoColors: ['#0f766e'] });
    const question = 'Is the tailgate safe to drive with until the drop-off?';
    const sent = await customer.post(`/api/estimates/${estimate.id}/messages`, {
      data: { content: question },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await customer.dispose();

    const shop = await newAdminPage(browser, width);
    const { page } = shop;
    await page.goto('/admin');
    const inbox = page.getByRole('list', { name: 'Messages waiting for an answer' });
    const row = inbox.getByRole('listitem').filter({ hasText: customerName });
    await expect(row).toContainText(question);
    // How long they have waited: a moment, here.
    await expect(row).toContainText(/Waiting\s*(just now|\d+ min)/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`admin-${width}.png`), fullPage: false });

    await row.getByRole('link').click();
    await expect(page).toHaveURL(`/admin/estimate/${estimate.id}`);
    await expect(page.getByText(`${customerName} is waiting for an answer`)).toBeVisible();
    await page
      .getByLabel('Add Note (visible to customer)')
      .fill('Yes, it is safe at normal speeds. See you Monday.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(page.getByText(`${customerName} is waiting for an answer`)).toHaveCount(0);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Waiting for the shop')).toBeVisible();
    await expect(inbox.getByRole('listitem').filter({ hasText: customerName })).toHaveCount(0);
    await shop.close();
  });
}
