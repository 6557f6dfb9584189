import { formatDropOffDate, isWeekday, shopToday } from '#domain/drop-off-slots.ts';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  expectNoSidewaysScroll,
  makeJpeg,
  newAdminRequest,
  quoteEstimateViaApi,
  scheduleDropOffViaApi,
  timelineTitles,
  uploadPhotoViaApi,
} from './helpers.ts';

/**
 * Issue 17, the customer's side: a customer follows a repair on a phone from the booked drop-off to
 * the pick-up. The shop's side is driven through the API as staff.
 */

test.use({ viewport: { width: 375, height: 812 } });

/** A day `offset` days after today at the shop, moved on to a weekday when `weekday` is asked. */
function dayAhead(offset: number, weekday = false): string {
  const [year, month, day] = shopToday().split('-').map(Number) as [number, number, number];
  for (let add = offset; ; add++) {
    const date = new Date(Date.UTC(year, month - 1, day + add)).toISOString().slice(0, 10);
    if (!weekday || isWeekday(date)) return date;
  }
}

test('a customer follows the repair from drop-off to pick-up on a phone', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  test.setTimeout(120_000);
  await login.customer('Rosa');
  const estimate = await createEstimateViaApi(page.request, { make: 'Toyota', model: 'RAV4', year: 2020 });
  const shop = await newAdminRequest(playwright.request, baseURL ?? '');
  const asShop = (path: string) => `/api/estimates/${estimate.id}${path}`;

  // Quoted, approved by the customer, and the drop-off booked.
  await quoteEstimateViaApi(shop, estimate.id);
  await approveEstimateViaApi(page.request, estimate.id);
  const dropOffDate = dayAhead(3, true);
  await scheduleDropOffViaApi(shop, estimate.id, {
    date: dropOffDate,
    slot: '08:00-10:00',
    instructions: 'Park by the blue door; keys to the front desk.',
  });

  // The drop-off is a card of its own, first among the repair's cards, with the calendar file.
  await page.goto(`/estimate/${estimate.id}`);
  const dropOff = page.getByRole('region', { name: 'Your Drop-off' });
  await expect(dropOff).toContainText(formatDropOffDate(dropOffDate));
  await expect(dropOff).toContainText('8:00 AM - 10:00 AM');
  await expect(dropOff).toContainText(DEFAULT_SHOP.street);
  await expect(dropOff).toContainText('Park by the blue door; keys to the front desk.');
  const calendarLink = dropOff.getByRole('link', { name: 'Add to calendar' });
  await expect(calendarLink).toHaveAttribute('href', `/api/estimates/${estimate.id}/drop-off.ics`);
  await expect(calendarLink).toHaveAttribute('download', '');
  const calendar = await page.request.get((await calendarLink.getAttribute('href')) ?? '');
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  const ics = (await calendar.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('Park by the blue door\\; keys to the front desk.');
  // The steps so far, newest first, as the rest of the app names the statuses.
  expect(await timelineTitles(page, 'Repair timeline')).toEqual([
    'Scheduled Status (latest)',
    'Approved Status',
    'Quoted Status',
    'Pending Status',
  ]);
  await expectNoSidewaysScroll(page);

  // Booked is past approved: the dashboard's strip keeps Approved marked.
  await page.goto('/dashboard');
  const strip = page.getByRole('list', { name: 'Repair progress' });
  await expect(strip.getByText('Approved (done)')).toBeVisible();
  await expect(strip.getByText('In Progress (not yet)')).toBeVisible();

  // The car is in; the shop records its stages, one with a note and a photo, one for itself only.
  const started = await shop.post(`/api/admin/estimates/${estimate.id}/status`, {
    data: { status: 'in_progress' },
  });
  expect(started.ok(), await started.text()).toBeTruthy();
  const photo = await uploadPhotoViaApi(shop, await makeJpeg('#15803d', 800, 600));
  const stages = [
    { stage: 'Parts ordered' },
    { stage: 'Body repair', note: 'Bumper pulled straight; primer goes on tomorrow.', photos: [photo] },
    { stage: 'Paint', note: 'Booth 2 filter needs changing first.', internal: true },
  ];
  for (const stage of stages) {
    const added = await shop.post(asShop('/stages'), { data: stage });
    expect(added.status(), await added.text()).toBe(201);
  }
  // A promised date, then moved with the reason the customer reads.
  const firstPromise = dayAhead(10);
  const secondPromise = dayAhead(14);
  const promised = await shop.patch(asShop(''), { data: { promisedDate: firstPromise } });
  expect(promised.ok(), await promised.text()).toBeTruthy();
  const moved = await shop.patch(asShop(''), {
    data: { promisedDate: secondPromise, promisedDateReason: 'Waiting on a back-ordered bumper.' },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();

  await page.goto(`/estimate/${estimate.id}`);
  const progress = page.getByRole('region', { name: 'Repair Progress', exact: true });
  await expect(progress.getByText(formatDropOffDate(secondPromise), { exact: true })).toBeVisible();
  await expect(progress.getByRole('list', { name: 'Promised date changes' })).toContainText(
    `Moved from ${formatDropOffDate(firstPromise)} to ${formatDropOffDate(secondPromise)}`,
  );
  await expect(progress).toContainText('Waiting on a back-ordered bumper.');
  expect(await timelineTitles(page, 'Repair timeline')).toEqual([
    'Body repair Repair stage (latest)',
    'Parts ordered Repair stage',
    'In Progress Status',
    'Scheduled Status',
    'Approved Status',
    'Quoted Status',
    'Pending Status',
  ]);
  await expect(progress).toContainText('Bumper pulled straight; primer goes on tomorrow.');
  // The shop's internal stage never reaches the customer.
  await expect(progress).not.toContainText('Paint');
  await expect(progress).not.toContainText('Booth 2');

  // The progress photo: a thumbnail that opens larger.
  const thumbnail = progress.getByRole('button', { name: 'Open Body repair: photo 1 of 1 larger' });
  await expect(thumbnail.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Body repair: photo 1 of 1' });
  const large = viewer.getByRole('img', { name: 'Body repair: photo 1 of 1' });
  await expect(large).toHaveAttribute('src', photo);
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await expect(viewer.getByRole('link', { name: /Open full size/ })).toHaveAttribute('href', photo);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // The car is in the shop: the drop-off stays on record, without the calendar link.
  const keptDropOff = page.getByRole('region', { name: 'Drop-off', exact: true });
  await expect(keptDropOff).toContainText(formatDropOffDate(dropOffDate));
  await expect(keptDropOff.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  await page.goto('/dashboard');
  await expect(strip.getByText('In Progress (done)')).toBeVisible();

  // Ready for pick-up, then completed.
  const ready = await shop.post(asShop('/stages'), { data: { stage: 'Ready for pickup' } });
  expect(ready.status(), await ready.text()).toBe(201);
  const completed = await shop.post(`/api/admin/estimates/${estimate.id}/status`, {
    data: { status: 'completed' },
  });
  expect(completed.ok(), await completed.text()).toBeTruthy();
  await shop.dispose();

  await page.goto(`/estimate/${estimate.id}`);
  // Completing it tells the customer the car is ready (the notice storage is counted from).
  expect((await timelineTitles(page, 'Repair timeline')).slice(0, 4)).toEqual([
    'Told the car is ready for pickup Notice (latest)',
    'Completed Status',
    'Ready for pickup Repair stage',
    'Body repair Repair stage',
  ]);
  await expect(page.getByRole('region', { name: 'Repair Progress' })).toContainText(
    formatDropOffDate(secondPromise),
  );
  // Picked up: the drop-off no longer matters.
  await expect(page.getByRole('region', { name: /Drop-off/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
