import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MAX_PHOTO_BYTES, type PhotoStepId, photoUrl, type UploadTicket } from '#domain/photos.ts';
import { AppError } from '#server/app-error.ts';
import { photos, type UserRow } from '#server/db/schema.ts';
import {
  etagForKey,
  incomingObjectKey,
  NOT_AN_IMAGE_MESSAGE,
  type PhotoDeps,
  placeholderObjectKey,
  processPhoto,
  saveProcessedPhoto,
  tooLargeError,
  UPLOAD_URL_TTL_SECONDS,
} from '#server/features/photos/shared.ts';
import { hitRateLimit, type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { signUploadToken, verifyUploadToken } from './upload-token.ts';

/**
 * Per user. Generous for a customer (four photos an estimate, retakes, a few cars at once); stops a
 * script filling the database and the disk. The shop's staff get ten times as much.
 */
export const UPLOAD_TICKET_LIMITS = {
  customer: { name: 'photo-upload', max: 60, windowSeconds: 10 * 60 },
  shop: { name: 'photo-upload-shop', max: 600, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimit>;

export const UPLOAD_LINK_INVALID = 'This upload link is not valid.';
export const UPLOAD_LINK_EXPIRED = 'This upload link has expired. Please choose the photo again.';
export const ALREADY_UPLOADED = 'This photo was already uploaded.';

export interface UploadDeps extends PhotoDeps {
  /** The server's secret (SESSION_SECRET); upload tokens are signed with a key derived from it. */
  secret: string;
  /** RATE_LIMIT_SCALE: multiplies the upload allowance. */
  rateLimitScale?: number;
}

/**
 * A photo row waiting for its bytes, counted against the caller's upload allowance: how every upload
 * (a ticket or a resumable one) starts. Answers the photo's id.
 */
export async function startAwaitingPhoto(
  deps: Pick<UploadDeps, 'db' | 'rateLimitScale'>,
  user: UserRow,
  step: PhotoStepId | null,
): Promise<string> {
  const limit = user.isAdmin ? UPLOAD_TICKET_LIMITS.shop : UPLOAD_TICKET_LIMITS.customer;
  await hitRateLimit(deps.db, scaledLimit(limit, deps.rateLimitScale ?? 1), user.id);
  const photoId = randomUUID();
  await deps.db.insert(photos).values({
    id: photoId,
    uploaderId: user.id,
    status: 'awaiting_upload',
    objectKey: placeholderObjectKey(photoId),
    step,
  });
  return photoId;
}

export interface TicketRequest {
  step?: PhotoStepId | null;
  /** The file's length in bytes, when the client says it (the spec's client sends no body). */
  size?: number | null;
}

/**
 * Starts one photo upload for the caller: a photo row waiting for its bytes, and where to send them.
 * S3: a presigned PUT straight to the bucket, for exactly `size` bytes when it is given (S3 itself
 * then refuses any other length; without it, any length, checked only when the photo is attached).
 * Disk: a URL of this app carrying a signed token (the app caps the body itself).
 */
export async function createUploadTicket(
  deps: UploadDeps,
  user: UserRow,
  { step = null, size = null }: TicketRequest = {},
): Promise<UploadTicket> {
  // Refused before a row or a URL exists: the attach would refuse it anyway, after the upload.
  if (size !== null && size > MAX_PHOTO_BYTES) throw tooLargeError();
  const photoId = await startAwaitingPhoto(deps, user, step);
  const uploadURL = deps.store.createUploadUrl
    ? await deps.store.createUploadUrl(incomingObjectKey(photoId), UPLOAD_URL_TTL_SECONDS, size ?? undefined)
    : `/api/objects/upload/${signUploadToken(deps.secret, {
        photoId,
        uploaderId: user.id,
        expiresAt: Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS,
      })}`;
  return { uploadURL, photoURL: photoUrl(photoId) };
}

/**
 * The bytes of a disk upload: only the user the token was made for, once, and only a real image.
 * A refused file leaves nothing stored.
 */
export async function receiveUpload(
  deps: UploadDeps,
  user: UserRow,
  token: string,
  body: unknown,
): Promise<{ photoURL: string; etag: string }> {
  const check = verifyUploadToken(deps.secret, token, user.id);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError('forbidden', UPLOAD_LINK_EXPIRED)
      : new AppError('not_found', UPLOAD_LINK_INVALID);
  }
  const [row] = await deps.db
    .select({ status: photos.status })
    .from(photos)
    .where(and(eq(photos.id, check.photoId), eq(photos.uploaderId, user.id)));
  if (!row) throw new AppError('not_found', UPLOAD_LINK_INVALID);
  if (row.status !== 'awaiting_upload') throw new AppError('conflict', ALREADY_UPLOADED);

  if (!Buffer.isBuffer(body)) throw new AppError('bad_request', NOT_AN_IMAGE_MESSAGE);
  const processed = await processPhoto(body);
  const saved = await saveProcessedPhoto(deps, check.photoId, processed);
  if (!saved) throw new AppError('conflict', ALREADY_UPLOADED);
  return { photoURL: photoUrl(saved.id), etag: etagForKey(saved.objectKey) };
}
