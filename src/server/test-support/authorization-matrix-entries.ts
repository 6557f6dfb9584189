import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_CHECK_IN_ANGLES } from '#domain/check-in.ts';
import { TEST_CARDS } from '#domain/test-cards.ts';
import { createUser, createVehicle } from '#server/db/factories.ts';
import { estimates, vehicles } from '#server/db/schema.ts';
import { testConfig } from './app.ts';
import { type AppVariant, signTwilioReply, signWebhook } from './authorization-matrix-apps.ts';
import {
  type Caller,
  freePhotoUrl,
  jpegForUpload,
  openPaymentIntent,
  openPaymentLinkIntent,
  passwordLinkToken,
  paymentTokenFor,
  resumableUploadOfA,
  statusTokenFor,
  uniqueEmail,
  uploadUrlOfA,
  type World,
  type WorldOptions,
} from './authorization-matrix-world.ts';
import { dayAhead } from './dates.ts';
import { bookedAppointmentId, dropOffTokenFor, dropOffWindowOver } from './drop-off-tokens.ts';
import { addLines, addPendingSupplement } from './estimate-lines.ts';
import { as } from './people.ts';
import { authorizationBody, checkInBody } from './signature.ts';
import { recoveryTaskOfA, surveyTokenFor } from './survey-tokens.ts';

/**
 * Who may call what: one entry per API route, keyed `METHOD /path` exactly as the route is
 * registered. Each entry builds a request that passes validation for an authorized caller (about
 * customer A's things where the route is about someone's data) and says the status every caller gets.
 * A route without an entry, or an entry without a route, fails the matrix test.
 */

export interface MatrixRequest {
  /** Values for the `:name` segments of the path. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, for the routes that take raw bytes. */
  raw?: { payload: Buffer; contentType: string };
  headers?: Record<string, string>;
}

export interface MatrixEntry {
  /** The app configuration that has the route (default: the built-in test payments, no Stripe). */
  app?: AppVariant;
  /** How A's estimate must stand for the call to make sense (default: quoted, $500). */
  world?: WorldOptions;
  /** A valid request, built against this cell's world; `caller` is who will send it. */
  request?: (world: World, caller: Caller) => Promise<MatrixRequest> | MatrixRequest;
  expect: Record<Caller, number>;
}

/** Open to everyone, signed in or not. */
const everyone = (status: number) => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  admin: status,
});
/** Any signed-in user, about their own things (or all of them, for the shop). */
const signedIn = (status: number) => ({
  anonymous: 401,
  customerA: status,
  customerB: status,
  admin: status,
});
/** About A's things: A and the shop; B hears they do not exist. */
const ownerAndShop = (status: number) => ({
  anonymous: 401,
  customerA: status,
  customerB: 404,
  admin: status,
});
/** The shop's own pages: customers are refused whatever they ask for. */
const shopOnly = (status: number) => ({ anonymous: 401, customerA: 403, customerB: 403, admin: status });

const estimateId = (world: World) => ({ params: { id: world.estimate.id } });

/** A's finished car, told ready on 26 Nov 2025: charged storage since 3 Dec, and with a VIN. */
async function inStorage(world: World): Promise<void> {
  const { db } = world.t.database;
  await db
    .update(estimates)
    .set({
      readyNotifiedAt: new Date('2025-11-26T15:00:00Z'),
      storageFrom: '2025-12-03',
      storageRateCents: 3500,
    })
    .where(eq(estimates.id, world.estimate.id));
  await db.update(vehicles).set({ vin: '1HGCM82633A004352' }).where(eq(vehicles.id, world.vehicle.id));
}

/** A signs A's estimate, as from their phone. */
async function signedByA(world: World): Promise<void> {
  const res = await world.t.app.inject({
    method: 'POST',
    url: `/api/estimates/${world.estimate.id}/authorization`,
    headers: as(world.a),
    payload: await authorizationBody(),
  });
  if (res.statusCode !== 201) throw new Error(`authorization: ${res.statusCode} ${res.body}`);
}

export const MATRIX_ENTRIES: Record<string, MatrixEntry> = {
  'GET /api/health': { expect: everyone(200) },
  'GET /api/health/live': { expect: everyone(200) },
  'GET /api/health/ready': { expect: everyone(200) },
  // The apps here have METRICS_TOKEN set (without it the route answers 404 to all): the scraper's bearer
  // token opens it, no session does, the shop's included (features/metrics/routes.test.ts sends the token).
  'GET /api/metrics': { expect: everyone(401) },

  // Signing in and out works the same for anyone: the body, not the session, says who.
  'POST /api/register': {
    request: () => ({
      body: { email: uniqueEmail('new'), password: 'a-long-passphrase', firstName: 'Nia', lastName: 'New' },
    }),
    expect: everyone(201),
  },
  'POST /api/login': {
    request: async (world) => {
      const email = uniqueEmail('returning');
      await createUser(world.t.database.db, { email, password: 'a-long-passphrase' });
      return { body: { email, password: 'a-long-passphrase' } };
    },
    expect: everyone(200),
  },
  'GET /api/login': { expect: everyone(302) },
  'GET /api/logout': { expect: everyone(302) },
  'POST /api/logout': { expect: everyone(204) },
  'GET /api/auth/user': { expect: signedIn(200) },
  'PATCH /api/auth/user': { request: () => ({ body: { language: 'es' } }), expect: signedIn(200) },
  'POST /api/password/link': {
    request: () => ({ body: { email: uniqueEmail('forgetful') } }),
    expect: everyone(202),
  },
  'POST /api/password/set': {
    request: async (world) => ({
      body: { token: await passwordLinkToken(world), password: 'a-new-passphrase' },
    }),
    expect: everyone(200),
  },

  'GET /api/estimates': { expect: signedIn(200) },
  'POST /api/estimates/batch-create': {
    request: async (world, caller) => ({
      body: {
        vehicleInfo: { year: 2018, make: 'Ford', model: 'Focus', licensePlate: 'NEW123' },
        photos: [await freePhotoUrl(world, world.person(caller))],
        vinNumber: '1FADP3F24JL000001',
        odometerReading: '61000',
        // The shop names the customer; a customer naming another is not heard (the estimate is theirs).
        ...(caller === 'customerA' ? {} : { customerId: world.a.user.id }),
      },
    }),
    expect: signedIn(201),
  },
  'GET /api/estimates/:id': { request: estimateId, expect: ownerAndShop(200) },
  'PATCH /api/estimates/:id': {
    // The shop records the customer's approval only with their consent (docs/decisions/059).
    request: (world, caller) => ({
      ...estimateId(world),
      body:
        caller === 'admin'
          ? { status: 'approved', consent: { method: 'phone', name: 'Ann Customer' } }
          : { status: 'approved' },
    }),
    expect: ownerAndShop(200),
  },
  'PUT /api/estimates/:id/photos': {
    // Each caller sends a photo of their own: B's is refused because the estimate is A's.
    request: async (world, caller) => ({
      ...estimateId(world),
      body: { photoURL: await freePhotoUrl(world, world.person(caller)) },
    }),
    expect: ownerAndShop(200),
  },
  // The confirmation page's reference and status only, so anyone with the link may see it.
  'GET /api/estimates/:id/receipt': { request: estimateId, expect: everyone(200) },
  'GET /api/estimates/:id/estimate.pdf': { request: estimateId, expect: ownerAndShop(200) },
  'GET /api/estimates/:id/invoice.pdf': {
    world: { status: 'completed' },
    request: estimateId,
    expect: ownerAndShop(200),
  },
  'GET /api/estimates/:id/drop-off': {
    world: { status: 'scheduled' },
    request: estimateId,
    expect: ownerAndShop(200),
  },
  'GET /api/estimates/:id/drop-off.ics': {
    world: { status: 'scheduled' },
    request: estimateId,
    expect: ownerAndShop(200),
  },
  'GET /api/estimates/:id/drop-off/windows': {
    world: { status: 'approved' },
    request: (world) => ({ ...estimateId(world), query: { from: dayAhead(1), days: '7' } }),
    expect: ownerAndShop(200),
  },
  'POST /api/estimates/:id/drop-off': {
    world: { status: 'approved' },
    // A window of its own: the matrix's worlds share one database, and each window takes two cars.
    request: (world) => ({ ...estimateId(world), body: { date: dayAhead(2, 3), slot: '14:00-16:00' } }),
    expect: ownerAndShop(201),
  },
  // A's drop-off is booked a week or more ahead: the owner (and the shop) may still cancel it.
  'DELETE /api/estimates/:id/drop-off': {
    world: { status: 'scheduled' },
    request: estimateId,
    expect: ownerAndShop(200),
  },
  // The reminder's link is the key, not a session: A and the shop hold a valid one, B a tampered
  // copy, the anonymous caller one signed with another secret (self-booking/links.test.ts).
  'GET /api/drop-off-links/:token': {
    world: { status: 'scheduled' },
    request: (world, caller) => ({ params: { token: dropOffTokenFor(world, caller) } }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'POST /api/drop-off-links/:token/confirm': {
    world: { status: 'scheduled' },
    request: async (world, caller) => ({
      params: { token: dropOffTokenFor(world, caller) },
      body: { appointmentId: await bookedAppointmentId(world) },
    }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'GET /api/drop-off-links/:token/windows': {
    world: { status: 'scheduled' },
    request: (world, caller) => ({ params: { token: dropOffTokenFor(world, caller) } }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'POST /api/drop-off-links/:token': {
    world: { status: 'scheduled' },
    request: (world, caller) => ({
      params: { token: dropOffTokenFor(world, caller) },
      body: { date: dayAhead(4, 3), slot: '10:00-12:00' },
    }),
    expect: { anonymous: 404, customerA: 201, customerB: 404, admin: 201 },
  },
  'POST /api/estimates/:id/stages': {
    world: { status: 'in_progress' },
    request: (world) => ({ ...estimateId(world), body: { stage: 'Paint', note: 'Primer is on.' } }),
    // The shop's to record: customers are refused before the estimate is looked up.
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  'POST /api/admin/estimates/:id/check-in': {
    world: { status: 'approved' },
    request: async (world, caller) => {
      const urls = [];
      for (const _angle of DEFAULT_CHECK_IN_ANGLES)
        urls.push(await freePhotoUrl(world, world.person(caller)));
      return { ...estimateId(world), body: checkInBody(urls) };
    },
    expect: shopOnly(201),
  },
  'GET /api/estimates/:id/check-in': { request: estimateId, expect: ownerAndShop(200) },
  // Each cell's world is its own: A and the shop each sign a fresh approved estimate.
  'POST /api/estimates/:id/authorization': {
    world: { status: 'approved' },
    request: async (world) => ({ ...estimateId(world), body: await authorizationBody() }),
    expect: ownerAndShop(201),
  },
  'GET /api/estimates/:id/authorization': {
    world: { status: 'approved' },
    request: async (world) => {
      await signedByA(world);
      return estimateId(world);
    },
    expect: ownerAndShop(200),
  },
  'GET /api/estimates/:id/authorization.pdf': {
    world: { status: 'approved' },
    request: async (world) => {
      await signedByA(world);
      return estimateId(world);
    },
    expect: ownerAndShop(200),
  },
  'POST /api/estimates/:id/status-link': { request: estimateId, expect: ownerAndShop(201) },
  'DELETE /api/estimates/:id/status-link': { request: estimateId, expect: ownerAndShop(204) },
  // The token, not a session, opens the status page (features/status-links/routes.test.ts reads it
  // signed out). Here A and the shop carry a valid token; the outsiders carry a revoked one (anonymous)
  // and a tampered one (B), and must see nothing.
  'GET /api/status/:token': {
    request: async (world, caller) => ({ params: { token: await statusTokenFor(world, caller) } }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'GET /api/status/:token/photos/:photoId': {
    request: async (world, caller) => ({
      params: { token: await statusTokenFor(world, caller), photoId: world.photoId },
    }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'GET /api/status/:token/photos/:photoId/thumbnail': {
    request: async (world, caller) => ({
      params: { token: await statusTokenFor(world, caller), photoId: world.photoId },
    }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'GET /api/estimates/:id/messages': { request: estimateId, expect: ownerAndShop(200) },
  'POST /api/estimates/:id/messages': {
    request: (world) => ({ ...estimateId(world), body: { content: 'When can I bring it in?' } }),
    expect: ownerAndShop(201),
  },
  // The shop writes the lines and sends supplements; customers are refused whoever owns the estimate.
  'PUT /api/estimates/:id/lines': {
    request: (world) => ({
      ...estimateId(world),
      body: { lines: [{ kind: 'labor', description: 'Repair and refinish', quantity: 2.5 }] },
    }),
    expect: shopOnly(200),
  },
  'POST /api/estimates/:id/supplements': {
    world: { status: 'approved' },
    request: async (world) => {
      await addLines(world.t.database.db, world.estimate.id);
      return {
        ...estimateId(world),
        body: {
          reason: 'Bent radiator support found at teardown',
          lines: [
            {
              kind: 'part',
              description: 'Radiator support',
              quantity: 1,
              unitPrice: '180.00',
              partType: 'used',
            },
          ],
        },
      };
    },
    expect: shopOnly(201),
  },
  // The owner answers online; the shop records an oral answer with its consent details.
  'POST /api/estimates/:id/supplements/:sid/decision': {
    world: { status: 'approved' },
    request: async (world, caller) => {
      const { db } = world.t.database;
      await addLines(db, world.estimate.id);
      const supplement = await addPendingSupplement(db, world.estimate.id, world.admin.user.id);
      return {
        params: { id: world.estimate.id, sid: supplement.id },
        body:
          caller === 'admin'
            ? { decision: 'approved', consent: { method: 'phone', name: 'Alice Adams' } }
            : { decision: 'approved' },
      };
    },
    expect: ownerAndShop(200),
  },
  'GET /api/estimates/:id/payment-summary': {
    world: { status: 'approved' },
    request: estimateId,
    expect: ownerAndShop(200),
  },

  'GET /api/vehicles': { request: () => ({ query: { limit: '10' } }), expect: signedIn(200) },
  'GET /api/vehicles/decode': {
    request: () => ({ query: { vin: '1HGCM82633A004352' } }),
    expect: signedIn(200),
  },
  'GET /api/vehicles/:id': {
    request: (world) => ({ params: { id: world.vehicle.id } }),
    expect: ownerAndShop(200),
  },
  'PATCH /api/vehicles/:id': {
    // While A's estimate is pending A may fix the plate; once quoted only the shop may (409 for A).
    world: { status: 'pending' },
    request: (world) => ({ params: { id: world.vehicle.id }, body: { licensePlate: 'fix 987' } }),
    expect: ownerAndShop(200),
  },
  'GET /api/users/:id': {
    request: (world) => ({ params: { id: world.a.user.id } }),
    expect: ownerAndShop(200),
  },

  'GET /api/customers': { request: () => ({ query: { q: 'Alice' } }), expect: shopOnly(200) },
  'GET /api/admin/calendar': {
    request: () => ({ query: { month: dayAhead(2).slice(0, 7) } }),
    expect: shopOnly(200),
  },
  'GET /api/admin/estimates': { request: () => ({ query: { status: 'active' } }), expect: shopOnly(200) },
  'GET /api/admin/estimates/summary': { expect: shopOnly(200) },
  // The front desk: customers never see who else is waiting, nor clear a message as handled.
  'GET /api/admin/inbox': { expect: shopOnly(200) },
  'GET /api/admin/awaiting-customer': { expect: shopOnly(200) },
  'POST /api/admin/estimates/:id/messages/handled': {
    // The body is optional (`upToMessageId`: the newest message the desk showed); {} clears all waiting.
    request: (world) => ({ ...estimateId(world), body: {} }),
    expect: shopOnly(200),
  },
  'GET /api/admin/vehicles': {
    request: () => ({ query: { q: 'Camry', limit: '5' } }),
    expect: shopOnly(200),
  },
  'POST /api/admin/vehicles/:id/merge': {
    // A second record of A's car, merged into the first.
    request: async (world) => {
      const duplicate = await createVehicle(world.t.database.db, world.a.user.id, {
        licensePlate: world.vehicle.licensePlate ?? 'DUP1',
      });
      return { params: { id: duplicate.id }, body: { intoVehicleId: world.vehicle.id } };
    },
    expect: shopOnly(200),
  },
  'GET /api/admin/pricing': { expect: shopOnly(200) },
  'GET /api/admin/estimates/:id/details': { request: estimateId, expect: shopOnly(200) },
  'GET /api/admin/plates/:plate/estimates': {
    request: (world) => ({ params: { plate: world.vehicle.licensePlate ?? '' } }),
    expect: shopOnly(200),
  },
  'POST /api/admin/estimates/:id/quote': {
    world: { status: 'pending' },
    request: (world) => ({ ...estimateId(world), body: { estimatedAmount: '750.00' } }),
    expect: shopOnly(200),
  },
  'GET /api/admin/estimates/:id/drop-off-slots': {
    world: { status: 'approved' },
    request: (world) => ({ ...estimateId(world), query: { date: dayAhead(3) } }),
    expect: shopOnly(200),
  },
  'POST /api/admin/estimates/:id/schedule': {
    world: { status: 'approved' },
    request: (world) => ({
      ...estimateId(world),
      body: { date: dayAhead(3), slot: '08:00-10:00', instructions: 'Keys at the front desk.' },
    }),
    expect: shopOnly(200),
  },
  'POST /api/admin/estimates/:id/reschedule': {
    world: { status: 'scheduled' },
    request: estimateId,
    expect: shopOnly(200),
  },
  'POST /api/admin/estimates/:id/drop-off/no-show': {
    world: { status: 'scheduled' },
    request: async (world) => {
      await dropOffWindowOver(world);
      return estimateId(world);
    },
    expect: shopOnly(200),
  },
  // Customers never record payments, not even on their own estimate.
  'POST /api/admin/estimates/:id/payments': {
    world: { status: 'approved' },
    request: (world) => ({ ...estimateId(world), body: { amount: '100.00', method: 'cash' } }),
    expect: shopOnly(201),
  },
  'POST /api/admin/estimates/:id/status': {
    world: { status: 'approved' },
    request: (world) => ({ ...estimateId(world), body: { status: 'in_progress', note: 'Parts arrived.' } }),
    expect: shopOnly(200),
  },

  'POST /api/objects/upload': { request: () => ({ body: { step: 'overview' } }), expect: signedIn(200) },
  // The upload URL is A's: it works for A only, and says nothing to anyone else.
  'PUT /api/objects/upload/:token': {
    request: async (world) => ({
      params: { token: (await uploadUrlOfA(world)).split('/').pop() ?? '' },
      raw: { payload: await jpegForUpload(), contentType: 'image/jpeg' },
    }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  // Resumable uploads: anyone signed in may start one; only A may continue or cancel A's.
  'POST /api/uploads/tus': {
    request: () => ({ headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000' } }),
    expect: signedIn(201),
  },
  'PATCH /api/uploads/tus/:id': {
    request: async (world) => {
      const photo = await jpegForUpload();
      return {
        params: { id: await resumableUploadOfA(world, photo.length) },
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0' },
        raw: { payload: photo, contentType: 'application/offset+octet-stream' },
      };
    },
    expect: { anonymous: 401, customerA: 204, customerB: 404, admin: 404 },
  },
  'DELETE /api/uploads/tus/:id': {
    request: async (world) => ({
      params: { id: await resumableUploadOfA(world, 1000) },
      headers: { 'tus-resumable': '1.0.0' },
    }),
    expect: { anonymous: 401, customerA: 204, customerB: 404, admin: 404 },
  },
  'GET /api/photos/:id': {
    request: (world) => ({ params: { id: world.photoId } }),
    expect: ownerAndShop(200),
  },
  'GET /api/photos/:id/thumbnail': {
    request: (world) => ({ params: { id: world.photoId } }),
    expect: ownerAndShop(200),
  },

  // The pickup is the shop's; the survey link's token (not a session) opens the survey
  // (pickup-surveys/answers.test.ts reads and answers it signed out). A and the shop carry a valid
  // token; B a tampered one and the anonymous caller a made-up one, and must see nothing.
  // The notice of lien is the shop's: A's finished car is put in storage since 3 Dec 2025, with a VIN.
  'GET /api/admin/estimates/:id/lien-notice': {
    world: { status: 'completed' },
    request: async (world) => {
      await inStorage(world);
      return estimateId(world);
    },
    expect: shopOnly(200),
  },
  'GET /api/admin/estimates/:id/lien-notice.pdf': {
    world: { status: 'completed' },
    request: async (world) => {
      await inStorage(world);
      return estimateId(world);
    },
    expect: shopOnly(200),
  },
  'POST /api/admin/estimates/:id/pickup': {
    world: { status: 'completed' },
    request: (world) => ({ ...estimateId(world), body: { confirmBalance: true } }),
    expect: shopOnly(200),
  },
  'GET /api/surveys/:token': {
    world: { status: 'completed' },
    request: async (world, caller) => ({ params: { token: await surveyTokenFor(world, caller) } }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'POST /api/surveys/:token': {
    world: { status: 'completed' },
    request: async (world, caller) => ({
      params: { token: await surveyTokenFor(world, caller) },
      body: { score: 9, comment: 'Quick and friendly.' },
    }),
    expect: { anonymous: 404, customerA: 201, customerB: 404, admin: 201 },
  },
  'GET /api/admin/recovery': { expect: shopOnly(200) },
  'POST /api/admin/recovery/:id/close': {
    world: { status: 'completed' },
    request: async (world) => ({
      params: { id: await recoveryTaskOfA(world) },
      body: { note: 'Called back; fixed the rattle.' },
    }),
    expect: shopOnly(204),
  },
  'GET /api/admin/csi': { expect: shopOnly(200) },
  'GET /api/admin/csi/overview': { expect: shopOnly(200) },

  'GET /api/payments/config': { expect: everyone(200) },
  'POST /api/create-payment-intent': {
    world: { status: 'approved' },
    request: (world) => ({ body: { estimateId: world.estimate.id } }),
    expect: ownerAndShop(200),
  },
  'POST /api/payments/confirm': {
    world: { status: 'approved' },
    request: async (world) => ({
      body: {
        paymentIntentId: (await openPaymentIntent(world)).paymentIntentId,
        estimateId: world.estimate.id,
      },
    }),
    expect: ownerAndShop(200),
  },
  // The shop sends payment links; customers are refused before the estimate is looked up.
  'POST /api/admin/estimates/:id/payment-link': {
    world: { status: 'approved' },
    request: estimateId,
    expect: shopOnly(201),
  },
  // A payment link's token, not a session, opens its page and pays (payments/payment-links.test.ts
  // reads and pays it signed out). A and the shop carry a valid token; B a tampered one and the
  // anonymous caller a status link's token, and must see nothing. What a valid one shows is checked
  // in the matrix test ("a payment link shows nothing else").
  'GET /api/pay/:token': {
    world: { status: 'approved' },
    request: async (world, caller) => ({ params: { token: await paymentTokenFor(world, caller) } }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'POST /api/pay/:token/intent': {
    world: { status: 'approved' },
    request: async (world, caller) => ({ params: { token: await paymentTokenFor(world, caller) } }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'POST /api/pay/:token/confirm': {
    world: { status: 'approved' },
    request: async (world, caller) => ({
      params: { token: await paymentTokenFor(world, caller) },
      body: { paymentIntentId: (await openPaymentLinkIntent(world)).paymentIntentId },
    }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'POST /api/pay/:token/test-payments/confirm': {
    world: { status: 'approved' },
    request: async (world, caller) => ({
      params: { token: await paymentTokenFor(world, caller) },
      body: {
        clientSecret: (await openPaymentLinkIntent(world)).clientSecret,
        cardNumber: TEST_CARDS.success,
        expiry: '12 / 40',
        cvc: '123',
      },
    }),
    expect: { anonymous: 404, customerA: 200, customerB: 404, admin: 200 },
  },
  'POST /api/test-payments/confirm': {
    world: { status: 'approved' },
    request: async (world) => ({
      body: {
        clientSecret: (await openPaymentIntent(world)).clientSecret,
        cardNumber: TEST_CARDS.success,
        expiry: '12 / 40',
        cvc: '123',
      },
    }),
    expect: ownerAndShop(200),
  },

  // Stripe calls without a session: the signature, not a cookie, says who is calling.
  'POST /api/stripe/webhook': {
    app: 'stripe',
    request: () => {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'charge.refunded',
        data: { object: { id: 'ch_matrix', object: 'charge' } },
      });
      return {
        raw: { payload: Buffer.from(payload), contentType: 'application/json' },
        headers: { 'stripe-signature': signWebhook(payload) },
      };
    },
    expect: everyone(200),
  },

  // Twilio's reply webhook: its signature, not a cookie, says who is calling.
  'POST /api/twilio/inbound': {
    app: 'stripe',
    request: () => {
      const params = {
        From: '+18135550123',
        Body: 'HELP',
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
      };
      return {
        raw: {
          payload: Buffer.from(new URLSearchParams(params).toString()),
          contentType: 'application/x-www-form-urlencoded',
        },
        headers: { 'x-twilio-signature': signTwilioReply(testConfig().appUrl, params) },
      };
    },
    expect: everyone(200),
  },

  'GET /api/google/status': { expect: shopOnly(200) },
  'GET /api/gmail/inbox': { expect: shopOnly(200) },
  'GET /api/drive/estimates': { expect: shopOnly(200) },
  'GET /api/drive/estimates/:id': {
    request: (world) => {
      const file = world.google.addFile({
        name: `Estimate ${world.estimate.id.slice(0, 8)}.json`,
        content: JSON.stringify({
          estimate: {
            id: world.estimate.id,
            reference: world.estimate.id.slice(0, 8).toUpperCase(),
            status: 'quoted',
            estimatedAmount: '500.00',
            createdAt: world.estimate.createdAt.toISOString(),
          },
          customer: { firstName: 'Alice', lastName: 'Adams', email: world.a.user.email, phone: null },
          vehicle: {
            year: 2019,
            make: 'Toyota',
            model: 'Camry',
            licensePlate: world.vehicle.licensePlate,
            vin: world.vehicle.vin,
          },
          savedAt: world.estimate.createdAt.toISOString(),
        }),
      });
      return { params: { id: file.id } };
    },
    expect: shopOnly(200),
  },
};
