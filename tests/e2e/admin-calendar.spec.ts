import type { Browser, Page } from '@playwright/test';
import { dayLabel, monthLabel, shiftMonth, shopMonth } from '#domain/calendar.ts';
import { shopToday } from '#domain/drop-off-slots.ts';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  isFullDropOffDay,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
  type SeededEstimate,
  scheduleDropOffViaApi,
  signInAsAdminViaApi,
} from './helpers.ts';

const reference = (id: string) => id.slice(0, 8).toUpperCase();

/** A Monday to Thursday next month (every drop-off window open that day), so the booking is always ahead. */
function nextMonthWeekday(): { month: string; date: string } {
  const month = shiftMonth(shopMonth(), 1);
  for (let day = 17; ; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (isFullDropOffDay(date)) return { month, date };
  }
}

let scheduled: SeededEstimate;
let waiting: SeededEstimate;
const dropOff = nextMonthWeekday();

test.beforeAll(async ({ playwright, baseURL }) => {
  // One customer with two estimates: one booked for a drop-off next month, one approved without a date.
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Carla');
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  scheduled = await createEstimateViaApi(customer, {
    make: 'Mazda',
    model: 'CX-5',
    year: 2022,
    photoColors: ['#0f766e'],
  });
  waiting = await createEstimateViaApi(customer, {
    make: 'Ford',
    model: 'Escape',
    year: 2018,
    photoColors: ['#7c3aed'],
  });
  for (const estimate of [scheduled, waiting]) {
    await quoteEstimateViaApi(admin, estimate.id);
    await approveEstimateViaApi(customer, estimate.id);
  }
  // The afternoon: admin-estimate.spec.ts fills the morning windows of a day that can be this one.
  await scheduleDropOffViaApi(admin, scheduled.id, { date: dropOff.date, slot: '14:00-16:00' });
  await customer.dispose();
  await admin.dispose();
});

/**
 * The shop's browser, signed in as the e2e admin, at a given width. The browser's own time zone is far
 * from Florida: the page must still show the shop's days and today.
 */
async function shopPage(
  browser: Browser,
  width: number,
  timezoneId: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 640 ? 812 : 900 },
    timezoneId,
  });
  await signInAsAdminViaApi(context.request);
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('on a desktop (1280 px)', () => {
  test('the drop-off sits on its day with its slot and opens the estimate; months go back and forth', async ({
    browser,
  }) => {
    const { page, close } = await shopPage(browser, 1280, 'Pacific/Kiritimati');
    await page.goto(`/admin/calendar?month=${dropOff.month}`);
    await expect(page.getByRole('heading', { name: 'Scheduled Drop-offs', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: monthLabel(dropOff.month) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    for (const weekday of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) {
      await expect(page.getByRole('columnheader', { name: weekday, exact: true })).toBeVisible();
    }
    const counters = page.getByRole('region', { name: 'Drop-off counters' });
    for (const counter of ['Total Scheduled', 'This Month', 'Approved']) {
      await expect(counters.getByText(counter, { exact: true })).toBeVisible();
    }
    expect(Number(await page.getByTestId('counter-this-month').textContent())).toBeGreaterThanOrEqual(1);

    // On its drop-off day, with its slot; at least 120 px tall.
    const day = page.getByRole('cell').filter({ has: page.locator(`time[datetime="${dropOff.date}"]`) });
    const link = day.getByRole('link', { name: `#${reference(scheduled.id)} Drop-off` });
    await expect(link).toBeVisible();
    await expect(link).toContainText(/2:00\sPM - 4:00\sPM/);
    expect((await day.boundingBox())?.height).toBeGreaterThanOrEqual(120);

    // Approved without a date: listed apart, not on the grid.
    const apart = page.getByRole('region', { name: 'Approved – not yet scheduled' });
    await expect(apart.getByRole('link', { name: new RegExp(`#${reference(waiting.id)}`) })).toHaveAttribute(
      'href',
      `/admin/estimate/${waiting.id}`,
    );
    await expect(page.getByRole('table').getByText(`#${reference(waiting.id)}`)).toHaveCount(0);

    // Back to this month: the URL follows and today is highlighted.
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByRole('heading', { name: monthLabel(shopMonth()) })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?month=${shopMonth()}$`));
    const today = page.locator('[aria-current="date"]:visible');
    await expect(today).toHaveCount(1);
    await expect(today.locator(`time[datetime="${shopToday()}"]`)).toBeVisible();
    await expect(page.getByRole('link', { name: `#${reference(scheduled.id)} Drop-off` })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('heading', { name: monthLabel(dropOff.month) })).toBeVisible();
    await page.getByRole('link', { name: `#${reference(scheduled.id)} Drop-off` }).click();
    await expect(page).toHaveURL(`/admin/estimate/${scheduled.id}`);
    await close();
  });
});

test.describe('on a phone (375 px)', () => {
  test('a compact month leads to the day list, whose entry opens the estimate', async ({ browser }) => {
    const { page, close } = await shopPage(browser, 375, 'Pacific/Pago_Pago');
    await page.goto(`/admin/calendar?month=${dropOff.month}`);
    await expect(page.getByRole('heading', { name: monthLabel(dropOff.month) })).toBeVisible();

    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page
      .getByRole('link', { name: new RegExp(`^${dayLabel(dropOff.date)}: \\d+ drop-offs?$`) })
      .click();
    const list = page.getByRole('region', { name: dayLabel(dropOff.date) });
    const entry = list.getByRole('link', { name: `#${reference(scheduled.id)} Drop-off` });
    await expect(entry).toBeInViewport();
    await expect(entry).toContainText('2:00 PM - 4:00 PM');
    await expect(entry).toContainText('Carla Lopez');

    // The waiting estimate is listed apart here too.
    await expect(page.getByRole('link', { name: new RegExp(`#${reference(waiting.id)}`) })).toBeVisible();

    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByRole('heading', { name: monthLabel(shopMonth()) })).toBeVisible();
    await expect(page.locator('[aria-current="date"]:visible')).toHaveCount(1);
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('heading', { name: monthLabel(dropOff.month) })).toBeVisible();

    await entry.click();
    await expect(page).toHaveURL(`/admin/estimate/${scheduled.id}`);
    await close();
  });
});
