import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  newAdminRequest,
  quoteEstimateViaApi,
  recordApprovalViaApi,
} from './helpers.ts';

test.use({ viewport: { width: 375, height: 812 } });

const reference = (id: string) => id.slice(0, 8).toUpperCase();

test('a customer pays the $500.00 deductible in test mode: declined first, then paid once', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  // An approved $2,000.00 estimate with a $500.00 deductible.
  await login.customer('Paula');
  const estimate = await createEstimateViaApi(page.request, { make: 'Subaru', model: 'Outback', year: 2021 });
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id, {
    estimatedAmount: '2000.00',
    customerDeductible: '500.00',
    insuranceCoverage: '1500.00',
  });
  await recordApprovalViaApi(admin, estimate.id, 'Paula');

  // The amount is the server's: a client asking for $0.01 still gets the deductible.
  const tampered = await page.request.post('/api/create-payment-intent', {
    data: { estimateId: estimate.id, amount: 1 },
  });
  expect(tampered.ok(), await tampered.text()).toBeTruthy();
  expect((await tampered.json()).amount).toBe('500.00');

  await page.goto(`/payment?estimate=${estimate.id}`);
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await expect(page.getByText('2021 Subaru Outback')).toBeVisible();
  await expect(page.getByText('Your Payment Amount')).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText('$500.00');
  await expect(page.getByText(/This is the amount due for your repair\./)).toBeVisible();
  await expect(page.getByText(/set by the shop/)).toHaveCount(0);
  const pay = page.getByRole('button', { name: 'Pay $500.00' });
  await expect(pay).toBeVisible();

  // A declined card: the provider's message, and nothing paid.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  const form = page.getByRole('form', { name: 'Test card payment' });
  await expect(form.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\?estimate=/);

  // A mistyped number is caught before anything is sent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await pay.click();
  await expect(form.getByRole('alert')).toHaveText('Your card number is invalid.');

  // The test card that succeeds, clicked twice in a row.
  await page.getByLabel('Card number').fill('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await pay.dblclick();
  await expect(page).toHaveURL(
    new RegExp(`/payment-success\\?estimate=${estimate.id}&payment_intent=pi_test_[0-9a-f]{24}$`),
  );
  const intentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(`#${reference(estimate.id)}`)).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$500.00');
  await expect(page.getByText(intentId.slice(0, 20), { exact: true })).toBeVisible();
  await expect(page.getByText(intentId, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
  // Approved, not yet scheduled: the shop will call to schedule.
  await expect(page.getByText('Our team will contact you to schedule your repair.')).toBeVisible();
  for (const name of ['Go Home', 'View Estimate', 'View Dashboard']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }

  // The shop sees the same: $500.00 paid, nothing due, and the receipt note on the estimate.
  const shopView = await admin.get(`/api/estimates/${estimate.id}/payment-summary`);
  expect(await shopView.json()).toMatchObject({ amountPaid: '500.00', amountDue: '0.00' });
  const notes = (await (await admin.get(`/api/estimates/${estimate.id}/messages`)).json()) as {
    content: string;
  }[];
  expect(notes.filter((note) => note.content.startsWith('Payment received'))).toEqual([
    expect.objectContaining({
      content: 'Payment received: $500.00 (card ending 4242) - TEST MODE, no money was charged',
    }),
  ]);
  await admin.dispose();

  // A second payment is not offered.
  await page.goto(`/payment?estimate=${estimate.id}`);
  await expect(page.getByRole('heading', { name: 'No Payment Required' })).toBeVisible();
  await expect(page.getByText('This estimate is already paid.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  const again = await page.request.post('/api/create-payment-intent', { data: { estimateId: estimate.id } });
  expect(again.status()).toBe(409);

  // The estimate shows the payment, and 'Make Payment' is gone.
  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByText('Paid $500.00')).toBeVisible();
  await expect(page.getByRole('link', { name: /Make Payment/ })).toHaveCount(0);
});

test('the payment page explains why it cannot take a payment', async ({ page, login }) => {
  await login.customer('Omar');
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('No estimate specified for payment.')).toBeVisible();

  await page.goto('/payment?estimate=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Estimate Not Found' })).toBeVisible();

  // Submitted but not yet quoted or approved.
  const estimate = await createEstimateViaApi(page.request);
  await page.goto(`/payment?estimate=${estimate.id}`);
  await expect(page.getByRole('heading', { name: 'No Payment Required' })).toBeVisible();
  await expect(page.getByText("This estimate doesn't have a payment amount set.")).toBeVisible();
});

test('a completed repair with a balance due is paid online from the estimate page', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  await login.customer('Carmen');
  const estimate = await createEstimateViaApi(page.request, { make: 'Ford', model: 'Focus', year: 2018 });
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id, {
    estimatedAmount: '1800.00',
    customerDeductible: '500.00',
    insuranceCoverage: '1300.00',
  });
  // The shop finishes the repair before anything was paid: the "repair completed" e-mail asks for $500.00.
  // The customer said yes at the counter: the shop records that consent, then repairs.
  await recordApprovalViaApi(admin, estimate.id, 'Carmen');
  for (const status of ['in_progress', 'completed']) {
    const moved = await admin.patch(`/api/estimates/${estimate.id}`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }
  await admin.dispose();

  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByText('Completed').first()).toBeVisible();
  await page.getByRole('link', { name: 'Make Payment - $500.00' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText('$500.00');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $500.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$500.00');
  await expect(page.getByText(/Your repair is complete/)).toBeVisible();

  // Paid in full: no second payment, on the page or through the API.
  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByText('Paid $500.00')).toBeVisible();
  await expect(page.getByRole('link', { name: /Make Payment/ })).toHaveCount(0);
  const again = await page.request.post('/api/create-payment-intent', { data: { estimateId: estimate.id } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This estimate is already paid.');
});
