import type { Page } from '@playwright/test';
import { formatDropOffDate, shopToday } from '#domain/drop-off-slots.ts';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  CUSTOMER_PASSWORD,
  createEstimateViaApi,
  expectNoSidewaysScroll,
  isFullDropOffDay,
  newAdminPage,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
  scheduleDropOffViaApi,
} from './helpers.ts';

const reference = (id: string) => id.slice(0, 8).toUpperCase();

/** A Monday to Thursday 8 or more days ahead at the shop: every window bookable, whatever day the tests run. */
function weekdayAhead(offset = 8): string {
  const [year, month, day] = shopToday().split('-').map(Number) as [number, number, number];
  for (let add = offset; ; add++) {
    const date = new Date(Date.UTC(year, month - 1, day + add)).toISOString().slice(0, 10);
    if (isFullDropOffDay(date)) return date;
  }
}

/** The toast on screen with this title (one at a time). */
const toastTitled = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });

/** The customer's progress strip: which of the four steps are marked done. */
async function expectProgress(page: Page, done: string[]) {
  const strip = page.getByRole('list', { name: 'Repair progress' }).first();
  for (const step of ['Approved', 'In Progress', 'Finishing', 'Complete']) {
    await expect(strip.getByRole('listitem').filter({ hasText: step })).toContainText(
      done.includes(step) ? '(done)' : '(not yet)',
    );
  }
}

test('the shop quotes, the customer approves, the shop schedules and repairs; the customer follows each step', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000);
  await login.customer('Nadia');
  const estimate = await createEstimateViaApi(page.request, { make: 'Subaru', model: 'Outback', year: 2021 });
  const shop = await newAdminPage(browser, 1280);
  const admin = shop.page;

  // The shop opens the new estimate: who, what, the photos and an empty conversation.
  await admin.goto(`/admin/estimate/${estimate.id}`);
  await expect(admin.getByRole('heading', { name: `Estimate #${reference(estimate.id)}` })).toBeVisible();
  await expect(admin.getByText('Nadia Lopez')).toBeVisible();
  await expect(admin.getByText('2021 Subaru Outback')).toBeVisible();
  await expect(admin.getByText('45,210 miles')).toBeVisible();
  const firstPhoto = admin.getByRole('link', { name: 'Open damage photo 1 full size' });
  await expect(firstPhoto).toHaveAttribute('href', estimate.photos[0] ?? '');
  await expect(firstPhoto).toHaveAttribute('target', '_blank');
  await expect(admin.getByRole('link', { name: 'Open damage photo 2 full size' })).toBeVisible();
  await expect(admin.getByText('No messages yet')).toBeVisible();

  // A split that does not add up is refused with the spec's words; the live hint warns first.
  await admin.getByLabel('Total amount').fill('1250');
  await admin.getByLabel('Customer deductible').fill('500');
  await admin.getByLabel('Insurance coverage').fill('700');
  await expect(admin.getByText(/They must add up to the total/)).toBeVisible();
  await admin.getByRole('button', { name: 'Send Estimate' }).click();
  await expect(toastTitled(admin, 'Billing Error')).toContainText(
    'Customer deductible and insurance coverage must add up to the total estimate amount.',
  );
  await expect(admin.getByText('Pending', { exact: true }).first()).toBeVisible();

  // One cent off is within the tolerance.
  await admin.getByLabel('Insurance coverage').fill('750.01');
  await expect(admin.getByText(/matches the total/)).toBeVisible();
  await admin.getByRole('button', { name: 'Send Estimate' }).click();
  await expect(toastTitled(admin, 'Estimate Updated')).toBeVisible();
  await expect(admin.getByText('Quoted', { exact: true }).first()).toBeVisible();
  const history = admin.getByRole('list', { name: 'Communication history' });
  await expect(history).toContainText('Estimate provided: $1,250.00');
  await expect(history).toContainText('Your deductible: $500.00 · Insurance coverage: $750.01');

  // The customer sees the quote and the shop's message, and approves.
  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByText('$1,250.00').first()).toBeVisible();
  await expect(page.getByText(/Estimate provided: \$1,250\.00/)).toBeVisible();
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  await page.getByRole('button', { name: 'Approve $1,250.00' }).click();
  await expect(toastTitled(page, 'Estimate Approved')).toContainText(
    'Your estimate has been approved and work will begin soon.',
  );
  await page.goto('/dashboard');
  await expectProgress(page, ['Approved']);

  // The shop books the drop-off: both fields are required, then a weekday window.
  await admin.reload();
  await expect(admin.getByText('Approved', { exact: true }).first()).toBeVisible();
  await admin.getByRole('button', { name: 'Schedule Drop-off' }).click();
  await expect(admin.getByText('Please choose a drop-off time slot.')).toBeVisible();
  await expect(admin.getByText('Please enter drop-off instructions.')).toBeVisible();
  const date = weekdayAhead();
  await admin.getByLabel('Drop-off date').fill(date);
  await admin.getByLabel('Time slot').selectOption({ label: '10:00 AM - 12:00 PM' });
  await admin
    .getByLabel('Instructions for the customer')
    .fill('Park by the blue door; keys to the front desk.');
  await admin.getByRole('button', { name: 'Schedule Drop-off' }).click();
  await expect(admin.getByText(`Drop-off: ${formatDropOffDate(date)}, 10:00 AM - 12:00 PM`)).toBeVisible();
  await expect(admin.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Reschedule Appointment' })).toBeVisible();
  await expect(history).toContainText(`Drop-off scheduling: ${formatDropOffDate(date)}, 10:00 AM - 12:00 PM`);

  // The calendar shows it on that day.
  await admin.goto(`/admin/calendar?month=${date.slice(0, 7)}`);
  const day = admin.getByRole('cell').filter({ has: admin.locator(`time[datetime="${date}"]`) });
  await day.getByRole('link', { name: `#${reference(estimate.id)} Drop-off` }).click();
  await expect(admin).toHaveURL(`/admin/estimate/${estimate.id}`);

  // The customer reads the drop-off note.
  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByText(/Drop-off scheduling: /)).toBeVisible();
  // … in the conversation and on a drop-off card of its own.
  await expect(page.getByText('Park by the blue door; keys to the front desk.')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Your Drop-off' })).toContainText(
    'Park by the blue door; keys to the front desk.',
  );
  // Booked is past approved: the dashboard's strip keeps Approved marked.
  await page.goto('/dashboard');
  await expectProgress(page, ['Approved']);

  // The car is in: the repair starts (default note) …
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'In Progress' });
  await admin.getByRole('button', { name: 'Update Status' }).click();
  await expect(toastTitled(admin, 'Estimate Updated')).toContainText('Status changed to In Progress.');
  await expect(history).toContainText('Status changed to: In Progress');
  await page.goto('/dashboard');
  await expectProgress(page, ['Approved', 'In Progress']);

  // … and is finished (with the shop's own note).
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
  await admin.getByLabel('Note to the customer (optional)').fill('All done. Ready for pick-up after 3 PM.');
  await admin.getByRole('button', { name: 'Update Status' }).click();
  await expect(admin.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(history).toContainText('All done. Ready for pick-up after 3 PM.');
  await page.goto(`/estimate/${estimate.id}`);
  await expectProgress(page, ['Approved', 'In Progress', 'Finishing', 'Complete']);
  await expect(page.getByText('All done. Ready for pick-up after 3 PM.')).toBeVisible();
  await shop.close();
});

test('the desk records an approval only with the consent, and then offers no way back to Quoted', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Irene');
  const adminApi = await newAdminRequest(playwright.request, baseURL ?? '');
  const estimate = await createEstimateViaApi(customer, { photoColors: ['#0f766e'] });
  await quoteEstimateViaApi(adminApi, estimate.id);

  const shop = await newAdminPage(browser, 1280);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  const status = shop.page.getByLabel('Status', { exact: true });
  await status.selectOption({ label: 'Approved (record the customer’s consent)' });
  await shop.page.getByRole('button', { name: 'Update Status' }).click();
  const dialog = shop.page.getByRole('dialog', {
    name: `Record the customer’s approval of #${reference(estimate.id)}`,
  });
  await expect(dialog).toContainText('$1,250.00');
  // Cancelled, nothing is approved.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  const still = await adminApi.get(`/api/estimates/${estimate.id}`);
  expect(((await still.json()) as { status: string }).status).toBe('quoted');

  await shop.page.getByRole('button', { name: 'Update Status' }).click();
  await dialog.getByLabel('Consent given').selectOption({ label: 'In person' });
  await dialog.getByLabel('Name of the customer who approved').fill('Irene Customer');
  await dialog.getByRole('button', { name: 'Record approval of $1,250.00' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toastTitled(shop.page, 'Estimate Updated')).toContainText('Status changed to Approved.');
  const approved = (await (await adminApi.get(`/api/estimates/${estimate.id}`)).json()) as {
    status: string;
    approvals: { approvedAmount: string; consent: unknown }[];
  };
  expect(approved.status).toBe('approved');
  expect(approved.approvals).toEqual([
    expect.objectContaining({
      approvedAmount: '1250.00',
      consent: { method: 'in_person', name: 'Irene Customer', note: null },
    }),
  ]);
  // Approved: the card offers the repair's next steps and cancelling, never Pending, Quoted or Declined.
  const offered = await status.locator('option').allTextContents();
  expect(offered).toEqual(['Approved', 'Scheduled', 'In Progress', 'Completed', 'Cancelled']);
  await shop.close();
});

test('Reschedule Appointment asks first; confirmed, it frees the booking and tells the customer', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Rosa');
  const adminApi = await newAdminRequest(playwright.request, baseURL ?? '');
  const estimate = await createEstimateViaApi(customer, { photoColors: ['#0f766e'] });
  await quoteEstimateViaApi(adminApi, estimate.id);
  await approveEstimateViaApi(customer, estimate.id);
  const date = weekdayAhead(15);
  await scheduleDropOffViaApi(adminApi, estimate.id, { date, slot: '14:00-16:00' });
  const friendly =
    "We need to find a new drop-off time for your 2019 Honda Accord. We'll be in touch shortly, or reply here with a day that suits you.";

  const shop = await newAdminPage(browser, 1280);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  const booked = shop.page.getByText(`Drop-off: ${formatDropOffDate(date)}, 2:00 PM - 4:00 PM`);
  await expect(booked).toBeVisible();

  // Cancel keeps the booking.
  await shop.page.getByRole('button', { name: 'Reschedule Appointment' }).click();
  const dialog = shop.page.getByRole('dialog', { name: 'Cancel this drop-off?' });
  await expect(dialog).toContainText(`${formatDropOffDate(date)}, 2:00 PM - 4:00 PM`);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(booked).toBeVisible();
  const still = await adminApi.get(`/api/estimates/${estimate.id}`);
  expect(((await still.json()) as { status: string }).status).toBe('scheduled');

  // Confirming frees it.
  await shop.page.getByRole('button', { name: 'Reschedule Appointment' }).click();
  await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shop.page.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(shop.page.getByRole('list', { name: 'Communication history' })).toContainText(
    'Rescheduling requested by admin',
  );
  await expect(shop.page.getByText(/^Drop-off: /)).toHaveCount(0);
  await expect(shop.page.getByRole('button', { name: 'Reschedule Appointment' })).toHaveCount(0);
  await expect(shop.page.getByRole('button', { name: 'Schedule Drop-off' })).toBeVisible();

  const messages = await customer.get(`/api/estimates/${estimate.id}/messages`);
  const contents = ((await messages.json()) as { content: string }[]).map((m) => m.content);
  expect(contents).toContain(`Rescheduling requested by admin\n${friendly}`);

  // The customer's own thread reads the friendly words.
  const email = ((await (await customer.get('/api/auth/user')).json()) as { email: string }).email;
  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const signedIn = await customerContext.request.post('/api/login', {
    data: { email, password: CUSTOMER_PASSWORD },
  });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const customerPage = await customerContext.newPage();
  await customerPage.goto(`/estimate/${estimate.id}`);
  await expect(customerPage.getByRole('list', { name: 'Messages' })).toContainText(friendly);
  await customerContext.close();

  await shop.close();
  await customer.dispose();
  await adminApi.dispose();
});

test.describe('on a phone (375 px)', () => {
  test('the shop corrects a plate in place and finds estimates by plate', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Omar');
    const first = await createEstimateViaApi(customer, { photoColors: ['#a16207'] });
    const shop = await newAdminPage(browser, 375);
    const admin = shop.page;

    await admin.goto(`/admin/estimate/${first.id}`);
    await expect(admin.getByRole('heading', { name: `Estimate #${reference(first.id)}` })).toBeVisible();
    await expectNoSidewaysScroll(admin);

    // Empty is refused; Cancel keeps the old plate; Save stores the new one normalised (decision 064).
    await admin.getByRole('button', { name: 'Edit license plate' }).click();
    const plateInput = admin.getByLabel('License plate', { exact: true });
    await plateInput.fill('   ');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.getByText('License plate is required')).toBeVisible();
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await expect(admin.getByText(first.vehicle.licensePlate).first()).toBeVisible();

    const newPlate = `FX-${String(Date.now()).slice(-5)}`;
    await admin.getByRole('button', { name: 'Edit license plate' }).click();
    await plateInput.fill(newPlate.toLowerCase());
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastTitled(admin, 'Vehicle Updated')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Edit license plate' })).toBeVisible();
    await expect(admin.getByText(newPlate.replace('-', '')).first()).toBeVisible();

    // The plate (any case, without its dash) opens its only estimate under the estimate's id.
    await admin.goto(`/admin/estimate/${newPlate.replace('-', '').toLowerCase()}`);
    await expect(admin).toHaveURL(`/admin/estimate/${first.id}`);
    await expect(admin.getByRole('heading', { name: `Estimate #${reference(first.id)}` })).toBeVisible();

    // The car comes back: two estimates for the plate, newest first, to choose from.
    const second = await createEstimateViaApi(customer, { photoColors: ['#1e3a8a'], licensePlate: newPlate });
    await admin.goto(`/admin/estimate/${newPlate}`);
    await expect(
      admin.getByRole('heading', { name: `Estimates for plate ${newPlate.replace('-', '')}` }),
    ).toBeVisible();
    const choices = admin.getByRole('main').getByRole('link', { name: /^#/ });
    await expect(choices).toHaveCount(2);
    await expect(choices.first()).toContainText(`#${reference(second.id)}`);
    await expectNoSidewaysScroll(admin);
    await choices.nth(1).click();
    await expect(admin).toHaveURL(`/admin/estimate/${first.id}`);

    // Unknown plate, unknown id.
    await admin.goto('/admin/estimate/NO-SUCH-PLATE');
    await expect(admin.getByRole('heading', { name: 'Estimate not found' })).toBeVisible();
    await admin.goto('/admin/estimate/00000000-0000-4000-8000-000000000000');
    await expect(admin.getByRole('heading', { name: 'Estimate not found' })).toBeVisible();
    await admin.getByRole('link', { name: 'Back' }).click();
    await expect(admin).toHaveURL('/admin');
    await shop.close();
    await customer.dispose();
  });

  test('the shop adds a note the customer reads', async ({ browser, playwright, baseURL }) => {
    const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Ines');
    const estimate = await createEstimateViaApi(customer, { photoColors: ['#be185d'] });
    const shop = await newAdminPage(browser, 375);
    await shop.page.goto(`/admin/estimate/${estimate.id}`);
    await shop.page.getByRole('button', { name: 'Add Note' }).click();
    await expect(shop.page.getByText('Please write the note first.')).toBeVisible();
    await shop.page.getByLabel('Add Note (visible to customer)').fill('We will call you tomorrow morning.');
    await shop.page.getByRole('button', { name: 'Add Note' }).click();
    await expect(toastTitled(shop.page, 'Note Added')).toBeVisible();
    const history = shop.page.getByRole('list', { name: 'Communication history' });
    await expect(history).toContainText('Lakeside Family Collision');
    await expect(history).not.toContainText('Admin');
    await expect(history).toContainText('We will call you tomorrow morning.');
    await expect(shop.page.getByLabel('Add Note (visible to customer)')).toHaveValue('');
    const messages = await customer.get(`/api/estimates/${estimate.id}/messages`);
    expect(await messages.json()).toMatchObject([
      { content: 'We will call you tomorrow morning.', isFromAdmin: true },
    ]);
    await shop.close();
    await customer.dispose();
  });
});

test('the scheduler shows full windows as taken, and a window filled meanwhile is refused', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Nadia');
  const adminApi = await newAdminRequest(playwright.request, baseURL ?? '');
  const approved = async () => {
    const estimate = await createEstimateViaApi(customer, { photoColors: ['#7c3aed'] });
    await quoteEstimateViaApi(adminApi, estimate.id);
    await approveEstimateViaApi(customer, estimate.id);
    return estimate;
  };
  const [first, second, third] = [await approved(), await approved(), await approved()];
  const date = weekdayAhead(29);
  await scheduleDropOffViaApi(adminApi, first.id, { date, slot: '08:00-10:00' });
  await scheduleDropOffViaApi(adminApi, second.id, { date, slot: '08:00-10:00' });

  const shop = await newAdminPage(browser, 1280);
  const page = shop.page;
  await page.goto(`/admin/estimate/${third.id}`);
  await page.getByLabel('Drop-off date').fill(date);
  const slot = page.getByLabel('Time slot');
  const early = slot.getByRole('option', { name: '8:00 AM - 10:00 AM (Full)' });
  await expect(early).toBeDisabled();
  await expect(slot.getByRole('option', { name: '10:00 AM - 12:00 PM', exact: true })).toBeEnabled();
  await expect(slot.getByRole('option', { name: '2:00 PM - 4:00 PM', exact: true })).toBeEnabled();
  await expect(slot).toHaveAccessibleDescription('Full on this day: 8:00 AM - 10:00 AM.');

  // The form holds 10:00 while the other two cars are moved there: the server refuses the third.
  await slot.selectOption('10:00-12:00');
  await page.getByLabel('Instructions for the customer').fill('Front lot, keys to the desk.');
  await scheduleDropOffViaApi(adminApi, first.id, { date, slot: '10:00-12:00' });
  await scheduleDropOffViaApi(adminApi, second.id, { date, slot: '10:00-12:00' });
  await page.getByRole('button', { name: 'Schedule Drop-off' }).click();
  await expect(slot).toHaveAccessibleDescription('That drop-off slot is full. Please choose another time.');
  await expect(slot.getByRole('option', { name: '10:00 AM - 12:00 PM (Full)' })).toBeDisabled();
  await expect(slot.getByRole('option', { name: '8:00 AM - 10:00 AM', exact: true })).toBeEnabled();
  const still = await adminApi.get(`/api/estimates/${third.id}`);
  expect(((await still.json()) as { status: string }).status).toBe('approved');

  // A window with room books.
  await slot.selectOption('08:00-10:00');
  await page.getByRole('button', { name: 'Schedule Drop-off' }).click();
  await expect(page.getByText(`Drop-off: ${formatDropOffDate(date)}, 8:00 AM - 10:00 AM`)).toBeVisible();

  await shop.close();
  await customer.dispose();
  await adminApi.dispose();
});

test('at 1280 px the admin pages line up with the header', async ({ browser, playwright, baseURL }) => {
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Ivy');
  const estimate = await createEstimateViaApi(customer, { photoColors: ['#0369a1'] });
  const shop = await newAdminPage(browser, 1280);
  for (const path of ['/admin', '/admin/calendar', `/admin/estimate/${estimate.id}`]) {
    await shop.page.goto(path);
    await expect(shop.page.getByRole('heading', { level: 1 })).toBeVisible();
    // The navigation bar's code and words load beside the page's; a placeholder holds its place.
    await expect(shop.page.locator('header > div')).toBeVisible();
    const edges = await shop.page.evaluate(() => {
      const contentBox = (element: Element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return [
          box.left + Number.parseFloat(style.paddingLeft),
          box.right - Number.parseFloat(style.paddingRight),
        ];
      };
      const bar = document.querySelector('header > div');
      const main = document.querySelector('main');
      return { header: bar ? contentBox(bar) : null, main: main ? contentBox(main) : null };
    });
    expect(edges.main, path).toEqual(edges.header);
  }
  await shop.close();
  await customer.dispose();
});
