import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { OPEN_WINDOWS_MAX_DAYS, openDropOffWindows, shopToday } from '#domain/drop-off-slots.ts';
import { photoIdFromUrl } from '#domain/photos.ts';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { TEST_CARDS } from '#domain/test-cards.ts';
import { shopCalendarFor } from '#server/shop-calendar.ts';
import type { AcknowledgedWrites } from './acknowledged-writes.ts';
import { ApiClient, NoAnswer, type TrafficLog, UnexpectedReply } from './api-client.ts';

/**
 * Mixed traffic as the shop sees it on a busy day: customers register, upload photos through the
 * real upload flow, submit estimates, poll their list, message the shop, approve and pay; the shop
 * quotes, schedules and moves repairs on. Every acknowledged write is noted for the checks afterwards.
 */

export const CUSTOMER_PASSWORD = 'soak-pass-2024';
export const ADMIN_PASSWORD = 'soak-admin-pass-1993';

export interface TrafficContext {
  baseUrl: string;
  log: TrafficLog;
  ack: AcknowledgedWrites;
  /** Shop accounts, signed in; the shop's work is spread over them (messages are limited per person). */
  admins: ApiClient[];
  slots: DropOffSlots;
  /** A small real JPEG; every upload sends it. */
  photo: Buffer;
  /** Names the run's customers apart from other runs on the same database. */
  runId: string;
}

export function newRunId(): string {
  return randomBytes(4).toString('hex');
}

export function smallJpeg(color = '#1d4ed8'): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export function adminEmail(index: number): string {
  return `shop-${index}@reliability.test`;
}

export async function signInAdmins(baseUrl: string, log: TrafficLog, count: number): Promise<ApiClient[]> {
  const admins: ApiClient[] = [];
  for (let i = 0; i < count; i++) {
    const admin = new ApiClient(baseUrl, log);
    await admin.expect([200], 'login', 'POST', '/api/login', {
      json: { email: adminEmail(i), password: ADMIN_PASSWORD },
    });
    admins.push(admin);
  }
  return admins;
}

/**
 * Hands out drop-off windows one booking each, from a week ahead, so none is ever full: only the
 * windows the servers under test take (the default shop's hours and the US federal holidays).
 */
export class DropOffSlots {
  private index = 0;

  private constructor(private readonly windows: readonly { date: string; slot: string }[]) {}

  static async forDefaultShop(): Promise<DropOffSlots> {
    const calendarFor = shopCalendarFor(DEFAULT_SHOP);
    const windows: { date: string; slot: string }[] = [];
    let from = daysAfter(shopToday(), 7);
    // Two years of windows, a range at a time (the most one call lists).
    for (let range = 0; range < 8; range++) {
      const to = daysAfter(from, OPEN_WINDOWS_MAX_DAYS - 1);
      windows.push(...openDropOffWindows(from, to, await calendarFor([from, to])));
      from = daysAfter(to, 1);
    }
    return new DropOffSlots(windows);
  }

  next(): { date: string; slot: string } {
    const booking = this.windows[this.index];
    if (!booking) throw new Error('the run booked every open drop-off window of two years');
    this.index += 1;
    return booking;
  }
}

function daysAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The real upload flow: a ticket, then the bytes to the URL it names. Returns the photo URL. */
export async function uploadPhoto(
  customer: ApiClient,
  ack: AcknowledgedWrites,
  bytes: Buffer,
): Promise<string> {
  const ticket = await customer.expect<{ uploadURL: string; photoURL: string }>(
    [200],
    'upload-ticket',
    'POST',
    '/api/objects/upload',
    { json: {} },
  );
  await customer.expect([200], 'upload-photo', 'PUT', ticket.body.uploadURL, {
    body: bytes,
    contentType: 'image/jpeg',
  });
  const id = photoIdFromUrl(ticket.body.photoURL);
  if (!id) throw new UnexpectedReply(`upload-ticket: no photo id in ${ticket.body.photoURL}`);
  ack.photos.add(id);
  return ticket.body.photoURL;
}

export async function registerCustomer(
  ctx: Pick<TrafficContext, 'baseUrl' | 'log' | 'ack'>,
  email: string,
): Promise<ApiClient> {
  const customer = new ApiClient(ctx.baseUrl, ctx.log);
  await customer.expect([201], 'register', 'POST', '/api/register', {
    json: { email, password: CUSTOMER_PASSWORD, firstName: 'Soak', lastName: 'Customer' },
  });
  ctx.ack.customers.set(email, { password: CUSTOMER_PASSWORD });
  return customer;
}

export async function submitEstimate(
  ctx: TrafficContext,
  customer: ApiClient,
  ownerEmail: string,
  photoUrls: string[],
): Promise<string> {
  const plate = `S${randomBytes(3).toString('hex').toUpperCase()}`;
  const created = await customer.expect<{ estimate: { id: string } }>(
    [201],
    'submit-estimate',
    'POST',
    '/api/estimates/batch-create',
    {
      json: {
        vehicleInfo: { year: 2019, make: 'Honda', model: 'Accord', licensePlate: plate },
        photos: photoUrls,
        vinNumber: '1HGCV1F35KA000001',
        odometerReading: 45210,
        email: '',
        phone: '(813) 555-0100',
        insuranceCompany: '',
        workDescription: 'Rear bumper dented in a parking lot.',
        estimateType: 'cash',
      },
    },
  );
  const id = created.body.estimate.id;
  ctx.ack.estimates.set(id, {
    ownerEmail,
    plate,
    photoIds: photoUrls.map((url) => photoIdFromUrl(url) ?? url),
  });
  ctx.ack.reached(id, 'submitted');
  return id;
}

export async function postMessage(
  ctx: TrafficContext,
  author: ApiClient,
  estimateId: string,
  content: string,
): Promise<void> {
  const posted = await author.expect<{ id: string }>(
    [201],
    'message',
    'POST',
    `/api/estimates/${estimateId}/messages`,
    { json: { content } },
  );
  ctx.ack.messages.set(posted.body.id, { estimateId, content });
}

/** GET /api/estimates as the app polls it: with the last ETag, a 304 when nothing changed. */
export async function pollEstimates(customer: ApiClient, etag: string | null): Promise<string | null> {
  const reply = await customer.expect([200, 304], 'poll-estimates', 'GET', '/api/estimates', {
    headers: etag ? { 'if-none-match': etag } : {},
  });
  return reply.headers.get('etag') ?? etag;
}

/** One customer from registration to a repair in progress, and the shop's part along the way. */
export async function customerJourney(ctx: TrafficContext, n: number): Promise<void> {
  const email = `soak-${ctx.runId}-${n}@reliability.test`;
  const customer = await registerCustomer(ctx, email);
  const photoUrls = [
    await uploadPhoto(customer, ctx.ack, ctx.photo),
    await uploadPhoto(customer, ctx.ack, ctx.photo),
  ];
  const estimateId = await submitEstimate(ctx, customer, email, photoUrls);

  let etag = await pollEstimates(customer, null);
  etag = await pollEstimates(customer, etag);
  const firstPhoto = photoIdFromUrl(photoUrls[0] ?? '');
  await customer.expect([200], 'view-photo', 'GET', `/api/photos/${firstPhoto}/thumbnail`);
  await postMessage(ctx, customer, estimateId, `Can you look at the bumper? (${n})`);

  const admin = ctx.admins[n % ctx.admins.length];
  if (!admin) throw new Error('no admin signed in');
  await admin.expect([200], 'admin-details', 'GET', `/api/admin/estimates/${estimateId}/details`);
  await admin.expect([200], 'admin-quote', 'POST', `/api/admin/estimates/${estimateId}/quote`, {
    json: { estimatedAmount: '1200.00', customerDeductible: '500.00', insuranceCoverage: '700.00' },
  });
  ctx.ack.reached(estimateId, 'quoted');

  // The quote changed the list: the old ETag must not match any more.
  const changed = await customer.expect([200], 'poll-estimates', 'GET', '/api/estimates', {
    headers: etag ? { 'if-none-match': etag } : {},
  });
  etag = changed.headers.get('etag');
  await customer.expect([200], 'approve', 'PATCH', `/api/estimates/${estimateId}`, {
    json: { status: 'approved' },
  });
  ctx.ack.reached(estimateId, 'approved');

  const booking = ctx.slots.next();
  await admin.expect([200], 'admin-schedule', 'POST', `/api/admin/estimates/${estimateId}/schedule`, {
    json: { ...booking, instructions: 'Leave the keys at the front desk.' },
  });
  ctx.ack.appointments.set(estimateId, booking);
  ctx.ack.reached(estimateId, 'scheduled');

  const intent = await customer.expect<{ clientSecret: string; paymentIntentId: string }>(
    [200],
    'payment-intent',
    'POST',
    '/api/create-payment-intent',
    { json: { estimateId } },
  );
  const paid = await customer.expect<{ status: string }>(
    [200],
    'payment-confirm',
    'POST',
    '/api/test-payments/confirm',
    {
      json: {
        clientSecret: intent.body.clientSecret,
        cardNumber: TEST_CARDS.success,
        expiry: '12 / 40',
        cvc: '123',
      },
    },
  );
  if (paid.body.status !== 'succeeded') throw new UnexpectedReply(`payment-confirm: ${paid.body.status}`);
  ctx.ack.payments.set(estimateId, intent.body.paymentIntentId);
  ctx.ack.reached(estimateId, 'paid');

  // Messages are limited per person: the shop answers every third customer.
  if (n % 3 === 0) await postMessage(ctx, admin, estimateId, `See you at drop-off (${n}).`);
  await admin.expect([200], 'admin-status', 'POST', `/api/admin/estimates/${estimateId}/status`, {
    json: { status: 'in_progress' },
  });
  ctx.ack.reached(estimateId, 'in_progress');

  // Sign out, sign back in: the old session is refused, the new one sees the repair.
  const oldCookie = customer.cookie;
  await customer.expect([204], 'logout', 'POST', '/api/logout');
  const stale = new ApiClient(ctx.baseUrl, ctx.log);
  stale.cookie = oldCookie;
  await stale.expect([401], 'stale-session', 'GET', '/api/auth/user');
  customer.cookie = '';
  await customer.expect([200], 'login', 'POST', '/api/login', {
    json: { email, password: CUSTOMER_PASSWORD },
  });
  await pollEstimates(customer, etag);
}

/** The shop's dashboard, polled the whole time by one admin. */
export async function pollDashboard(ctx: TrafficContext, keepGoing: () => boolean): Promise<void> {
  const admin = ctx.admins[0];
  if (!admin) return;
  while (keepGoing()) {
    await admin.expect([200], 'admin-list', 'GET', '/api/admin/estimates');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface TrafficResult {
  journeysFinished: number;
  journeysCut: number;
  /** Why journeys ended early (unexpected answers, no answer). */
  endings: string[];
}

/**
 * `workers` journeys at a time, one after another, while keepGoing() says so. A journey that hears
 * no answer ends its worker (the server is gone); one with an unexpected answer is noted and the
 * worker starts the next.
 */
export async function runMixedTraffic(
  ctx: TrafficContext,
  options: { workers: number; keepGoing: () => boolean },
): Promise<TrafficResult> {
  const result: TrafficResult = { journeysFinished: 0, journeysCut: 0, endings: [] };
  let next = 0;
  const worker = async () => {
    while (options.keepGoing()) {
      const n = next++;
      try {
        await customerJourney(ctx, n);
        result.journeysFinished += 1;
      } catch (error) {
        result.journeysCut += 1;
        result.endings.push((error as Error).message);
        if (error instanceof NoAnswer) return;
        if (!(error instanceof UnexpectedReply)) throw error;
      }
    }
  };
  const dashboard = pollDashboard(ctx, options.keepGoing).catch((error: unknown) => {
    result.endings.push(`dashboard: ${(error as Error).message}`);
  });
  await Promise.all([...Array.from({ length: options.workers }, worker), dashboard]);
  return result;
}
