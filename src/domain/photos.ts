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

const PHOTO_PATH = /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

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
  .refine((value) => photoIdFromUrl(value) !== null, 'Each photo must be a photo uploaded to this shop');
