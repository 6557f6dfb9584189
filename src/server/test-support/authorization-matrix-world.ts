import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { photoUrl } from '#domain/photos.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import {
  createAppointment,
  createEstimate,
  createMessage,
  createUploadedPhoto,
  createUser,
  createVehicle,
} from '#server/db/factories.ts';
import {
  appointments,
  type EstimateRow,
  estimates,
  messages,
  passwordTokens,
  payments,
  photos,
  type VehicleRow,
  vehicles,
} from '#server/db/schema.ts';
import type { TestApp } from './app.ts';
import { dayAhead } from './dates.ts';
import type { GoogleStandIn } from './google-stand-in.ts';
import { as, createPerson, type Person } from './people.ts';

/**
 * The data one cell of the authorization matrix runs against: fresh people and everything customer A
 * owns, made anew for every cell so a change made by one call never shows in another.
 */

export const CALLERS = ['anonymous', 'customerA', 'customerB', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** What every world is built from: the app, its object store and the Google stand-in it talks to. */
export interface MatrixContext {
  t: TestApp;
  store: ObjectStore;
  google: GoogleStandIn;
}

export interface World extends MatrixContext {
  a: Person;
  b: Person;
  admin: Person;
  vehicle: VehicleRow;
  /** A's estimate, in the status the route's entry asked for. */
  estimate: EstimateRow;
  /** A photo of A's estimate, with its bytes (and thumbnail) in the store. */
  photoId: string;
  /** The person making the call, or undefined for an anonymous call. */
  person(caller: Caller): Person | undefined;
}

export interface WorldOptions {
  status?: EstimateStatus;
}

let counter = 0;
/** A unique e-mail for this run: every world has people of its own. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

let tinyJpeg: Promise<Buffer> | undefined;
function jpegBytes(): Promise<Buffer> {
  tinyJpeg ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#2255aa' } })
    .jpeg()
    .toBuffer();
  return tinyJpeg;
}

export async function createWorld(context: MatrixContext, options: WorldOptions = {}): Promise<World> {
  const { t, store } = context;
  const { db } = t.database;
  const a = await createPerson(t, { email: uniqueEmail('alice'), firstName: 'Alice', lastName: 'Adams' });
  const b = await createPerson(t, { email: uniqueEmail('bob'), firstName: 'Bob', lastName: 'Brown' });
  const admin = await createPerson(t, { email: uniqueEmail('shop'), firstName: 'Rick', isAdmin: true });
  // Plates are unique to the world, so a plate look-up finds A's car and nobody else's.
  const plate = `Q${randomBytes(4).toString('hex').toUpperCase()}`;
  const vehicle = await createVehicle(db, a.user.id, { licensePlate: plate });
  const status = options.status ?? 'quoted';
  const estimate = await createEstimate(db, {
    userId: a.user.id,
    vehicleId: vehicle.id,
    status,
    estimatedAmount: '500.00',
  });
  if (status === 'scheduled') {
    await createAppointment(db, {
      estimateId: estimate.id,
      dropOffDate: dayAhead(2),
      createdBy: admin.user.id,
    });
  }
  await createMessage(db, {
    estimateId: estimate.id,
    authorId: a.user.id,
    isFromAdmin: false,
    content: 'Is the bumper repairable?',
  });
  const photo = await createUploadedPhoto(db, { uploaderId: a.user.id, estimateId: estimate.id });
  const bytes = await jpegBytes();
  await store.put(photo.objectKey, bytes, 'image/jpeg');
  if (photo.thumbnailKey) await store.put(photo.thumbnailKey, bytes, 'image/webp');

  const people: Record<Caller, Person | undefined> = {
    anonymous: undefined,
    customerA: a,
    customerB: b,
    admin,
  };
  return {
    ...context,
    a,
    b,
    admin,
    vehicle,
    estimate,
    photoId: photo.id,
    person: (caller) => people[caller],
  };
}

/** A photo this person uploaded and no estimate holds yet, as the URL a request body names it by. */
export async function freePhotoUrl(world: World, person: Person | undefined): Promise<string> {
  const uploader = person ?? world.a;
  const photo = await createUploadedPhoto(world.t.database.db, { uploaderId: uploader.user.id });
  return photoUrl(photo.id);
}

/** An open payment intent for A's (approved) estimate, made the way A's payment page makes it. */
export async function openPaymentIntent(
  world: World,
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: as(world.a),
    payload: { estimateId: world.estimate.id },
  });
  if (res.statusCode !== 200) throw new Error(`payment intent: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A one-time password link for a new account (the e-mailed token, as its owner would follow it). */
export async function passwordLinkToken(world: World): Promise<string> {
  const user = await createUser(world.t.database.db, { email: uniqueEmail('claim') });
  const token = randomBytes(32).toString('base64url');
  await world.t.database.db.insert(passwordTokens).values({
    id: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    expiresAt: sql`now() + interval '1 hour'`,
  });
  return token;
}

/** An upload URL of this app for A: only A may send the bytes to it. */
export async function uploadUrlOfA(world: World): Promise<string> {
  const res = await world.t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: as(world.a) });
  if (res.statusCode !== 200) throw new Error(`upload ticket: ${res.statusCode} ${res.body}`);
  return res.json().uploadURL;
}

/** A resumable upload A started (nothing sent yet): its id, which is also its photo's. */
export async function resumableUploadOfA(world: World, length: number): Promise<string> {
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/uploads/tus',
    headers: { ...as(world.a), 'tus-resumable': '1.0.0', 'upload-length': String(length) },
  });
  if (res.statusCode !== 201) throw new Error(`resumable upload: ${res.statusCode} ${res.body}`);
  return String(res.headers.location).split('/').pop() ?? '';
}

export function jpegForUpload(): Promise<Buffer> {
  return jpegBytes();
}

/**
 * Everything A owns, as stored: compared before and after a call by B or an anonymous caller,
 * which must never change any of it.
 */
export async function snapshotOfA(world: World): Promise<string> {
  const { db } = world.t.database;
  const userId = world.a.user.id;
  const estimateRows = await db.select().from(estimates).where(eq(estimates.userId, userId));
  const ids = estimateRows.map((row) => row.id);
  const [vehicleRows, photoRows, messageRows, paymentRows, appointmentRows] = await Promise.all([
    db.select().from(vehicles).where(eq(vehicles.userId, userId)),
    ids.length === 0
      ? db.select().from(photos).where(eq(photos.uploaderId, userId))
      : db
          .select()
          .from(photos)
          .where(or(eq(photos.uploaderId, userId), inArray(photos.estimateId, ids))),
    ids.length === 0 ? [] : db.select().from(messages).where(inArray(messages.estimateId, ids)),
    ids.length === 0 ? [] : db.select().from(payments).where(inArray(payments.estimateId, ids)),
    ids.length === 0 ? [] : db.select().from(appointments).where(inArray(appointments.estimateId, ids)),
  ]);
  const sorted = <T extends { id: string }>(rows: T[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
  return JSON.stringify({
    estimates: sorted(estimateRows),
    vehicles: sorted(vehicleRows),
    photos: sorted(photoRows),
    messages: sorted(messageRows),
    payments: sorted(paymentRows),
    appointments: sorted(appointmentRows),
  });
}

/** Strings that would show A's data in a reply: ids, e-mail, the message, the plate. */
export function secretsOfA(world: World): string[] {
  return [
    world.a.user.id,
    world.a.user.email,
    world.vehicle.id,
    world.vehicle.licensePlate ?? '',
    world.estimate.id,
    world.photoId,
    'Is the bumper repairable?',
  ].filter((value) => value !== '');
}

/**
 * A status link token of A's estimate as this caller would hold it: a valid one for A and the shop, a
 * revoked one for the anonymous caller, one with an altered signature for B.
 */
export async function statusTokenFor(world: World, caller: Caller): Promise<string> {
  const res = await world.t.app.inject({
    method: 'POST',
    url: `/api/estimates/${world.estimate.id}/status-link`,
    headers: as(world.a),
  });
  if (res.statusCode !== 201) throw new Error(`status link: ${res.statusCode} ${res.body}`);
  const token = String(res.json().url).split('/status/')[1] ?? '';
  if (caller === 'customerB') return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  if (caller === 'anonymous') {
    const off = await world.t.app.inject({
      method: 'DELETE',
      url: `/api/estimates/${world.estimate.id}/status-link`,
      headers: as(world.a),
    });
    if (off.statusCode !== 204) throw new Error(`revoking: ${off.statusCode} ${off.body}`);
  }
  return token;
}

/**
 * A payment link token of A's (approved) estimate as this caller would hold it: the one the shop sent
 * for A and the shop, one with an altered signature for B, and a status link's token (signed for
 * another purpose) for the anonymous caller.
 */
export async function paymentTokenFor(world: World, caller: Caller): Promise<string> {
  if (caller === 'anonymous') return statusTokenFor(world, 'customerA');
  const res = await world.t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${world.estimate.id}/payment-link`,
    headers: as(world.admin),
  });
  if (res.statusCode !== 201) throw new Error(`payment link: ${res.statusCode} ${res.body}`);
  const token = String(res.json().url).split('/pay/')[1] ?? '';
  if (caller === 'customerB') return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  return token;
}

/** An open payment intent made through a valid payment link of A's estimate, as its page makes it. */
export async function openPaymentLinkIntent(
  world: World,
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const token = await paymentTokenFor(world, 'customerA');
  const res = await world.t.app.inject({ method: 'POST', url: `/api/pay/${token}/intent` });
  if (res.statusCode !== 200) throw new Error(`payment link intent: ${res.statusCode} ${res.body}`);
  return res.json();
}
