import type { APIRequestContext, Page } from '@playwright/test';
import { formatDropOffDate } from '#domain/drop-off-slots.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  expectNoSidewaysScroll,
  makeJpeg,
  newAdminRequest,
  quoteEstimateViaApi,
  signInAsAdminViaApi,
  uploadPhotoViaApi,
  withCheckDigit,
} from './helpers.ts';
import { mailsTo } from './mailbox.ts';
import { queuedPayloads } from './outbox-rows.ts';
import { runReminderJob } from './reminder-job.ts';

/**
 * A customer on a phone approves the quote, books a drop-off window on the estimate page, gets the
 * day-before reminder (e-mail and text), confirms from the text's link on a phone that never signed
 * in, moves the booking from the same page, and the shop's calendar shows the booking. The rules
 * (hours, capacity, the race for the last place, the day-before limit, the reminder once) are in
 * src/server/features/self-booking/*.test.ts.
 */

const PHONE = { typed: '(813) 555-0133', e164: '+18135550133' };

/** A request with "Text me updates" ticked, as the customer signed in on `request` sends it. */
async function requestWithTexts(request: APIRequestContext): Promise<string> {
  const photo = await uploadPhotoViaApi(request, await makeJpeg('#0f766e'));
  const plate = `SBK${String(Date.now()).slice(-6)}`;
  const created = await request.post('/api/estimates/batch-create', {
    data: {
      vehicleInfo: { year: '2022', make: 'Subaru', model: 'Forester', licensePlate: plate },
      photos: [photo],
      vinNumber: withCheckDigit(`JF2SKAEC0NH${String(Date.now()).slice(-6)}`),
      odometerReading: '21000',
      email: '',
      phone: PHONE.typed,
      smsOptIn: true,
      workDescription: 'Scrape along the passenger doors.',
      estimateType: 'cash',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { estimate: { id: string } }).estimate.id;
}

/**
 * The reminder's text as queued: sent at once by day, held for the morning in the quiet hours (the
 * outbox keeps the row either way), so the flow reads the same thing at any hour it runs.
 */
async function queuedReminderText(
  estimateId: string,
): Promise<{ to: string; updates: string[] } | undefined> {
  const rows = await queuedPayloads(estimateId, 'drop_off_reminder');
  return rows.find((row) => row.kind === 'sms')?.payload as { to: string; updates: string[] } | undefined;
}

/** Picks the first window still open in the picker (a taken one cannot be picked); its accessible name. */
async function pickWindow(page: Page, which: 'first' | 'last', except?: string): Promise<string> {
  const open = page.getByRole('radio', { disabled: false });
  await expect(open.first()).toBeAttached();
  const names = await open.evaluateAll((inputs) =>
    inputs.map((input) => input.getAttribute('aria-label') ?? ''),
  );
  const candidates = names.filter((name) => name !== except);
  const name = which === 'first' ? candidates[0] : candidates.at(-1);
  if (!name) throw new Error('no open window to pick');
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
  await expect(page.getByRole('radio', { name, exact: true })).toBeChecked();
  return name;
}

test('a customer books a drop-off at 375 px, confirms from the reminder, moves it, and the shop sees it', async ({
  page,
  login,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  await page.setViewportSize({ width: 375, height: 812 });
  const { email } = await login.customer('Sofia');
  const estimateId = await requestWithTexts(page.request);
  const admin = await newAdminRequest(playwright.request, origin);
  await quoteEstimateViaApi(admin, estimateId, {
    estimatedAmount: '1180.00',
    customerDeductible: '',
    insuranceCoverage: '',
  });

  // Approving brings the booking card; the customer picks the first open window and books it.
  await page.goto(`/estimate/${estimateId}`);
  await page.getByRole('button', { name: 'Approve Quote' }).click();
  await page.getByRole('button', { name: 'Approve $1,180.00' }).click();
  const booking = page.getByRole('region', { name: 'Book your drop-off' });
  await expect(booking).toBeVisible();
  const first = await pickWindow(page, 'first');
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page, '#book-drop-off')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('book-375.png'), fullPage: true });
  await booking.getByRole('button', { name: 'Book this time' }).click();
  const card = page.getByRole('region', { name: 'Your Drop-off' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pick another time' })).toBeVisible();
  const booked = (await (await page.request.get(`/api/estimates/${estimateId}/drop-off`)).json()) as {
    dropOff: { date: string; slot: string; slotLabel: string; bookedByCustomer: boolean };
  };
  expect(booked.dropOff.bookedByCustomer).toBe(true);
  expect(first).toBe(`${formatDropOffDate(booked.dropOff.date)}, ${booked.dropOff.slotLabel}`);
  await expect(card.getByText(formatDropOffDate(booked.dropOff.date))).toBeVisible();

  // The day before, at 11:30 AM at the shop, the reminder job runs: an e-mail and a text, each with both links.
  const dayBefore = new Date(Date.parse(`${booked.dropOff.date}T00:00:00Z`) - 86_400_000);
  const sent = await runReminderJob(origin, new Date(`${dayBefore.toISOString().slice(0, 10)}T15:30:00Z`));
  expect(sent).toBeGreaterThanOrEqual(1);
  await expect
    .poll(() => mailsTo(email).filter((mail) => mail.subject.startsWith('Reminder:')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const mail = mailsTo(email).find((m) => m.subject.startsWith('Reminder:'));
  expect(mail?.subject).toBe(`Reminder: your drop-off is tomorrow, ${booked.dropOff.slotLabel}`);
  // The confirm link names the booking it reminds of.
  expect(mail?.text).toMatch(/Yes, I'll be there: \S+\?confirm=[\w-]+/);
  expect(mail?.text).toMatch(/Pick another time: \S+\/drop-off\/\S+/);
  await expect
    .poll(async () => (await queuedReminderText(estimateId))?.to, { timeout: 20_000 })
    .toBe(PHONE.e164);
  const text = (await queuedReminderText(estimateId))?.updates.join('\n') ?? '';
  expect(text).toContain('Reminder: drop-off');
  expect(text).toContain('2022 Subaru Forester');
  const confirmLink = /Confirm: (\S+)/.exec(text)?.[1] ?? '';
  expect(confirmLink).toMatch(/\/drop-off\/[\w.-]+\?confirm=[\w-]+$/);

  // The phone that opens the text's link never signed in: the link confirms the booking.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const linkPage = await phone.newPage();
  const { pathname, search } = new URL(confirmLink);
  await linkPage.goto(`${pathname}${search}`);
  await expect(linkPage.getByRole('heading', { name: 'Your drop-off' })).toBeVisible();
  await expect(linkPage.getByRole('status')).toHaveText('Thank you, you confirmed. See you then!');
  const confirmed = (await (await admin.get(`/api/admin/estimates/${estimateId}/details`)).json()) as {
    appointment: { confirmedAt: string | null };
  };
  expect(confirmed.appointment.confirmedAt).not.toBeNull();
  await expectNoSidewaysScroll(linkPage);
  expect(await seriousViolations(linkPage)).toEqual([]);
  await linkPage.screenshot({ path: testInfo.outputPath('confirmed-375.png'), fullPage: true });

  // From the same page the customer moves the booking to another open window.
  await linkPage.getByRole('button', { name: 'Pick another time' }).click();
  const second = await pickWindow(linkPage, 'last', first);
  expect(await seriousViolations(linkPage)).toEqual([]);
  await linkPage.getByRole('button', { name: 'Move to this time' }).click();
  const [secondDay = '', secondTime = ''] = second.split(/, (?=\d{1,2}:\d{2} [AP]M - )/);
  await expect(linkPage.getByText(secondDay, { exact: true })).toBeVisible();
  await expect(linkPage.getByText(secondTime, { exact: true })).toBeVisible();
  await linkPage.screenshot({ path: testInfo.outputPath('moved-375.png'), fullPage: true });

  // The old reminder's "Yes, I'll be there" now confirms nothing: it says the time moved and shows it.
  await linkPage.goto(`${pathname}${search}`);
  await expect(
    linkPage.getByText(/This drop-off was moved after your reminder: it is now on /),
  ).toBeVisible();
  await expect(linkPage.getByText(secondDay, { exact: true })).toBeVisible();
  await expect(linkPage.getByRole('button', { name: "Yes, I'll be there" })).toBeVisible();
  const unconfirmed = (await (await admin.get(`/api/admin/estimates/${estimateId}/details`)).json()) as {
    appointment: { confirmedAt: string | null };
  };
  expect(unconfirmed.appointment.confirmedAt).toBeNull();
  await phone.close();

  const moved = (await (await admin.get(`/api/estimates/${estimateId}/drop-off`)).json()) as {
    dropOff: { date: string; slotLabel: string };
  };
  expect(`${formatDropOffDate(moved.dropOff.date)}, ${moved.dropOff.slotLabel}`).toBe(second);
  await admin.dispose();

  // The shop's calendar shows the booking on its new day, booked online.
  const shop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const shopPage = await shop.newPage();
  await signInAsAdminViaApi(shopPage.request);
  await shopPage.goto(`/admin/calendar?month=${moved.dropOff.date.slice(0, 7)}`);
  const pill = shopPage.getByRole('link', {
    name: new RegExp(`#${estimateId.slice(0, 8).toUpperCase()} Drop-off`),
  });
  await expect(pill).toBeVisible();
  await expect(pill).toContainText('Online');
  await shop.close();
});
