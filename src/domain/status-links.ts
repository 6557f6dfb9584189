import { z } from 'zod';
import { ESTIMATE_STATUSES } from './estimate-status.ts';
import { promisedDateChangeSchema, TIMELINE_KINDS } from './repair-progress.ts';

/**
 * The status link: a signed address that shows one estimate's progress, read-only, to whoever holds
 * it, without signing in. Sent in every e-mail and text about the estimate; the server signs and
 * checks it, both sides agree here on its shape and on what the page may show.
 */

/** A link works for this many days after it is made (each message carries a fresh one). */
export const STATUS_LINK_TTL_DAYS = 30;

/**
 * `<link id>.<expiry>.<signature>`: the link's row id and the signature in base64url (22 characters
 * each, 128 bits), the expiry in base-36 seconds. Short enough for a text.
 */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[0-9a-z]{1,10}\.[A-Za-z0-9_-]{22}$/;

export const isStatusTokenShaped = (token: string) => STATUS_TOKEN_PATTERN.test(token);

/** What a wrong, tampered, expired or revoked link answers, all alike: nothing to tell them apart. */
export const STATUS_LINK_NOT_VALID = 'This link is not valid.';

/** The page's path in the browser app. */
export const statusPagePath = (token: string) => `/status/${token}`;

/** Photos on the status page are served through the token, never by the signed-in photo routes. */
export const statusPhotoUrl = (token: string, photoId: string) => `/api/status/${token}/photos/${photoId}`;
export const statusThumbnailUrl = (token: string, photoId: string) =>
  `${statusPhotoUrl(token, photoId)}/thumbnail`;

/** POST /api/estimates/{id}/status-link (owner or staff). */
export const createdStatusLinkSchema = z.object({ url: z.string() });

const statusPhotoSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
export type StatusPhoto = z.infer<typeof statusPhotoSchema>;

/**
 * GET /api/status/{token}: what the holder of a link may read. The first name and the vehicle only:
 * no e-mail, phone, address, plate, VIN, amounts or messages; no internal entries or photos.
 */
export const statusPageSchema = z.object({
  firstName: z.string().nullable(),
  vehicle: z
    .object({ year: z.number().nullable(), make: z.string().nullable(), model: z.string().nullable() })
    .nullable(),
  status: z.enum(ESTIMATE_STATUSES),
  promisedDate: z.string().nullable(),
  promisedDateHistory: z.array(promisedDateChangeSchema),
  /** Status changes and stages, oldest first; each stage's photos as token-scoped URLs. */
  timeline: z.array(
    z.object({
      kind: z.enum(TIMELINE_KINDS),
      name: z.string(),
      at: z.string(),
      note: z.string().optional(),
      photos: z.array(statusPhotoSchema).optional(),
    }),
  ),
  /** The damage photos sent with the request. */
  photos: z.array(statusPhotoSchema),
  /** When this link stops working (ISO time). */
  expiresAt: z.string(),
});
export type StatusPage = z.infer<typeof statusPageSchema>;
export type StatusTimelineEntry = StatusPage['timeline'][number];
