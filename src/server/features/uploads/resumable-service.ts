import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { MAX_PHOTO_BYTES, PHOTO_STEPS, type PhotoStepId, photoUrl } from '#domain/photos.ts';
import { AppError } from '#server/app-error.ts';
import { photos, type UserRow } from '#server/db/schema.ts';
import {
  NOT_AN_IMAGE_MESSAGE,
  processPhoto,
  saveProcessedPhoto,
  tooLargeError,
} from '#server/features/photos/shared.ts';
import { type ResumableStore, removeResumableUpload } from './resumable-store.ts';
import { ALREADY_UPLOADED, startAwaitingPhoto, type UploadDeps } from './service.ts';

export const UPLOAD_NOT_FOUND = 'This upload was not found. Please choose the photo again.';
/** tus concatenation (parallel parts joined later): a photo is small enough to go as one upload. */
export const UPLOAD_CONCAT_UNSUPPORTED =
  'Upload-Concat: this server takes each photo as one upload, not in parts to be joined. Send it without Upload-Concat.';
export const UPLOAD_LENGTH_REQUIRED = 'Upload-Length: say the photo’s size in bytes when the upload starts.';

export interface ResumableDeps extends UploadDeps {
  resumable: ResumableStore;
}

/** The photo step named in the upload's metadata, when it names a known one. */
function stepFrom(metadata: Record<string, string | null> | undefined): PhotoStepId | null {
  const step = metadata?.step;
  return PHOTO_STEPS.some((known) => known.id === step) ? (step as PhotoStepId) : null;
}

/**
 * A new resumable upload counts against the same allowance as an upload ticket, and is a photo row
 * waiting for its bytes, like a ticket's: the upload's id is the photo's id.
 */
export async function startResumableUpload(
  deps: ResumableDeps,
  user: UserRow,
  metadata: Record<string, string | null> | undefined,
): Promise<string> {
  return startAwaitingPhoto(deps, user, stepFrom(metadata));
}

/** Only the user who started an upload may continue, ask about or cancel it, and only until it is done. */
export async function assertOwnUpload(deps: ResumableDeps, user: UserRow, photoId: string): Promise<void> {
  const [row] = await deps.db
    .select({ status: photos.status })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.uploaderId, user.id)));
  if (!row) throw new AppError('not_found', UPLOAD_NOT_FOUND);
  if (row.status !== 'awaiting_upload') throw new AppError('conflict', ALREADY_UPLOADED);
}

/**
 * The last byte is in: the same checks as any upload (a real image, at most 10 MB, cleaned and
 * thumbnailed), then the photo is ready for an estimate to take by its photoURL. The upload's parts
 * are removed once it is a photo, or when the file is refused for what it is (a refused file leaves
 * nothing stored). After any other failure (the store or the database down a moment) they stay, so a
 * retry can finish it; one never finished goes with its photo row a day later (cleanup.ts).
 */
export async function finishResumableUpload(deps: ResumableDeps, photoId: string): Promise<string> {
  const removeParts = () => removeResumableUpload(deps.resumable, photoId).catch(() => undefined);
  try {
    const bytes = await readAll(await deps.resumable.read(photoId));
    const processed = await processPhoto(bytes);
    const saved = await saveProcessedPhoto(deps, photoId, processed);
    if (!saved) throw new AppError('conflict', ALREADY_UPLOADED);
    await removeParts();
    return photoUrl(saved.id);
  } catch (error) {
    if (error instanceof AppError) await removeParts();
    throw error;
  }
}

/**
 * A HEAD for an upload with every byte in whose photo was never made (its last PATCH failed on a
 * store or database that was down): the photo is made now. tus-js-client retries a failed PATCH by
 * asking with a HEAD, and takes an upload whose offset is its size as done, so this is where a retry
 * finishes. Null when bytes are still missing: tus answers the HEAD itself.
 */
export async function finishCompleteUpload(
  deps: ResumableDeps,
  photoId: string,
): Promise<{ size: number; photoURL: string } | null> {
  const upload = await deps.resumable.getUpload(photoId).catch(() => null);
  if (upload?.size === undefined || upload.offset !== upload.size) return null;
  return { size: upload.size, photoURL: await finishResumableUpload(deps, photoId) };
}

async function readAll(source: unknown): Promise<Buffer> {
  if (!(source instanceof Readable)) throw new AppError('bad_request', NOT_AN_IMAGE_MESSAGE);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_PHOTO_BYTES) {
      source.destroy();
      throw tooLargeError();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
