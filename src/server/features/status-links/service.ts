import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { isUuid } from '#domain/ids.ts';
import { photoIdFromUrl } from '#domain/photos.ts';
import {
  STATUS_LINK_NOT_VALID,
  STATUS_LINK_TTL_DAYS,
  type StatusPage,
  type StatusPhoto,
  statusPagePath,
  statusPhotoUrl,
  statusThumbnailUrl,
} from '#domain/status-links.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import {
  estimateEvents,
  estimates,
  type PhotoRow,
  photos,
  type StatusLinkRow,
  statusLinks,
  type UserRow,
  users,
  vehicles,
} from '#server/db/schema.ts';
import { findEstimateForUser, loadTimeline } from '#server/features/estimates/shared.ts';
import { hitRateLimit, type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { signStatusToken, verifyStatusToken } from './status-token.ts';

/** What signing and addressing a link needs: the app's secret and its public address. */
export interface StatusLinkSettings {
  secret: string;
  appUrl: string;
}

/**
 * Links past their expiry, revoked or not, open nothing any more (findLiveStatusLink refuses them): their
 * rows go, so the table holds only links that could still be opened.
 */
export async function deleteExpiredStatusLinks(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(statusLinks)
    .where(lt(statusLinks.expiresAt, now))
    .returning({ id: statusLinks.id });
  return deleted.length;
}

export const statusLinkNotValid = () => new AppError('not_found', STATUS_LINK_NOT_VALID);

/**
 * A new link to the estimate's status page, valid for 30 days, as a full URL. Runs inside the
 * caller's transaction: a link put in a message exists exactly when the message is queued.
 */
export async function issueStatusLink(
  tx: Db,
  settings: StatusLinkSettings,
  estimateId: string,
  createdBy: string | null,
  now = new Date(),
): Promise<string> {
  // Whole seconds: the token carries the expiry in seconds and must match its row exactly.
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + STATUS_LINK_TTL_DAYS * 86_400) * 1000);
  const [link] = await tx
    .insert(statusLinks)
    .values({ estimateId, createdBy, expiresAt })
    .returning({ id: statusLinks.id });
  if (!link) throw new Error('status link insert returned nothing');
  const token = signStatusToken(settings.secret, { linkId: link.id, expiresAt });
  return `${settings.appUrl.replace(/\/+$/, '')}${statusPagePath(token)}`;
}

/**
 * Links asked for by one person in an hour: far more than sharing ever needs, and a bound on the
 * rows (each lives 30 days) a script in a loop could add.
 */
export const STATUS_LINKS_PER_USER: RateLimit = {
  name: 'status-link-create',
  max: 30,
  windowSeconds: 60 * 60,
  tooMany: 'Too many requests.',
};

/** POST /api/estimates/{id}/status-link: the owner or the shop asks for a link to share. */
export async function createStatusLink(
  db: Db,
  settings: StatusLinkSettings & { rateLimitScale?: number },
  user: UserRow,
  estimateId: string,
): Promise<{ url: string }> {
  const estimate = await findEstimateForUser(db, estimateId, user);
  await hitRateLimit(db, scaledLimit(STATUS_LINKS_PER_USER, settings.rateLimitScale ?? 1), user.id);
  return { url: await issueStatusLink(db, settings, estimate.id, user.id) };
}

/** DELETE /api/estimates/{id}/status-link: every link of the estimate stops working at once. */
export async function revokeStatusLinks(db: Db, user: UserRow, estimateId: string): Promise<void> {
  const estimate = await findEstimateForUser(db, estimateId, user);
  await db
    .update(statusLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(statusLinks.estimateId, estimate.id), isNull(statusLinks.revokedAt)));
}

/**
 * The link a token names, if the signature holds, it has not expired and nobody turned it off;
 * null otherwise. The signature is checked first: a forged token costs no database lookup.
 */
export async function findLiveStatusLink(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<StatusLinkRow | null> {
  const claims = verifyStatusToken(secret, token, now);
  if (!claims) return null;
  const [link] = await db.select().from(statusLinks).where(eq(statusLinks.id, claims.linkId)).limit(1);
  if (!link || link.revokedAt !== null) return null;
  if (link.expiresAt.getTime() <= now.getTime()) return null;
  if (link.expiresAt.getTime() !== claims.expiresAt.getTime()) return null;
  return link;
}

/** GET /api/status/{token}: the estimate's progress as the link's holder may read it. */
export async function loadStatusPage(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<StatusPage> {
  const link = await findLiveStatusLink(db, secret, token, now);
  if (!link) throw statusLinkNotValid();
  const [row] = await db
    .select({
      status: estimates.status,
      promisedDate: estimates.promisedDate,
      firstName: users.firstName,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      vehicleId: vehicles.id,
    })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(eq(estimates.id, link.estimateId))
    .limit(1);
  if (!row) throw statusLinkNotValid();
  // As the customer sees it: internal stages and their photos are left out by loadTimeline itself.
  const { timeline, promisedDateHistory } = await loadTimeline(db, link.estimateId, false);
  const damagePhotos = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.estimateId, link.estimateId), eq(photos.status, 'ready')))
    .orderBy(asc(photos.position), asc(photos.id));

  const photo = (id: string): StatusPhoto => ({
    url: statusPhotoUrl(token, id),
    thumbnailUrl: statusThumbnailUrl(token, id),
  });
  return {
    firstName: row.firstName?.trim() || null,
    vehicle: row.vehicleId ? { year: row.year, make: row.make, model: row.model } : null,
    status: normalizeStatus(row.status) ?? 'pending',
    promisedDate: row.promisedDate,
    promisedDateHistory,
    timeline: timeline
      .filter((entry) => !entry.internal)
      .map((entry) => {
        const shots = (entry.photos ?? []).flatMap((url) => {
          const id = photoIdFromUrl(url);
          return id ? [photo(id)] : [];
        });
        return {
          kind: entry.kind,
          name: entry.name,
          at: entry.at,
          ...(entry.note ? { note: entry.note } : {}),
          ...(shots.length > 0 ? { photos: shots } : {}),
        };
      }),
    photos: damagePhotos.map((shot) => photo(shot.id)),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * A photo the link's holder may see: a damage photo of that estimate, or a progress photo of one of
 * its stages that is not internal. Null (→ the same 404) for anything else.
 */
export async function findStatusPhoto(
  db: Db,
  secret: string,
  token: string,
  photoId: string,
  now = new Date(),
): Promise<PhotoRow | null> {
  if (!isUuid(photoId)) return null;
  const link = await findLiveStatusLink(db, secret, token, now);
  if (!link) return null;
  const [photo] = await db
    .select()
    .from(photos)
    .where(
      and(
        eq(photos.id, photoId.toLowerCase()),
        eq(photos.status, 'ready'),
        or(
          eq(photos.estimateId, link.estimateId),
          sql`exists (select 1 from ${estimateEvents} where ${estimateEvents.id} = ${photos.eventId}
            and ${estimateEvents.estimateId} = ${link.estimateId} and not ${estimateEvents.internal})`,
        ),
      ),
    )
    .limit(1);
  return photo ?? null;
}
