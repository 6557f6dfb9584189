import type { APIResponse, Browser, Page } from '@playwright/test';
import type { AdminEstimateSummary } from '#domain/admin-dashboard.ts';
import { formatMoney } from '#domain/money.ts';
import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  newAdminPage,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
  type SeededEstimate,
} from './helpers.ts';

const reference = (id: string) => id.slice(0, 8).toUpperCase();

/** A word no other test writes, so searching for it finds exactly this file's estimates. */
const TOKEN = `zq${Date.now().toString(36)}`;
const SEEDED = 26;

let customerEmail: string;
let seeded: SeededEstimate[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  // One customer with 26 estimates (one page of 25 and one more), two of them quoted.
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Dashia');
  customerEmail = ((await (await customer.get('/api/auth/user')).json()) as { email: string }).email;
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  seeded = [];
  for (let index = 0; index < SEEDED; index++) {
    seeded.push(
      await createEstimateViaApi(customer, {
        make: 'Subaru',
        model: 'Outback',
        year: 2017,
        photoColors: ['#0369a1'],
        description: `Dashboard ${TOKEN} number ${index + 1}: scraped rear door.`,
      }),
    );
  }
  // Newest first: the last two created are the quoted ones.
  for (const estimate of seeded.slice(-2)) await quoteEstimateViaApi(admin, estimate.id);
  await admin.dispose();
  await customer.dispose();
});

async function openDashboard(browser: Browser, width = 1280) {
  const admin = await newAdminPage(browser, width);
  await admin.page.goto('/admin');
  await expect(admin.page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  return admin;
}

/**
 * Answers every summary request of `page` with the server's first answer to it; returns that answer.
 * The page asks again every few seconds, and the other test worker's estimates would change the
 * numbers between the page's answer and the test's own.
 */
async function holdSummary(page: Page): Promise<() => Promise<AdminEstimateSummary>> {
  let first: Promise<{ response: APIResponse; body: Buffer }> | undefined;
  await page.route('**/api/admin/estimates/summary', async (route) => {
    first ??= route.fetch().then(async (response) => ({ response, body: await response.body() }));
    const { response, body } = await first;
    await route.fulfill({ response, body });
  });
  return async () => {
    await expect.poll(() => first !== undefined, { message: 'the page asks for the summary' }).toBe(true);
    const { response, body } = (await first) as { response: APIResponse; body: Buffer };
    expect(response.ok(), body.toString()).toBeTruthy();
    return JSON.parse(body.toString()) as AdminEstimateSummary;
  };
}

function estimateRows(page: Page) {
  return page.getByRole('list', { name: 'Estimates' }).getByRole('listitem');
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

test('header, badges, tabs and the six summary cards show the server-computed numbers', async ({
  browser,
}) => {
  const { page, close } = await newAdminPage(browser);
  const shownSummary = await holdSummary(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage estimates and repair orders')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Calendar' })).toHaveAttribute('href', '/admin/calendar');
  for (const tab of ['Estimates', 'Calendar', 'Customers', 'Vehicles', 'Google']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Select an Estimate' })).toBeVisible();

  const summary = await shownSummary();
  expect(summary.totalCount).toBeGreaterThanOrEqual(SEEDED);
  expect(summary.quoted.count).toBeGreaterThanOrEqual(2);
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals).toContainText(`${summary.totalCount.toLocaleString('en-US')} estimates`);
  await expect(totals).toContainText(`${formatMoney(summary.totalQuoted)} quoted`);

  const card = (title: string) =>
    page.getByRole('list', { name: 'Estimate summary' }).getByRole('listitem').filter({ hasText: title });
  await expect(card('Quoted Estimates')).toContainText(formatMoney(summary.quoted.sum));
  await expect(card('Quoted Estimates')).toContainText(`${summary.quoted.count} estimate`);
  await expect(card('Approved Estimates')).toContainText(formatMoney(summary.approved.sum));
  await expect(card('Scheduled')).toContainText(formatMoney(summary.scheduled.sum));
  await expect(card('Active Repairs')).toContainText(String(summary.activeRepairs));
  await expect(card('Completed')).toContainText(String(summary.completed));
  await expect(card('Total Revenue')).toContainText(formatMoney(summary.totalRevenue));
  // At a laptop's width the cards are at their narrowest: none of their words is cut off.
  const cut = await page
    .locator('ul[aria-label="Estimate summary"] p, ul[aria-label="Money owed and collected"] p')
    .evaluateAll((lines) =>
      lines.filter((line) => line.scrollWidth > line.clientWidth).map((line) => line.textContent),
    );
  expect(cut).toEqual([]);

  await page.getByRole('tab', { name: 'Calendar' }).click();
  const calendar = page.getByRole('region', { name: 'Drop-off calendar' });
  await expect(calendar.getByRole('heading', { name: 'Scheduled Drop-offs' })).toBeVisible();
  await expect(calendar.getByText('Total Scheduled').first()).toBeVisible();
  await expect(calendar.getByRole('link', { name: 'Open full calendar' })).toHaveAttribute(
    'href',
    '/admin/calendar',
  );
  await expect(page.getByText('Calendar view coming soon!')).toHaveCount(0);
  await close();
});

test('search, status filter and paging go through the server; rows show what the spec lists', async ({
  browser,
}) => {
  const { page, close } = await openDashboard(browser);
  await searchFor(page, TOKEN);
  await expect(page.getByText(`${SEEDED} matching`)).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(estimateRows(page)).toHaveCount(25);
  await expect(page).toHaveURL(new RegExp(`q=${TOKEN}`));

  // Newest first: the last estimate created heads the list, with the row's fields.
  const newest = seeded.at(-1) as SeededEstimate;
  const first = estimateRows(page).first();
  await expect(first).toContainText(`#${reference(newest.id)}`);
  await expect(first).toContainText('Quoted');
  await expect(first).toContainText('$1,250.00');
  await expect(first).toContainText(`Dashboard ${TOKEN} number ${SEEDED}: scraped rear door.`);
  await expect(first).toContainText('Customer Pay');
  await expect(first).toContainText(`2017 Subaru Outback · ${newest.vehicle.licensePlate}`);
  await expect(first.getByRole('link', { name: `Open estimate #${reference(newest.id)}` })).toHaveAttribute(
    'href',
    `/admin/estimate/${newest.id}`,
  );

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(estimateRows(page)).toHaveCount(1);
  await expect(estimateRows(page).first()).toContainText(`#${reference(seeded[0]?.id ?? '')}`);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  await page.getByLabel('Status').selectOption('quoted');
  await expect(page.getByText('2 matching')).toBeVisible();
  await expect(estimateRows(page)).toHaveCount(2);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  await page.getByLabel('Status').selectOption('pending');
  await expect(page.getByText(`${SEEDED - 2} matching`)).toBeVisible();
  await searchFor(page, 'no-such-estimate-anywhere');
  await expect(page.getByText('No estimates match these filters.')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('');
  await expect(page.getByText(/in total$/)).toBeVisible();
  await close();
});

test('selecting a pending estimate shows its details; Approve Estimate asks for the consent, then moves it on', async ({
  browser,
}) => {
  const { page, close } = await openDashboard(browser);
  const target = seeded[0] as SeededEstimate;
  await searchFor(page, reference(target.id));
  await expect(estimateRows(page)).toHaveCount(1);
  await estimateRows(page).first().getByRole('button').click();

  const panel = page.getByLabel('Selected estimate');
  await expect(panel.getByRole('heading', { name: `Estimate #${reference(target.id)}` })).toBeVisible();
  await expect(panel).toContainText(target.id);
  await expect(panel).toContainText('Pending');
  await expect(panel).toContainText('Not quoted yet');
  await expect(panel).toContainText('Customer Pay Only');
  await expect(panel).toContainText(`Dashboard ${TOKEN} number 1: scraped rear door.`);

  // Never quoted: nothing to approve yet.
  await expect(panel.getByRole('button', { name: 'Approve Estimate' })).toHaveCount(0);

  // Once it has an amount (still pending), the quick action is offered and asks how the customer consented.
  const priced = await page.request.patch(`/api/estimates/${target.id}`, {
    data: { estimatedAmount: '980.00' },
  });
  expect(priced.ok(), await priced.text()).toBeTruthy();
  await page.reload();
  await estimateRows(page).first().getByRole('button').click();
  await expect(panel).toContainText('$980.00');
  await panel.getByRole('button', { name: 'Approve Estimate' }).click();
  const dialogName = `Record the customer’s approval of #${reference(target.id)}`;
  let dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toContainText('$980.00');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel).toContainText('Pending');
  expect(
    ((await (await page.request.get(`/api/estimates/${target.id}`)).json()) as { status: string }).status,
  ).toBe('pending');

  // Keyboard: the button opens the dialog, Escape closes it; then confirming approves.
  await panel.getByRole('button', { name: 'Approve Estimate' }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await panel.getByRole('button', { name: 'Approve Estimate' }).click();
  const record = dialog.getByRole('button', { name: 'Record approval of $980.00' });
  // No consent without the name of who gave it.
  await record.click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter the name of the customer who approved.');
  await dialog.getByLabel('Consent given').selectOption({ label: 'By phone' });
  await dialog.getByLabel('Name of the customer who approved').fill('Dana Dashboard');
  await dialog.getByLabel('Consent note (optional)').fill('Called at 9:40');
  await record.click();
  await expect(page.getByText('Estimate updated successfully', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Start Repair' })).toBeVisible();
  await expect(panel).toContainText('Approved');
  await expect(estimateRows(page).first()).toContainText('Approved');
  const approvals = (
    (await (await page.request.get(`/api/estimates/${target.id}`)).json()) as {
      approvals: { approvedAmount: string; consent: unknown }[];
    }
  ).approvals;
  expect(approvals).toEqual([
    expect.objectContaining({
      approvedAmount: '980.00',
      consent: { method: 'phone', name: 'Dana Dashboard', note: 'Called at 9:40' },
    }),
  ]);

  await panel.getByRole('button', { name: 'Start Repair' }).click();
  await expect(panel.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await expect(panel).toContainText('In Progress');
  await close();
});

test('the quick plate search: empty asks for a plate; a plate opens its estimate page', async ({
  browser,
}) => {
  const { page, close } = await openDashboard(browser);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Enter License Plate', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/admin');

  const target = seeded[1] as SeededEstimate;
  const plate = target.vehicle.licensePlate;
  await page.getByLabel('License plate').fill(plate.toLowerCase());
  await expect(page.getByLabel('License plate')).toHaveValue(plate.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The plate's page, which goes straight on to the plate's only estimate (the plate's own address
  // is there too briefly to be checked on a busy machine).
  await expect(page).toHaveURL(`/admin/estimate/${target.id}`);
  await close();
});

test('the customers tab finds a customer and lists their estimates', async ({ browser }) => {
  const { page, close } = await openDashboard(browser);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/tab=customers/);
  await page.getByLabel('Find a customer').fill('x');
  await page.getByRole('button', { name: 'Search customers' }).click();
  await expect(
    page.getByText('Please enter at least 2 characters to search for customers', { exact: true }),
  ).toBeVisible();

  await page.getByLabel('Find a customer').fill('nobody-by-this-name');
  await expect(page.getByText('No customers found matching "nobody-by-this-name"')).toBeVisible();

  await page.getByLabel('Find a customer').fill(customerEmail);
  await page.getByRole('list', { name: 'Matching customers' }).getByRole('button').first().click();
  await expect(page.getByText(customerEmail)).toBeVisible();
  await expect(page.getByText(`${SEEDED} matching`)).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const list = page.getByRole('list', { name: 'Estimates of Dashia Lopez' });
  await expect(list.getByRole('listitem')).toHaveCount(25);

  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByLabel('Find a customer')).toBeVisible();
  await close();
});

test('the vehicles tab finds a car by plate and opens it', async ({ browser }) => {
  const { page, close } = await openDashboard(browser);
  await page.getByRole('tab', { name: 'Vehicles' }).click();
  const target = seeded[2] as SeededEstimate;
  const vehicle = target.vehicle;
  await page.getByLabel('Search vehicles').fill(vehicle.licensePlate);
  const row = page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').first();
  await expect(row).toContainText(vehicle.licensePlate);
  await expect(row).toContainText('2017 Subaru Outback');
  await expect(row).toContainText('Owner: Dashia Lopez');
  const open = row.getByRole('link');
  await expect(open).toHaveAttribute('href', `/admin/estimate/${vehicle.licensePlate}`);
  await open.click();
  // On to the plate's only estimate.
  await expect(page).toHaveURL(`/admin/estimate/${target.id}`);
  await close();
});

test('on a phone the dashboard fits the screen and a row opens the details in a dialog', async ({
  browser,
}) => {
  const { page, close } = await openDashboard(browser, 375);
  await searchFor(page, TOKEN);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Each row's Open link sits over its last line, whose words stop short of it.
  const underTheLink = await estimateRows(page).evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const link = row.querySelector('a')?.getBoundingClientRect();
        const line = [...row.querySelectorAll('button p')].at(-1);
        if (!link || !line) return true;
        const textEnd =
          line.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(line).paddingRight);
        return textEnd > link.left;
      }).length,
  );
  expect(underTheLink).toBe(0);
  await estimateRows(page).first().getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Estimate #/ })).toBeVisible();
  await expect(dialog).toContainText('Estimated amount');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await close();
});

test('a customer sent to /admin is turned away, and the admin API refuses them', async ({ page, login }) => {
  await login.customer('Tomas');
  await page.goto('/admin');
  await expect(
    page.getByText("You don't have permission to access this page.", { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/admin/estimates')).status()).toBe(403);
  expect((await page.request.get('/api/admin/estimates/summary')).status()).toBe(403);
});
