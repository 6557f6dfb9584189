import { DROP_OFF_LINK_TTL_DAYS, dropOffConfirmPath, dropOffLinkPath } from '#domain/self-booking.ts';
import { STATUS_LINK_NOT_VALID } from '#domain/status-links.ts';
import { AppError } from '#server/app-error.ts';
import type { ReminderLinks } from '#server/features/notifications/shared.ts';
import { signLinkToken, verifyLinkToken } from '#server/features/status-links/shared.ts';
import type { SelfBookingSettings } from './settings.ts';

/**
 * The drop-off link: `<estimate id>.<expiry>.<signature>`, signed like a status link under a purpose
 * of its own (no status, payment or survey token opens it). It names the estimate, not one booking:
 * after a move the same link shows the new time (the confirm link adds the booking it confirms). Nothing is stored for it; it dies
 * DROP_OFF_LINK_TTL_DAYS after it was made.
 */
const PURPOSE = 'drop-off-link-token-v1';

export const dropOffLinkNotValid = () => new AppError('not_found', STATUS_LINK_NOT_VALID);

export function dropOffLinkToken(secret: string, estimateId: string, now = new Date()): string {
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + DROP_OFF_LINK_TTL_DAYS * 86_400) * 1000);
  return signLinkToken(secret, PURPOSE, estimateId, expiresAt);
}

/**
 * The reminder's confirm and reschedule links: one token, the same page; the confirm link names the
 * booking reminded of, so it confirms that booking or, once moved, none.
 */
export function reminderLinks(
  settings: Pick<SelfBookingSettings, 'secret' | 'appUrl'>,
  appointment: { id: string; estimateId: string },
  now = new Date(),
): ReminderLinks {
  const token = dropOffLinkToken(settings.secret, appointment.estimateId, now);
  const base = settings.appUrl.replace(/\/+$/, '');
  return {
    confirmUrl: `${base}${dropOffConfirmPath(token, appointment.id)}`,
    rescheduleUrl: `${base}${dropOffLinkPath(token)}`,
  };
}

/** The estimate a token names, if its signature holds and it has not expired; else the one plain 404. */
export function estimateIdOfLink(secret: string, token: string, now = new Date()): string {
  const claims = verifyLinkToken(secret, PURPOSE, token, now);
  if (!claims) throw dropOffLinkNotValid();
  return claims.id;
}
