import { z } from 'zod';
import { photoUrlSchema } from './photos.ts';
import { multiLineText, oneLineText } from './plain-text.ts';

/**
 * Check-in at drop-off (decision 071): the car's odometer, fuel, keys and the damage already there,
 * with a photo of every angle the shop requires, so pickup disputes are settled by what both saw.
 */

/** The walk-around the shop requires unless SHOP_CHECK_IN_ANGLES names others. */
export const DEFAULT_CHECK_IN_ANGLES = ['front', 'rear', 'left', 'right', 'odometer'] as const;

export type DefaultCheckInAngle = (typeof DEFAULT_CHECK_IN_ANGLES)[number];

/** How the pages and the English documents name the default angles. */
export const CHECK_IN_ANGLE_LABELS: Record<DefaultCheckInAngle, string> = {
  front: 'Front',
  rear: 'Rear',
  left: 'Left side',
  right: 'Right side',
  odometer: 'Odometer',
};

export const FUEL_LEVELS = ['empty', '1/4', '1/2', '3/4', 'full'] as const;
export type FuelLevel = (typeof FUEL_LEVELS)[number];

/** How the desk's fuel choices read (in a sentence, lower-cased: "fuel full"). */
export const FUEL_LEVEL_LABELS: Record<FuelLevel, string> = {
  empty: 'Empty',
  '1/4': '1/4',
  '1/2': '1/2',
  '3/4': '3/4',
  full: 'Full',
};

export const CHECK_IN_NOTES_MAX_LENGTH = 2000;
export const CHECK_IN_KEYS_MAX_LENGTH = 200;
export const MAX_CHECK_IN_PHOTOS = 20;
export const ANGLE_MAX_LENGTH = 40;
export const MAX_ODOMETER = 2_000_000;

export const missingAngles = (angles: readonly string[]) =>
  `Check-in needs a photo of every required angle; missing: ${angles.join(', ')}`;
export const CHECK_IN_CLOSED = 'A closed estimate cannot be checked in.';

/** An angle as the shop names it ('Front', ' front ') compares as 'front'. */
export const normalizeAngle = (angle: string) => angle.trim().toLowerCase();

/** The default angle an angle stands for ('Front ' is 'front'), or null for one the shop named itself. */
export function defaultAngle(angle: string): DefaultCheckInAngle | null {
  const normal = normalizeAngle(angle);
  return DEFAULT_CHECK_IN_ANGLES.find((known) => known === normal) ?? null;
}

/** A default angle by its label; one the shop named itself as it wrote it, starting with a capital. */
export function angleLabel(angle: string): string {
  const known = defaultAngle(angle);
  if (known) return CHECK_IN_ANGLE_LABELS[known];
  const named = angle.trim();
  return named.charAt(0).toUpperCase() + named.slice(1);
}

/** POST /api/admin/estimates/{id}/check-in (staff). */
export const checkInSchema = z.strictObject({
  odometer: z
    .number({ error: 'Odometer must be a whole number of miles' })
    .int('Odometer must be a whole number of miles')
    .min(0, 'Odometer must be a whole number of miles')
    .max(MAX_ODOMETER, 'Odometer must be a whole number of miles'),
  fuel: z.enum(FUEL_LEVELS, { error: `Fuel must be one of: ${FUEL_LEVELS.join(', ')}` }).optional(),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(CHECK_IN_NOTES_MAX_LENGTH, `Notes must be at most ${CHECK_IN_NOTES_MAX_LENGTH} characters`)
    .refine(...multiLineText('Notes'))
    .optional(),
  /** How many keys and fobs were left (an addition to the shape: the desk records them). */
  keys: z
    .string({ error: 'Keys must be text' })
    .trim()
    .max(CHECK_IN_KEYS_MAX_LENGTH, `Keys must be at most ${CHECK_IN_KEYS_MAX_LENGTH} characters`)
    .refine(...oneLineText('Keys'))
    .optional(),
  photos: z
    .array(
      z.strictObject({
        angle: z
          .string({ error: 'Each photo needs its angle' })
          .trim()
          .min(1, 'Each photo needs its angle')
          .max(ANGLE_MAX_LENGTH, 'Each photo needs its angle')
          .refine(...oneLineText('Angle')),
        photoURL: photoUrlSchema,
      }),
      { error: 'Photos must be a list of {angle, photoURL}' },
    )
    .max(MAX_CHECK_IN_PHOTOS, `At most ${MAX_CHECK_IN_PHOTOS} check-in photos`),
});
export type CheckInRequest = z.output<typeof checkInSchema>;

/** The required angles no photo covers, in the shop's order. */
export function uncoveredAngles(required: readonly string[], photos: readonly { angle: string }[]): string[] {
  const taken = new Set(photos.map((photo) => normalizeAngle(photo.angle)));
  return required.filter((angle) => !taken.has(normalizeAngle(angle)));
}

/** A check-in as the estimate's owner and the shop read it. */
export const checkInViewSchema = z.object({
  at: z.string(),
  odometer: z.number(),
  fuel: z.enum(FUEL_LEVELS).nullable(),
  notes: z.string().nullable(),
  keys: z.string().nullable(),
  photos: z.array(z.object({ angle: z.string(), url: z.string(), thumbnailUrl: z.string() })),
});
export type CheckInView = z.infer<typeof checkInViewSchema>;

/** The reply of POST /api/admin/estimates/{id}/check-in. */
export const createdCheckInSchema = checkInViewSchema.extend({ id: z.string() });

/** GET /api/estimates/{id}/check-in: the latest check-in (null before one) and the angles the shop requires. */
export const checkInReplySchema = z.object({
  checkIn: checkInViewSchema.nullable(),
  requiredAngles: z.array(z.string()),
});

/** The statuses of a car still to come in: approved (no time yet) and scheduled (a time booked). */
export const STATUSES_BEFORE_DROP_OFF = ['approved', 'scheduled'] as const;

/**
 * True when the car was checked in since the estimate last became approved or scheduled: it is at the
 * shop for this visit, so there is no drop-off left for the customer to book, move or cancel (the
 * status stays approved or scheduled until the shop starts the work). A car the shop sent home is
 * booked again by a new approved or scheduled status, which makes this false again. `events` are the
 * estimate's timeline entries, oldest first (only the last check-in and status entries matter).
 */
export function checkedInForThisVisit(events: readonly { kind: string; name: string }[]): boolean {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (event?.kind === 'check_in') return true;
    if (event?.kind === 'status' && (STATUSES_BEFORE_DROP_OFF as readonly string[]).includes(event.name)) {
      return false;
    }
  }
  return false;
}
