import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail } from '#domain/auth.ts';
import type { BatchCreateEstimate, NewCustomer } from '#domain/estimate-requests.ts';
import type { Estimate, Vehicle } from '#domain/estimate-schema.ts';
import { presentVehicle } from '#domain/estimate-schema.ts';
import { isUuid } from '#domain/ids.ts';
import { toE164 } from '#domain/phone.ts';
import { SMS_OPT_IN_WORDING } from '#domain/text-messages.ts';
import { findSameCar } from '#domain/vehicle-identity.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, type UserRow, users, type VehicleRow, vehicles } from '#server/db/schema.ts';
import { issueWelcomeLink } from '#server/features/auth/shared.ts';
import { notifyEstimateReceived } from '#server/features/notifications/shared.ts';
import { linkPhotos, prepareUploadedPhotos } from '#server/features/photos/shared.ts';
import { hitRateLimit, type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { touchEstimates } from './estimate-access.ts';
import { loadEstimate } from './present-estimates.ts';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const VEHICLE_NOT_FOUND = 'Vehicle not found';
export const NEW_CUSTOMER_EMAIL_REQUIRED =
  "Enter the customer's e-mail to create an estimate for a new customer.";
export const EMAIL_IS_A_SHOP_ACCOUNT =
  "That e-mail belongs to a shop account. Enter the customer's own e-mail or pick the customer.";
export const NEW_CUSTOMER_SHOP_ONLY = 'Only the shop can create an estimate for a new customer.';
export const CUSTOMER_ID_OR_NEW_CUSTOMER =
  'Send either customerId (an existing customer) or customer (a new one), not both.';

/**
 * Per account, counted before any photo is read. Each estimate sends the shop an alert and the
 * customer a confirmation, so a customer gets ten an hour (a few cars, a few retries); the shop's
 * staff enter estimates for many customers and get ten times as much.
 */
export const ESTIMATE_CREATE_LIMITS = {
  customer: {
    name: 'estimate-create',
    max: 10,
    windowSeconds: 60 * 60,
    tooMany: 'You have sent too many estimate requests in the last hour.',
  },
  shop: {
    name: 'estimate-create-shop',
    max: 100,
    windowSeconds: 60 * 60,
    tooMany: 'Too many estimates entered in the last hour.',
  },
} satisfies Record<string, RateLimit>;

/**
 * POST /api/estimates/batch-create: the vehicle, the estimate and its photos are stored in one
 * transaction, so a failure at any step (or a crash) leaves either all of it or nothing.
 *
 * The contact e-mail (where every customer e-mail about the estimate goes, and the shop alert's
 * Reply-To) is never taken from a customer's request: their own estimates use their account's
 * e-mail, whatever the form's `email` says. Only the shop sets another address.
 */
export async function batchCreateEstimate(
  deps: { db: Db; store: ObjectStore; appUrl?: string; rateLimitScale?: number },
  user: UserRow,
  input: BatchCreateEstimate,
): Promise<{ estimate: Estimate; vehicle: Vehicle }> {
  const limit = user.isAdmin ? ESTIMATE_CREATE_LIMITS.shop : ESTIMATE_CREATE_LIMITS.customer;
  await hitRateLimit(deps.db, scaledLimit(limit, deps.rateLimitScale ?? 1), user.id);
  // Checking the uploads may read the object store, so it happens before the transaction opens;
  // it refuses any URL this user did not upload.
  const photoIds = await prepareUploadedPhotos(deps, user, input.photos);
  const smsPhone = textUpdatesPhone(user, input);

  const phone = input.phone || input.customer?.phone || '';

  const { estimateId, vehicle } = await deps.db.transaction(async (tx) => {
    const { owner, created } = await chooseOwner(tx, user, input);
    if (owner.phone === null && phone !== '') {
      await tx
        .update(users)
        .set({ phone, updatedAt: sql`now()` })
        .where(and(eq(users.id, owner.id), isNull(users.phone)));
    }
    const vehicle = await chooseVehicle(tx, owner, input);
    const [estimate] = await tx
      .insert(estimates)
      .values({
        userId: owner.id,
        vehicleId: vehicle.id,
        status: 'pending',
        estimateType: input.estimateType,
        insuranceCompany:
          input.estimateType === 'insurance' && input.insuranceCompany ? input.insuranceCompany : null,
        damageDescription: input.workDescription || null,
        contactEmail: contactEmailFor(user, owner, input),
        contactPhone: phone || null,
        // The opt-in is recorded with who asked (the estimate's customer: the shop cannot tick it) and
        // when, but it never lifts a STOP: that belongs to the number, and only START from the number
        // lifts it (decision 060). Otherwise anyone could type a stranger's number and text them.
        ...(smsPhone && {
          smsPhone,
          smsOptInAt: sql`now()`,
          smsOptInWording: SMS_OPT_IN_WORDING[owner.language],
        }),
      })
      .returning({ id: estimates.id });
    if (!estimate) throw new Error('estimate insert returned nothing');
    // Last step on purpose: a photo claimed meanwhile by another request fails here and takes the
    // vehicle and estimate above down with it.
    await linkPhotos(tx, photoIds, estimate.id, user.id, 0);
    // Queued with the estimate: the confirmation exists exactly when the estimate does.
    // A customer the shop has just created is welcomed by name, with a link to set their password.
    const welcomeToken = created ? await issueWelcomeLink(tx, owner.id) : undefined;
    await notifyEstimateReceived(tx, estimate.id, { submittedByShop: user.isAdmin, welcomeToken });
    return { estimateId: estimate.id, vehicle };
  });

  const estimate = await loadEstimate(deps.db, estimateId);
  if (!estimate) throw new Error('estimate vanished after it was created');
  return { estimate, vehicle: presentVehicle(vehicle) };
}

/**
 * A customer's request is answered at their account's address (the form's `email` is ignored, so
 * nobody can make the shop write to someone else); the shop may give the customer another address.
 */
function contactEmailFor(user: UserRow, owner: UserRow, input: BatchCreateEstimate): string {
  if (user.isAdmin && input.email) return normalizeEmail(input.email);
  return normalizeEmail(owner.email);
}

/**
 * Whose estimate it is: a customer's own; for the shop, the customer it picked, the walk-in customer
 * it names (created here), or the customer with the given e-mail, created on the spot if new. A
 * customer created here has no password yet: the welcome e-mail's link sets one.
 */
async function chooseOwner(
  tx: Db,
  user: UserRow,
  input: BatchCreateEstimate,
): Promise<{ owner: UserRow; created: boolean }> {
  if (!user.isAdmin) {
    if (input.customer) throw new AppError('forbidden', NEW_CUSTOMER_SHOP_ONLY);
    return { owner: user, created: false };
  }
  if (input.customerId && input.customer) throw new AppError('bad_request', CUSTOMER_ID_OR_NEW_CUSTOMER);

  if (input.customerId) {
    const [customer] = isUuid(input.customerId)
      ? await tx
          .select()
          .from(users)
          .where(and(eq(users.id, input.customerId), eq(users.isAdmin, false)))
          .limit(1)
      : [];
    if (!customer) throw new AppError('bad_request', CUSTOMER_NOT_FOUND);
    return { owner: customer, created: false };
  }

  if (input.customer) return { owner: await createWalkIn(tx, input.customer), created: true };

  if (input.email === '') throw new AppError('bad_request', NEW_CUSTOMER_EMAIL_REQUIRED);
  const email = normalizeEmail(input.email);
  // Two requests for the same new customer: the unique index lets one insert, the other finds it.
  const inserted = await tx
    .insert(users)
    .values({ email, phone: input.phone || null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const customer = await findByEmail(tx, email);
  if (!customer) throw new Error('customer row missing after insert');
  if (customer.isAdmin) throw new AppError('bad_request', EMAIL_IS_A_SHOP_ACCOUNT);
  return { owner: customer, created: inserted.length > 0 };
}

async function findByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row;
}

/**
 * A walk-in customer, by name. An e-mail that already has an account is refused (409) rather than
 * taken over: the sentence names who has it, so staff pick that customer instead.
 */
async function createWalkIn(tx: Db, customer: NewCustomer): Promise<UserRow> {
  const email = normalizeEmail(customer.email);
  const [created] = await tx
    .insert(users)
    .values({
      email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone || null,
      language: customer.language,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findByEmail(tx, email);
  if (existing?.isAdmin) throw new AppError('conflict', EMAIL_IS_A_SHOP_ACCOUNT);
  throw new AppError('conflict', emailAlreadyACustomer(email, existing));
}

export function emailAlreadyACustomer(
  email: string,
  existing: Pick<UserRow, 'firstName' | 'lastName'> | undefined,
): string {
  const name = [existing?.firstName, existing?.lastName].filter(Boolean).join(' ').trim();
  return name
    ? `${email} already belongs to the customer ${name}. Search for them under "Existing customer" instead.`
    : `${email} already belongs to a customer. Search for them under "Existing customer" instead.`;
}

/**
 * The estimate's car: the known vehicle picked (`vehicleId`, the customer's own, else 404), or the
 * customer's record of the same car (isSameCar: same VIN, or same plate, make and model), or a new
 * record. A reused record keeps what it says; the request only fills in what it lacks and brings the
 * odometer forward. The owner's row is locked so two requests for one new car store it once.
 */
async function chooseVehicle(tx: Db, owner: UserRow, input: BatchCreateEstimate): Promise<VehicleRow> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
  const request = {
    year: input.vehicleInfo.year,
    make: input.vehicleInfo.make,
    model: input.vehicleInfo.model,
    licensePlate: input.vehicleInfo.licensePlate,
    vin: input.vinNumber,
  };
  const known = input.vehicleId
    ? await ownVehicle(tx, owner, input.vehicleId)
    : findSameCar(
        await tx
          .select()
          .from(vehicles)
          .where(eq(vehicles.userId, owner.id))
          .orderBy(desc(vehicles.createdAt), desc(vehicles.id)),
        request,
      );
  if (!known) {
    const [vehicle] = await tx
      .insert(vehicles)
      .values({ userId: owner.id, ...request, mileage: input.odometerReading })
      .returning();
    if (!vehicle) throw new Error('vehicle insert returned nothing');
    return vehicle;
  }
  const [vehicle] = await tx
    .update(vehicles)
    .set({
      year: known.year ?? request.year,
      make: known.make || request.make,
      model: known.model || request.model,
      licensePlate: known.licensePlate || request.licensePlate,
      vin: known.vin || request.vin,
      mileage: Math.max(known.mileage ?? 0, input.odometerReading),
      updatedAt: sql`now()`,
    })
    .where(eq(vehicles.id, known.id))
    .returning();
  if (!vehicle) throw new Error('vehicle update returned nothing');
  await touchEstimates(tx, eq(estimates.vehicleId, vehicle.id));
  return vehicle;
}

async function ownVehicle(tx: Db, owner: UserRow, id: string): Promise<VehicleRow> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.userId, owner.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', VEHICLE_NOT_FOUND);
  return row;
}

export const SMS_OPT_IN_CUSTOMER_ONLY = 'Only the customer can ask for text updates, on their own request.';
export const SMS_PHONE_REQUIRED =
  'To get text updates, enter a mobile number we can text, e.g. (813) 555-0101.';

/** The number repair updates are texted to (E.164), when the customer asked for texts on this request. */
function textUpdatesPhone(user: UserRow, input: BatchCreateEstimate): string | null {
  if (!input.smsOptIn) return null;
  if (user.isAdmin) throw new AppError('bad_request', SMS_OPT_IN_CUSTOMER_ONLY);
  const phone = toE164(input.phone);
  if (!phone) throw new AppError('bad_request', SMS_PHONE_REQUIRED);
  return phone;
}
