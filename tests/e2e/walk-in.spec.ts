import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createEstimateViaApi, makeJpeg, registerViaApi, uniqueEmail } from './helpers.ts';
import { mailsTo } from './mailbox.ts';

/**
 * The shop's own estimate form (decision 064): a walk-in customer created by name, and a known
 * customer's known car picked instead of typed again. The rules (409s, 404s, matching) are API tests.
 */

// Each test makes its own customer and car: the six may share the two workers. The file sorts last, and
// run whole by one worker it kept the other idle at the end of the suite (16 s, 29 Nov).
test.describe.configure({ mode: 'parallel' });

const photoInput = (page: Page, step: string) => page.getByLabel(`Take photo: ${step}`, { exact: true });

async function addOverviewPhoto(page: Page) {
  const buffer = await makeJpeg('#336699', 64, 48);
  await photoInput(page, 'Vehicle Overview').setInputFiles({
    name: 'overview.jpg',
    mimeType: 'image/jpeg',
    buffer,
  });
  await expect(
    page
      .getByRole('list', { name: 'Photo steps' })
      .getByRole('listitem')
      .filter({ has: photoInput(page, 'Vehicle Overview') })
      .getByText('Uploaded'),
  ).toBeVisible();
}

/** Kept with the test's results, to look at the layout at each width. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ fullPage: true, path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test('staff create an estimate for a walk-in customer by name', async ({
      page,
      browser,
      login,
    }, testInfo) => {
      await login.admin();
      await page.goto('/estimate');
      // The form speaks to staff, not in the customer's words.
      await expect(page.getByRole('heading', { name: 'New estimate' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to admin' })).toHaveAttribute('href', '/admin');
      await expect(page.getByText('Get Your Estimate')).toHaveCount(0);

      const email = uniqueEmail('walkin');
      await page.getByLabel('First name').fill('Maria');
      await page.getByLabel('Last name').fill('Walkin');
      await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await page.getByLabel('Phone').fill('(813) 555-0142');
      await page.getByLabel('Year').fill('2018');
      await page.getByLabel('Make').fill('Ford');
      await page.getByLabel('Model').fill('Escape');
      await page.getByLabel('License Plate').fill('qrt 5521');
      await page.getByLabel('VIN').fill('1FMCU0GD4JU000001');
      await page.getByLabel('Odometer (miles)').fill('64000');
      await addOverviewPhoto(page);
      await screenshot(page, testInfo, `staff-form-${width}`);

      await page.getByRole('button', { name: 'Create estimate' }).click();
      await expect(page.getByRole('heading', { name: 'Estimate created for Maria Walkin' })).toBeVisible();
      await expect(page.getByText(/was e-mailed a welcome/)).toBeVisible();
      await screenshot(page, testInfo, `staff-confirmation-${width}`);
      const href = (await page.getByRole('link', { name: 'Open the estimate' }).getAttribute('href')) ?? '';
      const id = href.split('/').pop() ?? '';
      expect(href).toBe(`/admin/estimate/${id}`);

      // The shop's list names the customer, not their e-mail.
      await page.getByRole('link', { name: 'Back to admin' }).click();
      await expect(page).toHaveURL('/admin');
      await page.getByLabel('Search', { exact: true }).fill(email);
      const row = page.getByRole('list', { name: 'Estimates' }).getByRole('listitem').first();
      await expect(row).toContainText('Maria Walkin');
      await expect(row).not.toContainText(email);

      if (width !== 1280) return;
      // The welcome e-mail's link sets her password and lands on her estimate.
      await expect.poll(() => mailsTo(email).length, { message: 'the welcome e-mail is sent' }).toBe(1);
      const [welcome] = mailsTo(email);
      expect(welcome?.text).toContain('Hi Maria,');
      const link = /https?:\/\/[^\s]+\/auth\?token=[^\s]+/.exec(welcome?.text ?? '')?.[0] ?? '';
      const context = await browser.newContext();
      const customer = await context.newPage();
      const url = new URL(link);
      await customer.goto(`${url.pathname}${url.search}`);
      await expect(customer.getByRole('heading', { name: 'Set your password' })).toBeVisible();
      await customer.getByLabel('New password').fill('walk-in-pass-1');
      await customer.getByRole('button', { name: 'Save Password' }).click();
      await expect(customer).toHaveURL(`/estimate/${id}`);
      await context.close();
    });

    test("staff pick an existing customer's car instead of typing it again", async ({
      page,
      playwright,
      baseURL,
      login,
    }, testInfo) => {
      const customer = await playwright.request.newContext({ baseURL });
      const customerEmail = uniqueEmail('known');
      await registerViaApi(customer, { firstName: 'Pilar', email: customerEmail });
      const first = await createEstimateViaApi(customer, { make: 'Ford', model: 'Escape', year: 2018 });
      const seeded = await (await customer.get(`/api/estimates/${first.id}`)).json();

      await login.admin();
      await page.goto('/estimate');
      await page.getByLabel('Existing customer').fill(customerEmail);
      await page
        .getByRole('list', { name: 'Matching customers' })
        .getByRole('button', { name: /Pilar Lopez/ })
        .click();
      // A picked customer needs no new-customer fields.
      await expect(page.getByLabel('First name')).toHaveCount(0);
      const cars = page.getByLabel('Vehicles of Pilar Lopez');
      await cars.selectOption({ label: `2018 Ford Escape · ${first.vehicle.licensePlate}` });
      await expect(page.getByLabel('License Plate')).toHaveValue(first.vehicle.licensePlate);
      await page.getByLabel('Odometer (miles)').fill('47000');
      await addOverviewPhoto(page);
      if (width === 375) await screenshot(page, testInfo, 'staff-form-existing-375');
      await page.getByRole('button', { name: 'Create estimate' }).click();
      await expect(page.getByRole('heading', { name: 'Estimate created for Pilar Lopez' })).toBeVisible();
      const id = ((await page.getByRole('link', { name: 'Open the estimate' }).getAttribute('href')) ?? '')
        .split('/')
        .pop();

      // One car, one record: the new estimate is on the customer's known vehicle.
      const created = await (await page.request.get(`/api/estimates/${id}`)).json();
      expect(created.vehicleId).toBe(seeded.vehicleId);
      expect(created.vehicle.mileage).toBe(47000);
      // She registered herself and never used a link sent to her address: the account is held for
      // whoever reads it (decision 082), signed out, and the estimate's e-mail brings the link.
      expect((await customer.get(`/api/estimates/${id}`)).status()).toBe(401);
      await customer.dispose();
    });

    test('staff merge a duplicate record of a car on the Vehicles tab', async ({
      page,
      playwright,
      baseURL,
      login,
    }, testInfo) => {
      const customer = await playwright.request.newContext({ baseURL });
      await registerViaApi(customer, { firstName: 'Dana', email: uniqueEmail('dupes') });
      const right = await createEstimateViaApi(customer, { make: 'Ford', model: 'Escape', year: 2018 });
      // A typo in the make stored the same car again (as before plates and cars were matched).
      await createEstimateViaApi(customer, {
        make: 'Frod',
        model: 'Escape',
        year: 2018,
        licensePlate: right.vehicle.licensePlate,
        vin: '1FMCU0GD9JU000009',
      });
      await customer.dispose();

      await login.admin();
      await page.goto('/admin?tab=vehicles');
      await page.getByRole('tab', { name: 'Vehicles' }).click();
      await page.getByLabel('Search vehicles').fill(right.vehicle.licensePlate);
      const rows = page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await rows
        .filter({ hasText: 'Frod' })
        .getByRole('button', { name: `Merge ${right.vehicle.licensePlate} into another record` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Merge a duplicate vehicle' });
      await dialog.getByRole('radio', { name: /2018 Ford Escape/ }).check();
      await screenshot(page, testInfo, `merge-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Merge into the kept record' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('2018 Ford Escape');
    });
  });
}
