import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  makeJpeg,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
  registerViaApi,
  type SeededEstimate,
  uploadPhotoViaApi,
} from './helpers.ts';

/**
 * The status link: a customer's repair followed from a link in an e-mail or text, on a phone, in a
 * browser that has never signed in. It shows the first name, the car and the progress, nothing private,
 * and a tampered or turned-off link says plainly that it is not valid (with a real 404).
 */

/** A repair in the shop: quoted, approved, in progress, a stage with a photo, a promised date moved once. */
async function repairInProgress(
  customer: APIRequestContext,
  admin: APIRequestContext,
): Promise<SeededEstimate> {
  const estimate = await createEstimateViaApi(customer, { make: 'Subaru', model: 'Outback', year: 2020 });
  await quoteEstimateViaApi(admin, estimate.id);
  await approveEstimateViaApi(customer, estimate.id);
  const started = await admin.patch(`/api/estimates/${estimate.id}`, { data: { status: 'in_progress' } });
  expect(started.ok(), await started.text()).toBeTruthy();
  const photo = await uploadPhotoViaApi(admin, await makeJpeg('#15803d'));
  const stage = await admin.post(`/api/estimates/${estimate.id}/stages`, {
    data: { stage: 'Body repair', note: 'The bumper is off and the frame is straight.', photos: [photo] },
  });
  expect(stage.status(), await stage.text()).toBe(201);
  for (const data of [
    { promisedDate: '2031-05-12' },
    { promisedDate: '2031-05-15', promisedDateReason: 'Waiting on a back-ordered bumper' },
  ]) {
    const set = await admin.patch(`/api/estimates/${estimate.id}`, { data });
    expect(set.ok(), await set.text()).toBeTruthy();
  }
  return estimate;
}

/** A phone-sized browser with no cookies at all: someone who opens the link from a text. */
async function freshPhone(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  expect(await context.cookies()).toEqual([]);
  return { page: await context.newPage(), close: () => context.close() };
}

async function expectNotValid(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByText('Subaru')).toHaveCount(0);
}

test('a status link shows the repair signed out on a phone, and stops when tampered or turned off', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Rosa');
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  const estimate = await repairInProgress(customer, admin);
  const me = (await (await customer.get('/api/auth/user')).json()) as { email: string };

  const created = await customer.post(`/api/estimates/${estimate.id}/status-link`);
  expect(created.status(), await created.text()).toBe(201);
  const path = new URL(((await created.json()) as { url: string }).url).pathname;
  expect(path).toMatch(/^\/status\/[A-Za-z0-9_.-]+$/);

  const phone = await freshPhone(browser);
  const { page } = phone;
  const opened = await page.goto(path);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Hi Rosa,' })).toBeVisible();
  await expect(page.getByText('2020 Subaru Outback')).toBeVisible();
  await expect(page.getByText('In Progress').first()).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Repair timeline' });
  await expect(timeline.getByText('Body repair')).toBeVisible();
  await expect(timeline.getByText('The bumper is off and the frame is straight.')).toBeVisible();
  const progressPhoto = timeline.getByRole('button', { name: /Open Body repair: photo 1 of 1 larger/ });
  await expect(progressPhoto).toBeVisible();
  await expect
    .poll(() =>
      progressPhoto.locator('img').evaluate((element) => (element as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.getByText('Waiting on a back-ordered bumper')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos sent with the request' }).getByRole('img')).toHaveCount(
    2,
  );
  // Nothing private: no e-mail, phone, plate, amounts, nor the sign-in-only estimate page.
  const text = (await page.locator('main').textContent()) ?? '';
  for (const secret of [
    me.email,
    '555-0100',
    estimate.vehicle.licensePlate,
    '$',
    '1,250',
    '500.00',
    'Lopez',
  ]) {
    expect(text, secret).not.toContain(secret);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // One character of the signature changed: not valid, at HTTP level too.
  const tampered = `${path.slice(0, -2)}${path.at(-2) === 'A' ? 'B' : 'A'}${path.at(-1)}`;
  await expectNotValid(page, tampered);

  // The customer turns the links off: the same link now says so.
  const off = await customer.delete(`/api/estimates/${estimate.id}/status-link`);
  expect(off.status()).toBe(204);
  await expectNotValid(page, path);

  await phone.close();
  await customer.dispose();
  await admin.dispose();
});

test('the customer copies a status link from the estimate page and turns links off', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await registerViaApi(page.request, { firstName: 'Ines' });
  const estimate = await createEstimateViaApi(page.request, { make: 'Mazda', model: 'CX-5', year: 2022 });
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id);
  await admin.dispose();

  await page.goto(`/estimate/${estimate.id}`);
  await page.getByRole('button', { name: 'Copy status link' }).click();
  const field = page.getByLabel('Status link');
  await expect(field).toHaveValue(/\/status\//);
  await page.screenshot({ path: test.info().outputPath('estimate-page-status-link.png'), fullPage: true });
  const path = new URL(await field.inputValue()).pathname;

  const phone = await freshPhone(browser);
  await phone.page.goto(path);
  await expect(phone.page.getByRole('heading', { name: 'Hi Ines,' })).toBeVisible();
  await expect(phone.page.getByText('2022 Mazda CX-5')).toBeVisible();

  await page.getByRole('button', { name: 'Turn off status links' }).click();
  await expect(page.getByText('Status links turned off').first()).toBeVisible();
  await expectNotValid(phone.page, path);
  await phone.close();
  await context.close();
});
