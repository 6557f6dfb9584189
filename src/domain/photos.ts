import { z } from 'zod';

/** 10 MB: the most a phone photo needs; anything larger is refused before it is read. */
export const MAX_PHOTO_BYTES = 10_485_760;

/** Most photos one estimate may carry (four workflow steps plus later additions). */
export const MAX_PHOTOS_PER_ESTIMATE = 20;

export const PHOTO_STEPS = [
  { id: 'overview', label: 'Vehicle Overview', required: true },
  { id: 'damage-front', label: 'Front Damage', required: false },
  { id: 'damage-rear', label: 'Rear Damage', required: false },
  { id: 'damage-side', label: 'Side Damage', required: false },
] as const;

export type PhotoStepId = (typeof PHOTO_STEPS)[number]['id'];

/** Reply of POST /api/objects/upload: PUT the image bytes to uploadURL, then refer to the photo by photoURL. */
export const uploadTicketSchema = z.object({
  uploadURL: z.string(),
  photoURL: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PHOTO_PATH = new RegExp(`^/api/photos/(${UUID})$`, 'i');
/** A disk upload URL's path: '/api/objects/upload/<photoId>.<expiry>.<signature>'. */
const DISK_UPLOAD_PATH = new RegExp(
  `^/api/objects/upload/(${UUID})\\.[0-9a-z]{1,10}\\.[A-Za-z0-9_-]{20,100}$`,
  'i',
);
/** The end of an S3 upload URL's path: '…/incoming/<photoId>'. */
const INCOMING_PATH_END = new RegExp(`/incoming/(${UUID})$`, 'i');

/** The photo id inside a photo URL ('/api/photos/{id}', relative or absolute); null for anything else. */
export function photoIdFromUrl(url: string): string | null {
  let path = url.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const match = PHOTO_PATH.exec(path);
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * The photo id in the path of a disk upload URL ('/api/objects/upload/<token>'), with or without its
 * query string; null for anything else. Only the path: the server decides which host it trusts.
 */
export function photoIdFromDiskUploadPath(path: string): string | null {
  const match = DISK_UPLOAD_PATH.exec(withoutQuery(path));
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * Whether a request may name a photo by this string: its photoURL, or the uploadURL that
 * POST /api/objects/upload answered (disk: '/api/objects/upload/<token>'; S3: a URL ending in
 * '/incoming/<id>'), with or without a query string. The server checks the host and the photo itself.
 */
export function mayNamePhoto(value: string): boolean {
  if (photoIdFromUrl(value) !== null) return true;
  const trimmed = withoutQuery(value);
  if (photoIdFromDiskUploadPath(trimmed) !== null) return true;
  if (!/^https?:\/\//i.test(trimmed)) return false;
  try {
    const path = new URL(trimmed).pathname;
    return photoIdFromDiskUploadPath(path) !== null || INCOMING_PATH_END.test(path);
  } catch {
    return false;
  }
}

function withoutQuery(url: string): string {
  return url.trim().replace(/[?#].*$/s, '');
}

export function photoUrl(photoId: string): string {
  return `/api/photos/${photoId}`;
}

export function thumbnailUrl(photoId: string): string {
  return `/api/photos/${photoId}/thumbnail`;
}

/** Longest photo URL a request may carry (an absolute URL names the photo too). */
export const PHOTO_URL_MAX_LENGTH = 2048;

/** One photo URL in a request body: a string naming a photo of this app. */
export const photoUrlSchema = z
  .string({ error: 'Each photo must be a photo URL' })
  .max(PHOTO_URL_MAX_LENGTH, 'Each photo must be a photo URL')
  .refine(mayNamePhoto, 'Each photo must be a photo uploaded to this shop');

/**
 * Where resumable (tus) photo uploads start: POST here, then PATCH the bytes in chunks to the
 * `Location` answered (`/api/uploads/tus/{photoId}`). The upload's id is the photo's id.
 */
export const RESUMABLE_UPLOAD_PATH = '/api/uploads/tus';

const RESUMABLE_UPLOAD_URL = new RegExp(`${RESUMABLE_UPLOAD_PATH}/(${UUID})$`, 'i');

/** The photo URL a finished resumable upload made, from its upload URL; null for any other URL. */
export function photoUrlFromResumableUpload(uploadUrl: string): string | null {
  const id = RESUMABLE_UPLOAD_URL.exec(withoutQuery(uploadUrl))?.[1];
  return id ? photoUrl(id.toLowerCase()) : null;
}
