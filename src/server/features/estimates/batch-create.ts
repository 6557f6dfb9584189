import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail } from '#domain/auth.ts';
import type { BatchCreateEstimate } from '#domain/estimate-requests.ts';
import type { Estimate, Vehicle } from '#domain/estimate-schema.ts';
import { presentVehicle } from '#domain/estimate-schema.ts';
import { toE164 } from '#domain/phone.ts';
import { SMS_OPT_IN_WORDING } from '#domain/text-messages.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, type UserRow, users } from '#server/db/schema.ts';
import { issueWelcomeLink } from '#server/features/auth/shared.ts';
import { notifyEstimateReceived } from '#server/features/notifications/shared.ts';
import { linkPhotos, prepareUploadedPhotos } from '#server/features/photos/shared.ts';
import { hitRateLimit, type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { chooseOwner } from './estimate-owner.ts';
import { chooseVehicle } from './estimate-vehicle.ts';
import { loadEstimate } from './present-estimates.ts';

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
    // A customer who has not claimed the account (just created by the shop, a link never used, or
    // held for its mailbox) is welcomed by name, with a link to set their password.
    const unclaimed = owner.passwordHash === null && owner.emailConfirmedAt === null;
    const welcomeToken = created || unclaimed ? await issueWelcomeLink(tx, owner.id) : undefined;
    await notifyEstimateReceived(tx, estimate.id, {
      submittedByShop: user.isAdmin,
      welcomeToken,
      accountCreated: created,
    });
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
