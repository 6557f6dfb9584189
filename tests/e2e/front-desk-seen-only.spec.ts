import { expect, test } from './fixtures.ts';
import { createEstimateViaApi, newAdminPage, newCustomerRequest } from './helpers.ts';

/**
 * The desk answers what staff saw: the inbox row says how many more messages wait beside the one it
 * previews, and a reply typed against the thread as loaded leaves a question written meanwhile waiting.
 */
test('a reply answers the questions staff saw, not one written while they typed', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const firstName = `Seen${Date.now().toString(36)}`;
  const customerName = `${firstName} Lopez`;
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', firstName);
  const estimate = await createEstimateViaApi(customer, { photoColors: ['#0f766e'] });
  const ask = async (content: string) => {
    const sent = await customer.post(`/api/estimates/${estimate.id}/messages`, { data: { content } });
    expect(sent.status(), await sent.text()).toBe(201);
  };
  await ask('Can I bring it Monday?');
  await ask('Also: the airbag light came on, is it safe to drive?');

  const shop = await newAdminPage(browser, 1280);
  const { page } = shop;
  await page.goto('/admin');
  const row = page
    .getByRole('list', { name: 'Messages waiting for an answer' })
    .getByRole('listitem')
    .filter({ hasText: customerName });
  await expect(row).toContainText('Can I bring it Monday?');
  await expect(row).toContainText('+1 more');

  await row.getByRole('link').click();
  await expect(page.getByText('Also: the airbag light came on, is it safe to drive?')).toBeVisible();
  // Written after the thread was loaded, before the reply is sent.
  await ask('Sorry, one more: can my wife pick it up?');
  await page
    .getByLabel('Add Note (visible to customer)')
    .fill('Monday is fine, and yes, it is safe to drive.');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Sorry, one more: can my wife pick it up?')).toBeVisible();
  const notice = page.getByText(`${customerName} is waiting for an answer`);
  await expect(notice).toBeVisible();

  // Mark handled clears what the desk now shows.
  await page.getByRole('button', { name: `Mark handled: ${customerName}` }).click();
  await expect(notice).toHaveCount(0);
  await shop.close();
  await customer.dispose();
});
