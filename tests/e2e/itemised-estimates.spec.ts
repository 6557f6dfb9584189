import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  expectNoSidewaysScroll,
  newAdminPage,
  newAdminRequest,
  SAMPLE_LINES,
} from './helpers.ts';

/** Lines, quote and the customer's approval through the API: the state the supplement tests start from. */
async function approvedItemisedEstimate(admin: APIRequestContext, customer: APIRequestContext, id: string) {
  const put = await admin.put(`/api/estimates/${id}/lines`, { data: { lines: SAMPLE_LINES } });
  expect(put.ok(), await put.text()).toBeTruthy();
  const priced = (await put.json()) as {
    estimatedAmount: string;
    customerDeductible: string;
    insuranceCoverage: string;
  };
  const quote = await admin.post(`/api/admin/estimates/${id}/quote`, {
    data: {
      estimatedAmount: priced.estimatedAmount,
      customerDeductible: priced.customerDeductible,
      insuranceCoverage: priced.insuranceCoverage,
    },
  });
  expect(quote.ok(), await quote.text()).toBeTruthy();
  const approved = await customer.patch(`/api/estimates/${id}`, {
    data: { status: 'approved', expectedAmount: priced.estimatedAmount },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
}

async function sendSupplementViaApi(admin: APIRequestContext, id: string, unitPrice: string) {
  const response = await admin.post(`/api/estimates/${id}/supplements`, {
    data: {
      reason: 'Teardown found a bent radiator support',
      lines: [
        {
          kind: 'part',
          description: 'Radiator support',
          quantity: 1,
          unitPrice,
          payer: 'customer',
          partType: 'used',
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Tab to the next field and type into it, as someone at the keyboard would. */
async function tabAndType(page: Page, text: string) {
  await page.keyboard.press('Tab');
  await page.keyboard.type(text);
}

test('the shop builds the lines at the keyboard, saves and quotes; the customer declines an optional line and approves', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(60_000);
  await login.customer('Nora');
  const estimate = await createEstimateViaApi(page.request);

  const shop = await newAdminPage(browser);
  const admin = shop.page;
  await admin.goto(`/admin/estimate/${estimate.id}`);
  const editor = admin.getByRole('form', { name: 'Estimate lines' });
  await expect(editor.getByText('No lines: the estimate is quoted as one figure.')).toBeVisible();

  const addLine = editor.getByRole('button', { name: 'Add line' });
  // Line 1: a part. Add line puts the focus on the new line's kind.
  await addLine.focus();
  await admin.keyboard.press('Enter');
  await expect(editor.getByLabel('Line 1 kind')).toBeFocused();
  await editor.getByLabel('Line 1 kind').selectOption('part');
  await tabAndType(admin, 'Rear bumper cover');
  await admin.keyboard.press('Tab'); // the quantity keeps its 1
  await tabAndType(admin, '400.00');
  await editor.getByLabel('Line 1 paid by').selectOption('insurance');
  await editor.getByLabel('Line 1 part type').selectOption('aftermarket');

  // Line 2: labor, hours only (the shop's rate applies).
  await addLine.focus();
  await admin.keyboard.press('Enter');
  // The keys that follow go where the focus is: wait for it on the new line, as on a busy machine.
  await expect(editor.getByLabel('Line 2 kind')).toBeFocused();
  await editor.getByLabel('Line 2 kind').selectOption('labor');
  // A labor line counts hours: the row has redrawn before the keys go on from its kind.
  await expect(editor.getByLabel('Line 2 hours')).toBeVisible();
  await editor.getByLabel('Line 2 kind').focus();
  await tabAndType(admin, 'Refinish bumper');
  await admin.keyboard.press('Tab');
  await admin.keyboard.press('ControlOrMeta+a');
  await admin.keyboard.type('2');
  await expect(editor.getByLabel('Line 2 hours')).toHaveValue('2');
  await expect(editor.getByLabel('Line 2 rate per hour')).toHaveAttribute('placeholder', '65.00 (shop rate)');
  await editor.getByLabel('Line 2 paid by').selectOption('insurance');

  // Line 3: optional detailing, paid by the customer.
  await addLine.focus();
  await admin.keyboard.press('Enter');
  // The keys that follow go where the focus is: wait for it on the new line, as on a busy machine.
  await expect(editor.getByLabel('Line 3 kind')).toBeFocused();
  await editor.getByLabel('Line 3 kind').selectOption('other');
  await tabAndType(admin, 'Detailing');
  await admin.keyboard.press('Tab');
  await tabAndType(admin, '100');
  await editor.getByLabel('Line 3 optional (the customer may decline it)').check();

  // Live totals: 400 + 130 + 100 = 630; tax 7% of the part = 28.00.
  await expect(editor.getByLabel('Totals of these lines')).toContainText('$630.00');
  await expect(editor.getByLabel('Totals of these lines')).toContainText('$28.00');
  await expect(editor.getByLabel('Totals of these lines')).toContainText('$658.00');

  // The server refuses a quantity of 0, naming the line: shown next to it.
  await editor.getByLabel('Line 1 quantity').fill('0');
  await editor.getByRole('button', { name: 'Save lines' }).click();
  await expect(editor.getByRole('group', { name: 'Line 1' }).getByRole('alert')).toContainText(
    'Line 1: quantity must be more than 0',
  );
  await editor.getByLabel('Line 1 quantity').fill('1');

  // Reorder with the keyboard: detailing up, then back down.
  await editor.getByRole('button', { name: 'Move line 3 up' }).focus();
  await admin.keyboard.press('Enter');
  await expect(editor.getByLabel('Line 2 description')).toHaveValue('Detailing');
  await expect(editor.getByRole('button', { name: 'Move line 2 up' })).toBeFocused();
  await editor.getByRole('button', { name: 'Move line 2 down' }).click();
  await expect(editor.getByLabel('Line 3 description')).toHaveValue('Detailing');

  await editor.getByRole('button', { name: 'Save lines' }).click();
  await expect(editor.getByRole('button', { name: 'Lines saved' })).toBeVisible();
  // The billing card takes its amounts from the lines: nothing to type.
  const billing = admin.getByRole('form', { name: 'Billing and estimate' });
  await expect(billing.getByLabel('Amounts from the lines')).toContainText('$658.00');
  await expect(billing.getByLabel('Total amount')).toHaveCount(0);
  await billing.getByRole('button', { name: 'Send Estimate' }).click();
  await expect(admin.getByText('Estimate of $658.00 sent to the customer.').first()).toBeVisible();

  // The customer sees the lines grouped by kind and leaves the detailing out.
  await page.goto(`/estimate/${estimate.id}`);
  const covers = page.getByRole('region', { name: 'What the estimate covers' });
  await expect(covers.getByText('Rear bumper cover')).toBeVisible();
  await expect(covers.getByText(/New \(aftermarket\)/)).toBeVisible();
  await expect(covers.getByText('2 h × $65.00/h')).toBeVisible();
  await expect(page.getByText('$658.00').first()).toBeVisible();
  await covers.getByRole('checkbox', { name: 'Include Detailing (optional)' }).uncheck();
  await expect(covers.getByLabel('Estimate totals')).toContainText('$558.00');
  await expect(page.getByText('Estimated Amount').locator('..')).toContainText('$558.00');
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  // The confirmation names the total without the detailing.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve $558.00' }).click();
  await expect(page.getByText('Your estimate has been approved').first()).toBeVisible();

  const answer = await page.request.get(`/api/estimates/${estimate.id}`);
  const approved = (await answer.json()) as { approvedAmount: string; estimatedAmount: string };
  expect(approved.approvedAmount).toBe('558.00');
  expect(approved.estimatedAmount).toBe('558.00');

  // Approved: the shop's card shows the lines read only, with the supplement form.
  await admin.reload();
  await expect(admin.getByRole('form', { name: 'Estimate lines' })).toHaveCount(0);
  await expect(admin.getByRole('form', { name: 'Send supplement' })).toBeVisible();
  await shop.close();
});

test('the shop sends a supplement and the customer approves it on a phone', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
}) => {
  test.setTimeout(60_000);
  await login.customer('Olga');
  const estimate = await createEstimateViaApi(page.request);
  const adminApi = await newAdminRequest(playwright.request, baseURL ?? '');
  await approvedItemisedEstimate(adminApi, page.request, estimate.id);
  await adminApi.dispose();

  const shop = await newAdminPage(browser);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  const form = shop.page.getByRole('form', { name: 'Send supplement' });
  await form.getByLabel('Reason').fill('Teardown found a bent radiator support');
  await form.getByRole('button', { name: 'Add supplement line' }).click();
  await form.getByLabel('Supplement line 1 description').fill('Radiator support');
  await form.getByLabel('Supplement line 1 unit price').fill('200');
  await form.getByLabel('Supplement line 1 part type').selectOption('used');
  await form.getByRole('checkbox', { name: 'Photo 1' }).check();
  // 200 + 7% tax: the change the customer will be asked about.
  await expect(form.getByText('Change to the total: +$214.00')).toBeVisible();
  await form.getByRole('button', { name: 'Send supplement' }).click();
  await expect(shop.page.getByRole('article', { name: 'Supplement #1' })).toContainText(
    'Waiting for the customer’s answer',
  );
  await shop.close();

  // The shop's list flags it, and the flag fits beside the status on a phone.
  const phone = await newAdminPage(browser, 375);
  await phone.page.goto('/admin');
  const search = phone.page
    .getByRole('form', { name: 'Search estimates' })
    .getByLabel('Search', { exact: true });
  await search.fill(estimate.vehicle.licensePlate);
  await search.press('Enter');
  const row = phone.page.getByRole('listitem').filter({ hasText: estimate.vehicle.licensePlate });
  await expect(row.getByText('Supplement waiting')).toBeVisible();
  await expectNoSidewaysScroll(phone.page);
  await phone.close();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/estimate/${estimate.id}`);
  const request = page.getByRole('region', { name: 'Supplement #1: your approval is needed' });
  await expect(request).toContainText('Teardown found a bent radiator support');
  await expect(request).toContainText('Radiator support');
  await expect(request).toContainText('Used');
  await expect(request.getByRole('list', { name: 'Teardown photos' }).getByRole('listitem')).toHaveCount(1);
  await expect(request).toContainText('+$214.00');
  await expect(request).toContainText('$872.00');
  // It fits the phone: nothing wider than the screen.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);

  await request.getByRole('button', { name: 'Approve supplement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this supplement?' });
  await expect(dialog).toContainText('to $872.00');
  await dialog.getByRole('button', { name: 'Approve supplement' }).click();
  await expect(page.getByText('Thank you: the new total is $872.00.').first()).toBeVisible();
  await expect(request).toHaveCount(0);
  const detail = (await (await page.request.get(`/api/estimates/${estimate.id}`)).json()) as {
    approvedAmount: string;
    estimatedAmount: string;
  };
  expect(detail).toMatchObject({ approvedAmount: '872.00', estimatedAmount: '872.00' });
});

test('the shop records a consent given by phone', async ({ page, browser, playwright, baseURL, login }) => {
  await login.customer('Pia');
  const estimate = await createEstimateViaApi(page.request);
  const adminApi = await newAdminRequest(playwright.request, baseURL ?? '');
  await approvedItemisedEstimate(adminApi, page.request, estimate.id);
  await sendSupplementViaApi(adminApi, estimate.id, '200.00');
  await adminApi.dispose();

  const shop = await newAdminPage(browser);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  const supplement = shop.page.getByRole('article', { name: 'Supplement #1' });
  await supplement.getByRole('button', { name: 'Record customer’s answer' }).click();
  const form = supplement.getByRole('form', { name: 'Record the customer’s answer to supplement #1' });
  // The name is required: said next to the field.
  await form.getByRole('button', { name: 'Record answer' }).click();
  await expect(form.getByRole('alert')).toContainText('Enter the name of the person who gave the answer.');
  await form.getByLabel('Answer', { exact: true }).selectOption('approved');
  await form.getByLabel('Given').selectOption('phone');
  await form.getByLabel('Name of the person who answered').fill('Pia Lopez');
  await form.getByLabel('Note (optional)').fill('Called at 10:05, agreed to the used part.');
  await form.getByRole('button', { name: 'Record answer' }).click();
  await expect(supplement).toContainText('Approved by phone (Pia Lopez)');
  await shop.close();
});

test('completing with a pending supplement over the tolerance is refused with the consent message', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
}) => {
  await login.customer('Rita');
  const estimate = await createEstimateViaApi(page.request);
  const adminApi = await newAdminRequest(playwright.request, baseURL ?? '');
  await approvedItemisedEstimate(adminApi, page.request, estimate.id);
  const started = await adminApi.patch(`/api/estimates/${estimate.id}`, { data: { status: 'in_progress' } });
  expect(started.ok(), await started.text()).toBeTruthy();
  await sendSupplementViaApi(adminApi, estimate.id, '300.00');
  await adminApi.dispose();

  const shop = await newAdminPage(browser);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  const statusForm = shop.page.getByRole('form', { name: 'Update status' });
  await statusForm.getByLabel('Status', { exact: true }).selectOption('completed');
  await statusForm.getByRole('button', { name: 'Update Status' }).click();
  // Said in full next to the status, naming the supplement that waits.
  await expect(statusForm.getByRole('alert')).toContainText(
    "Supplement #1 (Teardown found a bent radiator support, $321.00) is waiting for the customer's consent",
  );
  await expect(shop.page.getByText('In Progress').first()).toBeVisible();
  await shop.close();
});
