import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { shopToday } from '#domain/drop-off-slots.ts';
import { LANGUAGE_COOKIE, type Language } from '#domain/language.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  isFullDropOffDay,
  makeJpeg,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
  scheduleDropOffViaApi,
  signInAsAdminViaApi,
  twoFrames,
  uploadPhotoViaApi,
} from './helpers.ts';

/**
 * axe-core over every screen, at a phone's and a desktop's width, and the customer's screens in both
 * languages: any serious or critical violation of WCAG 2.1 A/AA fails, with a list of what and where.
 * One sign-in per role; each screen is loaded once per language and checked at both widths in English
 * (the layout follows the width through CSS and media-query listeners, so a resize is a new width).
 * The second language is checked at the phone's width only: it changes the words, not the markup or
 * the styles, and the phone, where customers read it, is where its longer words wrap. Its colours are
 * the first pass's, so colour contrast (half of each check's time) is not measured again.
 */

// Each test makes its own customer and estimates: they may run on both workers at once, instead of
// one worker walking every screen group after the other.
test.describe.configure({ mode: 'parallel' });

const WIDTHS = [375, 1280];
/** The shop's own screens are English only (decision 054); the customer's and the public's speak both. */
const CUSTOMER_LANGUAGES: Language[] = ['en', 'es'];

/** A catalog text in the pass's language, for the prepare steps that click a named control. */
type Say = (id: string) => string;

interface Screen {
  name: string;
  path: string;
  /** Brings the screen to the state to check once loaded (opens a form, a tab…). */
  prepare?: (page: Page, say: Say) => Promise<void>;
}

const catalogs = new Map<string, Record<string, string>>();

function sayIn(language: Language): Say {
  return (id) => {
    const namespace = id.split('.')[0] ?? '';
    const file = `${language}/${namespace}`;
    let catalog = catalogs.get(file);
    if (!catalog) {
      const url = new URL(`../../src/client/i18n/locales/${file}.json`, import.meta.url);
      catalog = JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
      catalogs.set(file, catalog);
    }
    const text = catalog[id];
    if (text === undefined) throw new Error(`no ${id} in the ${language} catalog`);
    return text;
  };
}

/**
 * The language the next pages are in: a signed-in customer's account language (as the page's switch
 * sets it), else the visitor's cookie.
 */
async function switchLanguage(page: Page, language: Language): Promise<void> {
  const account = await page.request.patch('/api/auth/user', { data: { language } });
  if (account.ok()) return;
  expect(account.status(), await account.text()).toBe(401);
  const url = test.info().project.use.baseURL ?? '';
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url }]);
}

/**
 * The requests a page has in flight: counted from when it is watched, as Playwright reports them
 * (an answered, failed or aborted request is no longer in flight).
 */
function requestsInFlight(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => {
    inFlight += 1;
  });
  const done = () => {
    inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/**
 * Waits until the screen has drawn its data: no request in flight twice in a row a tenth of a second
 * apart, no loading spinner left. Playwright's `networkidle` waits for half a second without a request
 * after the last one, on each of the ~75 loads: a minute of the file's time spent idle.
 */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  let quietChecks = 0;
  await expect
    .poll(() => (quietChecks = inFlight() === 0 ? quietChecks + 1 : 0), { intervals: [100] })
    .toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Cargando)/ })).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
}

async function checkScreens(page: Page, screens: Screen[], languages: Language[] = ['en']): Promise<void> {
  const found: string[] = [];
  const inFlight = requestsInFlight(page);
  for (const language of languages) {
    if (languages.length > 1) await switchLanguage(page, language);
    const say = sayIn(language);
    const first = language === languages[0];
    const widths = first ? WIDTHS : WIDTHS.slice(0, 1);
    // Colour contrast, half of each check's time, was measured in the first language (see the top).
    const skipRules = first ? [] : ['color-contrast'];
    for (const screen of screens) {
      await page.setViewportSize(viewport(WIDTHS[0] ?? 375));
      await page.goto(screen.path);
      await settle(page, inFlight);
      await screen.prepare?.(page, say);
      for (const [index, width] of widths.entries()) {
        if (index > 0) {
          await page.setViewportSize(viewport(width));
          // The resize's media-query listeners render, then the layout settles.
          await twoFrames(page);
        }
        const where = `${screen.name} at ${width} px${languages.length > 1 ? ` in ${language}` : ''} (${screen.path})`;
        const violations = await seriousViolations(page, undefined, skipRules);
        found.push(...violations.map((violation) => `${where}: ${violation}`));
      }
    }
  }
  expect(found.length, `serious or critical accessibility violations:\n\n${found.join('\n\n')}\n`).toBe(0);
}

function viewport(width: number) {
  return { width, height: width < 640 ? 812 : 900 };
}

test('public pages have no serious accessibility violations', async ({ page, playwright, baseURL }) => {
  test.setTimeout(360_000);
  // Somebody else's submitted estimate, for the page a signed-out visitor sees after submitting.
  const someone = await newCustomerRequest(playwright.request, baseURL ?? '');
  const submitted = await createEstimateViaApi(someone);
  // The status link of it, as an e-mail or a text carries it (read signed out).
  const link = await someone.post(`/api/estimates/${submitted.id}/status-link`);
  expect(link.status(), await link.text()).toBe(201);
  const statusPath = new URL(((await link.json()) as { url: string }).url).pathname;
  await someone.dispose();

  await checkScreens(
    page,
    [
      { name: 'landing', path: '/' },
      { name: 'about', path: '/about' },
      { name: 'sign in', path: '/auth' },
      { name: 'register', path: '/auth?tab=register' },
      {
        name: 'forgot password',
        path: '/auth',
        prepare: async (current, say) => {
          await current.getByRole('button', { name: say('auth.login.forgot') }).click();
          await expect(current.getByRole('heading', { name: say('auth.forgot.title') })).toBeVisible();
        },
      },
      { name: 'set password (e-mailed link)', path: '/auth?token=not-a-real-token' },
      { name: 'photo workflow, signed out', path: '/photo-capture' },
      { name: 'submission, signed out', path: `/estimate/${submitted.id}/review` },
      { name: 'not found', path: '/no-such-page' },
      { name: 'status link', path: statusPath },
      { name: 'status link not valid', path: '/status/not-a-valid-link' },
      // What the service worker shows a navigation without network.
      { name: 'offline page', path: '/offline.html' },
    ],
    CUSTOMER_LANGUAGES,
  );
});

test('customer screens have no serious accessibility violations', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  test.setTimeout(300_000);
  await login.customer('Alma');

  // A new estimate with a conversation long enough to scroll, and an approved one with a balance.
  const fresh = await createEstimateViaApi(page.request, { make: 'Toyota', model: 'Camry', year: 2018 });
  for (let i = 1; i <= 8; i++) {
    const sent = await page.request.post(`/api/estimates/${fresh.id}/messages`, {
      data: { content: `Question ${i}: when can I bring the car in? The rear bumper is loose and rattles.` },
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
  }
  const approved = await createEstimateViaApi(page.request, { make: 'Subaru', model: 'Outback', year: 2021 });
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, approved.id);
  await admin.dispose();
  await approveEstimateViaApi(page.request, approved.id);

  await checkScreens(
    page,
    [
      { name: 'customer home', path: '/' },
      { name: 'dashboard', path: '/dashboard' },
      { name: 'estimate detail with messages', path: `/estimate/${fresh.id}` },
      { name: 'approved estimate detail', path: `/estimate/${approved.id}` },
      { name: 'signing the repair authorization', path: `/estimate/${approved.id}/authorize` },
      { name: 'submission', path: `/estimate/${fresh.id}/review` },
      { name: 'photo workflow', path: '/photo-capture' },
      { name: 'payment', path: `/payment?estimate=${approved.id}` },
      { name: 'payment success', path: `/payment-success?estimate=${approved.id}` },
      { name: 'about, signed in', path: '/about' },
    ],
    CUSTOMER_LANGUAGES,
  );
});

test('repair progress screens for the customer have no serious accessibility violations', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  test.setTimeout(300_000);
  await login.customer('Rosa');
  // One booked for its drop-off, one in the shop with stages, a progress photo and a moved promised date.
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  const booked = await createEstimateViaApi(page.request, { make: 'Mazda', model: 'CX-5', year: 2022 });
  const repairing = await createEstimateViaApi(page.request, { make: 'Ford', model: 'Escape', year: 2017 });
  for (const [estimate, slot] of [
    [booked, '08:00-10:00'],
    [repairing, '14:00-16:00'],
  ] as const) {
    await quoteEstimateViaApi(admin, estimate.id);
    await approveEstimateViaApi(page.request, estimate.id);
    await scheduleDropOffViaApi(admin, estimate.id, { date: nextWeekday(), slot });
  }
  await repairInProgress(admin, repairing.id);
  await admin.dispose();

  await checkScreens(
    page,
    [
      { name: 'booked estimate with its drop-off card', path: `/estimate/${booked.id}` },
      { name: 'repair in progress: timeline, photos, promised date', path: `/estimate/${repairing.id}` },
      {
        name: 'progress photo opened larger',
        path: `/estimate/${repairing.id}`,
        prepare: async (current) => {
          // The stage is the shop's own words: "Body repair" in either language.
          await current
            .getByRole('button', { name: /^(Open Body repair|Ampliar Reparación de carrocería): / })
            .first()
            .click();
          await expect(current.getByRole('dialog')).toBeVisible();
        },
      },
      { name: 'dashboard with a repair in progress', path: '/dashboard' },
    ],
    CUSTOMER_LANGUAGES,
  );
});

/** The shop moves the car in, records two stages (one with a photo) and promises a date, then moves it. */
async function repairInProgress(admin: APIRequestContext, id: string): Promise<void> {
  const started = await admin.post(`/api/admin/estimates/${id}/status`, { data: { status: 'in_progress' } });
  expect(started.ok(), await started.text()).toBeTruthy();
  const photo = await uploadPhotoViaApi(admin, await makeJpeg('#15803d'));
  for (const stage of [
    { stage: 'Parts ordered' },
    { stage: 'Body repair', note: 'Door skin replaced; primer tomorrow.', photos: [photo] },
  ]) {
    const added = await admin.post(`/api/estimates/${id}/stages`, { data: stage });
    expect(added.status(), await added.text()).toBe(201);
  }
  for (const change of [
    { promisedDate: nextWeekday() },
    { promisedDate: '2099-01-15', promisedDateReason: 'Waiting on a back-ordered door skin.' },
  ]) {
    const patched = await admin.patch(`/api/estimates/${id}`, { data: change });
    expect(patched.ok(), await patched.text()).toBeTruthy();
  }
}

/** The first day after today with every drop-off window open (Monday to Thursday). */
function nextWeekday(): string {
  const day = new Date(`${shopToday()}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (!isFullDropOffDay(day.toISOString().slice(0, 10)));
  return day.toISOString().slice(0, 10);
}

test('admin screens have no serious accessibility violations', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  test.setTimeout(300_000);
  // A new estimate with a message, and one booked for a drop-off (a pill on the calendars).
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Ines');
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  const fresh = await createEstimateViaApi(customer, { make: 'Ford', model: 'Escape', year: 2017 });
  await customer.post(`/api/estimates/${fresh.id}/messages`, {
    data: { content: 'Hello, the photos show the dent on the driver door.' },
  });
  const booked = await createEstimateViaApi(customer, { make: 'Mazda', model: 'CX-5', year: 2022 });
  await quoteEstimateViaApi(admin, booked.id);
  await approveEstimateViaApi(customer, booked.id);
  const dropOff = nextWeekday();
  await scheduleDropOffViaApi(admin, booked.id, { date: dropOff, slot: '10:00-12:00' });
  await customer.dispose();
  await admin.dispose();

  await login.admin();

  await checkScreens(page, [
    { name: 'admin estimates', path: '/admin' },
    { name: 'admin calendar tab', path: '/admin?tab=calendar' },
    { name: 'admin customers', path: '/admin?tab=customers' },
    { name: 'admin vehicles', path: '/admin?tab=vehicles' },
    { name: 'admin google', path: '/admin?tab=google' },
    { name: 'admin new estimate', path: `/admin/estimate/${fresh.id}` },
    { name: 'admin booked estimate', path: `/admin/estimate/${booked.id}` },
    { name: 'admin estimate not found', path: '/admin/estimate/NO-SUCH-PLATE' },
    { name: 'admin calendar', path: `/admin/calendar?month=${dropOff.slice(0, 7)}` },
    { name: 'staff estimate form', path: '/photo-capture' },
  ]);
});

test('itemised estimate screens have no serious accessibility violations', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
}) => {
  test.setTimeout(300_000);
  await login.customer('Ada');
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  const lines = [
    { kind: 'part', description: 'Door shell', quantity: 1, unitPrice: '640.00', partType: 'rebuilt' },
    { kind: 'labor', description: 'Hang and align door', quantity: 3.5, payer: 'insurance' },
    { kind: 'other', description: 'Detailing', quantity: 1, unitPrice: '95.00', optional: true },
  ];
  /** Lines, then the quote with the figures they make. */
  async function quoteWithLines(id: string) {
    const put = await admin.put(`/api/estimates/${id}/lines`, { data: { lines } });
    expect(put.ok(), await put.text()).toBeTruthy();
    const { estimatedAmount, customerDeductible, insuranceCoverage } = (await put.json()) as Record<
      string,
      string
    >;
    const quoted = await admin.post(`/api/admin/estimates/${id}/quote`, {
      data: { estimatedAmount, customerDeductible, insuranceCoverage },
    });
    expect(quoted.ok(), await quoted.text()).toBeTruthy();
  }
  const quoted = await createEstimateViaApi(page.request, { make: 'Kia', model: 'Soul', year: 2019 });
  await quoteWithLines(quoted.id);
  const supplemented = await createEstimateViaApi(page.request, {
    make: 'Jeep',
    model: 'Compass',
    year: 2020,
  });
  await quoteWithLines(supplemented.id);
  await approveEstimateViaApi(page.request, supplemented.id);
  const sent = await admin.post(`/api/estimates/${supplemented.id}/supplements`, {
    data: {
      reason: 'Teardown found a cracked hinge pillar',
      lines: [
        { kind: 'part', description: 'Hinge pillar', quantity: 1, unitPrice: '180.00', partType: 'used' },
      ],
      photos: supplemented.photos.slice(0, 1),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await admin.dispose();

  await checkScreens(
    page,
    [
      {
        name: 'itemised quote, an optional line unticked',
        path: `/estimate/${quoted.id}`,
        prepare: async (current) => {
          await current.getByRole('checkbox', { name: /Detailing/ }).uncheck();
        },
      },
      { name: 'supplement to answer', path: `/estimate/${supplemented.id}` },
      {
        name: 'supplement approval dialog',
        path: `/estimate/${supplemented.id}`,
        prepare: async (current, say) => {
          await current.getByRole('button', { name: say('estimate.supplement.approve') }).click();
          await expect(current.getByRole('dialog')).toBeVisible();
        },
      },
    ],
    CUSTOMER_LANGUAGES,
  );

  const shopContext = await browser.newContext();
  await signInAsAdminViaApi(shopContext.request);
  const shop = await shopContext.newPage();
  await checkScreens(shop, [
    {
      name: 'line editor with a line refused',
      path: `/admin/estimate/${quoted.id}`,
      prepare: async (current) => {
        await current.getByLabel('Line 1 quantity').fill('0');
        await current.getByRole('button', { name: 'Save lines' }).click();
        await expect(current.getByRole('group', { name: 'Line 1' }).getByRole('alert')).toBeVisible();
      },
    },
    {
      name: 'supplement form and recording an answer',
      path: `/admin/estimate/${supplemented.id}`,
      prepare: async (current) => {
        await current.getByRole('button', { name: 'Add supplement line' }).click();
        await current.getByRole('button', { name: 'Record customer’s answer' }).click();
        await expect(current.getByLabel('Name of the person who answered')).toBeVisible();
      },
    },
  ]);
  await shopContext.close();
});

test('repair progress screens for the shop have no serious accessibility violations', async ({
  page,
  playwright,
  baseURL,
  login,
}) => {
  // Five screens at two widths, the estimate desk three times over (its states): longer than the others.
  test.setTimeout(720_000);
  // A car in the shop with a stage for the customer (a photo), an internal one, and a moved promised date.
  const customer = await newCustomerRequest(playwright.request, baseURL ?? '', 'Rosa');
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  const car = await createEstimateViaApi(customer, { make: 'Subaru', model: 'Forester', year: 2020 });
  await quoteEstimateViaApi(admin, car.id);
  await approveEstimateViaApi(customer, car.id);
  const promised = nextWeekday();
  for (const data of [
    { status: 'in_progress' },
    { promisedDate: shopToday() },
    { promisedDate: promised, promisedDateReason: 'Waiting on a back-ordered bumper' },
  ]) {
    const changed = await admin.patch(`/api/estimates/${car.id}`, { data });
    expect(changed.ok(), await changed.text()).toBeTruthy();
  }
  const photo = await uploadPhotoViaApi(admin, await makeJpeg('#0369a1'));
  for (const data of [
    { stage: 'Parts ordered', note: 'Bumper cover ordered', photos: [photo] },
    { stage: 'Body repair', note: 'Frame pulled 3 mm', internal: true },
  ]) {
    const recorded = await admin.post(`/api/estimates/${car.id}/stages`, { data });
    expect(recorded.status(), await recorded.text()).toBe(201);
  }
  await customer.dispose();
  await admin.dispose();

  await login.admin();

  await checkScreens(page, [
    { name: 'admin estimate in progress', path: `/admin/estimate/${car.id}` },
    {
      name: 'admin promised date refused (no reason)',
      path: `/admin/estimate/${car.id}`,
      prepare: async (shop) => {
        const form = shop.getByRole('form', { name: 'Promised date' });
        await form.getByLabel('New promised date').fill(shopToday());
        await form.getByRole('button', { name: 'Move promised date' }).click();
        await expect(form.getByRole('alert')).toBeVisible();
      },
    },
    {
      name: 'admin progress photo dialog',
      path: `/admin/estimate/${car.id}`,
      prepare: async (shop) => {
        await shop.getByRole('button', { name: 'Add photo' }).click();
        await expect(shop.getByText('Take a photo or upload from your device')).toBeVisible();
      },
    },
    { name: 'admin estimates with a car in the shop', path: '/admin?status=in_progress' },
    { name: 'admin calendar with a car due out', path: `/admin/calendar?month=${promised.slice(0, 7)}` },
  ]);
});
