import { expect, test } from './fixtures.ts';
import { createEstimateViaApi, newAdminRequest, quoteEstimateViaApi } from './helpers.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('a customer reaches every estimate they ever sent, a page at a time, from "View all"', async ({
  page,
  login,
}) => {
  await login.customer('Rosa');
  // Twelve estimates: more than the home page's three and the history's ten per page.
  const models = Array.from({ length: 12 }, (_, index) => `Model ${String(index + 1).padStart(2, '0')}`);
  for (const model of models) {
    await createEstimateViaApi(page.request, { make: 'Toyota', model, year: 2015, photoColors: ['#334155'] });
  }
  const oldest = 'Model 01';

  await page.goto('/');
  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL('/dashboard');
  const history = page.getByRole('list', { name: 'All Your Estimates' });
  await expect(history.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await expect(history).toContainText('2015 Toyota Model 12');
  await expect(history).not.toContainText(oldest);

  const pages = page.getByRole('navigation', { name: 'Pages of your estimates' });
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/dashboard?page=2');
  await expect(pages).toContainText('Page 2 of 2');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  // The oldest estimate opens; Back returns to the same page of the history.
  await history.getByRole('link', { name: new RegExp(oldest) }).click();
  await expect(page).toHaveURL(/\/estimate\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(pages).toContainText('Page 2 of 2');
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(history.getByRole('listitem')).toHaveCount(10);
});

test('the home page flags a quote waiting for the customer and leads to its approval', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  await login.customer('Ines');
  const estimate = await createEstimateViaApi(page.request, { make: 'Kia', model: 'Soul', year: 2017 });
  await page.goto('/');
  // Nothing to answer yet: no call to action.
  await expect(page.getByRole('heading', { name: /ready for your approval/ })).toHaveCount(0);

  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id);
  await admin.dispose();

  // The list is polled: the flag appears without a reload.
  const flag = page.getByRole('region', { name: 'Your quote is ready for your approval' });
  await expect(flag).toBeVisible({ timeout: 15_000 });
  await expect(flag).toContainText('2017 Kia Soul');
  await expect(flag).toContainText('$1,250.00');
  await flag.getByRole('link', { name: 'Review & approve the quote for 2017 Kia Soul' }).click();
  await expect(page).toHaveURL(`/estimate/${estimate.id}`);
  await page.getByRole('button', { name: /^Approve (Quote|Estimate)$/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve $1,250.00' }).click();
  await expect(page.getByText('Estimate Approved', { exact: true })).toBeVisible();

  // Answered: the home page no longer asks.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /ready for your approval/ })).toHaveCount(0);
});
