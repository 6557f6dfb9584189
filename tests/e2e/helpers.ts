import {
  type APIRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import sharp from 'sharp';
import { DROP_OFF_SLOTS, openWindowsOn, WEEKLY_HOURS_ONLY } from '#domain/drop-off-slots.ts';
import { vinCheckDigit } from '#domain/vin.ts';

export const ADMIN = { email: 'owner@e2e.test', password: 'owner-pass-1993' };

/**
 * Monday to Thursday: a day with every drop-off window open (Friday closes at 1:00 PM, so it has no
 * 2:00 PM window; weekends are closed). Holidays are off in the flows' server (scripts/e2e-server.mjs).
 */
export function isFullDropOffDay(date: string): boolean {
  return openWindowsOn(date, WEEKLY_HOURS_ONLY).length === DROP_OFF_SLOTS.length;
}

/** The password of every customer the tests make. */
export const CUSTOMER_PASSWORD = 'sunshine93';

/**
 * This test worker's number: the workers run side by side against one server, so names made from
 * the clock alone could meet.
 */
const WORKER = process.env.TEST_WORKER_INDEX ?? '0';

let counter = 0;
/** A new customer e-mail per call, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-w${WORKER}-${counter}@e2e.test`;
}

/**
 * Registers a new customer through the API, which signs `request` in as them: for a page,
 * `page.request` or its context's `request`, which share the browser's cookies.
 */
export async function registerViaApi(
  request: APIRequestContext,
  { firstName = 'Maria', email = uniqueEmail() }: { firstName?: string; email?: string } = {},
): Promise<{ email: string; firstName: string }> {
  const response = await request.post('/api/register', {
    data: { email, password: CUSTOMER_PASSWORD, firstName, lastName: 'Lopez' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, firstName };
}

/** Waits two frames: a change (a resize, a scroll) has rendered, then the layout has settled. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Signs `request` in as the e2e admin (scripts/e2e-server.mjs makes the account). */
export async function signInAsAdminViaApi(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBeTruthy();
}

export async function registerCustomer(page: Page, firstName = 'Maria', email = uniqueEmail()) {
  await page.goto('/auth?tab=register');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${firstName}!` })).toBeVisible();
  return email;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function logout(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  // The app posts /api/logout, then loads the home page afresh: wait for that load, not just the URL
  // (the page may already be at /).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await reloaded;
  await page.waitForURL('/');
}

/** A small real JPEG of one colour (the server checks photos by their content). */
export function makeJpeg(color = '#b91c1c', width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Uploads one photo as the user signed in on `request`, as the app does; returns its photo URL. */
export async function uploadPhotoViaApi(
  request: APIRequestContext,
  bytes: Buffer,
  contentType = 'image/jpeg',
): Promise<string> {
  const ticketResponse = await request.post('/api/objects/upload');
  expect(ticketResponse.status(), await ticketResponse.text()).toBe(200);
  const ticket = (await ticketResponse.json()) as { uploadURL: string; photoURL: string };
  const put = await request.put(ticket.uploadURL, { data: bytes, headers: { 'Content-Type': contentType } });
  expect(put.ok(), await put.text()).toBeTruthy();
  return ticket.photoURL;
}

export interface SeededEstimate {
  id: string;
  photos: string[];
  thumbnails: string[];
  vehicle: { year: number; make: string; model: string; licensePlate: string; vin: string };
}

let plateCounter = 0;
/**
 * Creates an estimate with real photos through POST /api/estimates/batch-create, as the customer
 * signed in on `request` (for a page: `page.request`, which shares the page's session).
 */
export async function createEstimateViaApi(
  request: APIRequestContext,
  {
    photoColors = ['#b91c1c', '#1d4ed8'],
    make = 'Honda',
    model = 'Accord',
    year = 2019,
    description = 'Rear bumper dented in a parking lot.',
    licensePlate: plate,
    vin: givenVin,
  }: {
    photoColors?: string[];
    make?: string;
    model?: string;
    year?: number;
    description?: string;
    /** A plate of its own by default; pass one to give a second estimate the same car. */
    licensePlate?: string;
    /**
     * One of its own by default (with a given plate: a fixed one, as for the same car). The server
     * files a customer's request under their car with the same VIN (decision 064).
     */
    vin?: string;
  } = {},
): Promise<SeededEstimate> {
  const photos: string[] = [];
  for (const color of photoColors) photos.push(await uploadPhotoViaApi(request, await makeJpeg(color)));
  plateCounter += 1;
  // At most 15 characters; fixed widths, so that no plate is the start of another.
  const licensePlate =
    plate ??
    `E2E${WORKER.padStart(2, '0')}${String(Date.now()).slice(-4)}${String(plateCounter).padStart(3, '0')}`;
  // 17 characters: the plate's 12 after a maker's prefix, with the check digit the server asks for.
  const vin = givenVin ?? (plate ? '1HGCV1F35KA000001' : withCheckDigit(`1HGCV${licensePlate.slice(-12)}`));
  const response = await request.post('/api/estimates/batch-create', {
    data: {
      vehicleInfo: { year: String(year), make, model, licensePlate },
      photos,
      vinNumber: vin,
      odometerReading: '45210',
      email: '',
      phone: '(813) 555-0100',
      insuranceCompany: '',
      workDescription: description,
      estimateType: 'cash',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { estimate } = (await response.json()) as { estimate: Omit<SeededEstimate, 'vehicle'> };
  return { ...estimate, vehicle: { year, make, model, licensePlate, vin } };
}

/** The VIN with its 9th character made the check digit the rest asks for (src/domain/vin.ts). */
export function withCheckDigit(vin: string): string {
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** A separate API session signed in as the e2e admin; dispose it when done. */
export async function newAdminRequest(apiRequest: APIRequest, baseURL: string): Promise<APIRequestContext> {
  const admin = await apiRequest.newContext({ baseURL });
  await signInAsAdminViaApi(admin);
  return admin;
}

/** The shop quotes an estimate: amounts first, then status quoted (as the admin page does). */
export async function quoteEstimateViaApi(
  admin: APIRequestContext,
  estimateId: string,
  amounts = { estimatedAmount: '1250.00', customerDeductible: '500.00', insuranceCoverage: '750.00' },
): Promise<void> {
  const priced = await admin.patch(`/api/estimates/${estimateId}`, { data: amounts });
  expect(priced.ok(), await priced.text()).toBeTruthy();
  const quoted = await admin.patch(`/api/estimates/${estimateId}`, { data: { status: 'quoted' } });
  expect(quoted.ok(), await quoted.text()).toBeTruthy();
}

/** A new customer signed in on a separate API session (no browser page); dispose it when done. */
export async function newCustomerRequest(
  apiRequest: APIRequest,
  baseURL: string,
  firstName = 'Maria',
): Promise<APIRequestContext> {
  const customer = await apiRequest.newContext({ baseURL });
  await registerViaApi(customer, { firstName });
  return customer;
}

/**
 * The customer approves the quoted estimate, as the estimate page's Approve button does: naming the
 * total they see (expectedAmount), which the server checks against the estimate's.
 */
export async function approveEstimateViaApi(customer: APIRequestContext, estimateId: string): Promise<void> {
  const shown = await customer.get(`/api/estimates/${estimateId}`);
  expect(shown.ok(), await shown.text()).toBeTruthy();
  const { estimatedAmount } = (await shown.json()) as { estimatedAmount: string | null };
  const approved = await customer.patch(`/api/estimates/${estimateId}`, {
    data: { status: 'approved', ...(estimatedAmount ? { expectedAmount: estimatedAmount } : {}) },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
}

/**
 * The shop records the customer's approval given by phone: staff approve only with the customer's
 * consent (docs/decisions/059).
 */
export async function recordApprovalViaApi(
  admin: APIRequestContext,
  estimateId: string,
  customerName = 'Paula Customer',
): Promise<void> {
  const approved = await admin.patch(`/api/estimates/${estimateId}`, {
    data: { status: 'approved', consent: { method: 'phone', name: customerName } },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
}

/** The shop books the drop-off of an approved estimate (it becomes scheduled). */
export async function scheduleDropOffViaApi(
  admin: APIRequestContext,
  estimateId: string,
  booking: { date: string; slot: string; instructions?: string },
): Promise<void> {
  const response = await admin.post(`/api/admin/estimates/${estimateId}/schedule`, {
    data: { instructions: 'Park by the office and leave the keys at the front desk.', ...booking },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** A browser context signed in as the e2e admin, at a given width; close it when done. */
export async function newAdminPage(
  browser: Browser,
  width = 1280,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 640 ? 812 : 900 },
    ...options,
  });
  await signInAsAdminViaApi(context.request);
  return { page: await context.newPage(), close: () => context.close() };
}

let textWatchers = 0;

/**
 * Records when `text` was first on screen in this page (the page's clock, ms since 1970), across its
 * navigations. The toast shown before a full-page redirect to sign in stays for the spec's half
 * second; an assertion polling from the test can miss it on a busy machine, an observer in the page
 * cannot.
 */
export async function watchForText(page: Page, text: string): Promise<{ shownAt(): number | null }> {
  let shownAt: number | null = null;
  textWatchers += 1;
  const binding = `textShown${textWatchers}`;
  await page.exposeBinding(binding, (_source, at: number) => {
    shownAt ??= at;
  });
  const observe = (args: { binding: string; text: string }) => {
    const report = (window as unknown as Record<string, (at: number) => void>)[args.binding];
    const check = () => {
      // biome-ignore lint/performance/useDomNodeTextContent: on screen means rendered, not merely in the tree
      if (document.body?.innerText.includes(args.text)) report?.(Date.now());
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  };
  await page.addInitScript(observe, { binding, text });
  await page.evaluate(observe, { binding, text });
  return { shownAt: () => shownAt };
}

/** Fails when the page is wider than its viewport (a phone would scroll sideways). */
export async function expectNoSidewaysScroll(page: Page, what = `horizontal overflow on ${page.url()}`) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

/**
 * An estimate's lines at the shop's default pricing (labor $65.00 an hour, 7% tax on parts and
 * materials): $658.00 in all, $558.00 without the optional detailing.
 */
export const SAMPLE_LINES = [
  {
    kind: 'part',
    description: 'Rear bumper cover',
    quantity: 1,
    unitPrice: '400.00',
    payer: 'insurance',
    partType: 'aftermarket',
  },
  { kind: 'labor', description: 'Refinish bumper', quantity: 2, payer: 'insurance' },
  { kind: 'other', description: 'Detailing', quantity: 1, unitPrice: '100.00', optional: true },
];

/** The shop prices an estimate with SAMPLE_LINES and sends the quote, as the admin page does. */
export async function quoteItemisedViaApi(shop: APIRequestContext, id: string): Promise<void> {
  const put = await shop.put(`/api/estimates/${id}/lines`, { data: { lines: SAMPLE_LINES } });
  expect(put.ok(), await put.text()).toBeTruthy();
  const { estimatedAmount, customerDeductible, insuranceCoverage } = (await put.json()) as Record<
    string,
    string
  >;
  const quote = await shop.post(`/api/admin/estimates/${id}/quote`, {
    data: { estimatedAmount, customerDeductible, insuranceCoverage },
  });
  expect(quote.ok(), await quote.text()).toBeTruthy();
}

/** A repair timeline's entries as read top to bottom (the list named `listName`): each entry's title line. */
export async function timelineTitles(page: Page, listName: string): Promise<string[]> {
  const entries = page.getByRole('list', { name: listName }).locator(':scope > li');
  await expect(entries.first()).toBeVisible();
  const titles: string[] = [];
  for (let i = 0; i < (await entries.count()); i++) {
    const parts = await entries.nth(i).locator('p').first().locator(':scope > span').allTextContents();
    titles.push(parts.join(' ').replace(/\s+/g, ' ').trim());
  }
  return titles;
}
