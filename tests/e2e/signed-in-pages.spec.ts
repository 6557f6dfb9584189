import { errorsOf, holdTheAppsCode } from './app-take-over.ts';
import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  newAdminPage,
  newAdminRequest,
  newCustomerRequest,
  quoteItemisedViaApi,
} from './helpers.ts';

// A signed-in estimate page and the shop's dashboard come drawn by the server, with the visitor's
// data (decision 079); the app then takes them over as they are.

test("a customer's quoted estimate is in the page itself, and the app takes it over as it is", async ({
  page,
  browser,
  baseURL,
  playwright,
  login,
}) => {
  await login.customer('Drawn');
  const estimate = await createEstimateViaApi(page.request, {
    make: 'Mazda',
    model: 'CX-5',
    photoColors: ['#334155'],
  });
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteItemisedViaApi(admin, estimate.id);
  await admin.dispose();
  const heading = `Estimate #${estimate.id.slice(0, 8).toUpperCase()}`;

  const withoutScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await withoutScript.newPage();
  await plain.goto(`/estimate/${estimate.id}`);
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(plain.getByLabel('Estimate totals')).toContainText('Total$658.00');
  await expect(plain.getByText('Mazda', { exact: true })).toBeVisible();
  await expect(plain.getByRole('button', { name: 'Approve Quote' })).toBeVisible();
  await expect(plain.getByRole('heading', { name: 'Message the Shop' })).toBeVisible();
  await withoutScript.close();

  const errors = errorsOf(page);
  const releaseApp = await holdTheAppsCode(page);
  await page.goto(`/estimate/${estimate.id}`, { waitUntil: 'domcontentloaded' });
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(heading);
  // Marked in the page the server sent: the app keeps that element rather than drawing its own.
  await title.evaluate((element) => element.setAttribute('data-drawn', 'by the server'));
  // A tap before the app has the page is answered once it has: the optional detailing left out, the
  // box keeps its tick until the app takes the tap, and the totals follow it.
  const detailing = page.getByRole('checkbox', { name: 'Include Detailing (optional)' });
  await detailing.click();
  await expect(detailing).toBeChecked();
  releaseApp();
  await expect(detailing).not.toBeChecked();
  await expect(page.getByLabel('Estimate totals')).toContainText('Total$558.00');
  await expect(title).toHaveAttribute('data-drawn', 'by the server');
  // The conversation works: the app's own requests, after the page's data came with it.
  const box = page.getByLabel('Message', { exact: true });
  await box.fill('Is Tuesday fine?');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Is Tuesday fine?')).toBeVisible();
  expect(errors).toEqual([]);
});

test("someone else's estimate is not drawn: the page is the app's not-found", async ({
  page,
  login,
  browser,
}) => {
  await login.customer('Owner');
  const estimate = await createEstimateViaApi(page.request, { photoColors: ['#991b1b'] });
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await other.request.post('/api/register', {
    data: {
      email: `other-${Date.now()}@example.com`,
      password: 'sunshine93',
      firstName: 'Other',
      lastName: 'Person',
    },
  });
  // The owner's page carries the estimate's heading and the words they wrote; the other's carries
  // neither (its id is there only in the address asked for, in the shell's preloads).
  const drawn = [`Estimate #${estimate.id.slice(0, 8).toUpperCase()}`, 'Rear bumper dented'];
  const ownHtml = await (await page.request.get(`/estimate/${estimate.id}`)).text();
  for (const text of drawn) expect(ownHtml).toContain(text);
  const response = await other.request.get(`/estimate/${estimate.id}`);
  const html = await response.text();
  expect(html).not.toContain('signed-in-state');
  for (const text of drawn) expect(html).not.toContain(text);
  const otherPage = await other.newPage();
  await otherPage.goto(`/estimate/${estimate.id}`);
  await expect(otherPage.getByRole('heading', { name: 'Estimate not found' })).toBeVisible();
  await other.close();
});

test("the shop's dashboard is in the page itself, and a search typed before the app has it is sent once it has", async ({
  browser,
  baseURL,
  playwright,
}) => {
  // A customer waits for an answer: the front desk reads "just now" beside them when the page is drawn.
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Clockwatcher');
  const waiting = await createEstimateViaApi(customer, { make: 'Kia', model: 'Soul' });
  await customer.post(`/api/estimates/${waiting.id}/messages`, { data: { content: 'Any news on my Soul?' } });
  await customer.dispose();

  // Playwright's clock (below) stands in for the page's Date with one whose subclasses lose their
  // methods: @date-fns/tz's dates on the shop's clock would read in the browser's zone instead, and
  // between midnight UTC and midnight in Florida the list's "Nov 29" would be drawn again as "Nov 30".
  // At the front desk, the browser is on the shop's clock anyway.
  const { page, close } = await newAdminPage(browser, 390, { timezoneId: 'America/New_York' });
  const withoutScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await withoutScript.newPage();
  await plain.goto('/admin');
  await expect(plain.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(plain.getByText(/^\d[\d,]* estimates?$/).first()).toBeVisible();
  await expect(plain.getByRole('heading', { name: 'Waiting for the shop' })).toBeVisible();
  await expect(plain.getByRole('tab', { name: 'Estimates', selected: true })).toBeVisible();
  await withoutScript.close();

  const errors = errorsOf(page);
  await page.clock.install();
  const releaseApp = await holdTheAppsCode(page);
  await page.goto('/admin', { waitUntil: 'domcontentloaded' });
  const waitingRow = page
    .getByRole('list', { name: 'Messages waiting for an answer' })
    .locator(`a[href="/admin/estimate/${waiting.id}"]`);
  await expect(waitingRow).toContainText('Waiting just now');
  await page.getByLabel('License plate').fill('NOPLATE1');
  await page.getByLabel('License plate').press('Enter');
  // Held: the browser itself did not send the form (its fields would be in the address).
  expect(new URL(page.url()).search).toBe('');
  // The app comes two minutes after the page was drawn: it takes the page over as it was drawn (read
  // against the browser's clock, "just now" would not match the markup, and React would draw the page
  // again, the plate typed and the search with it), and its clock moves on from there.
  await page.clock.fastForward('02:00');
  releaseApp();
  await expect(page).toHaveURL(/\/admin\/estimate\/NOPLATE1$/);
  expect(errors).toEqual([]);
  await page.goBack();
  await expect(waitingRow).toContainText('Waiting 2 min');
  await close();
});
