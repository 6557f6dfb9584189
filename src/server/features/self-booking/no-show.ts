import { eq } from 'drizzle-orm';
import type { AdminEstimateDetails } from '#domain/admin-estimates.ts';
import { noShowNote } from '#domain/admin-notes.ts';
import { dropOffWindow } from '#domain/drop-off-slots.ts';
import { dropOffLinkPath } from '#domain/self-booking.ts';
import { AppError, forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, type UserRow } from '#server/db/schema.ts';
import {
  findActiveAppointment,
  loadAdminEstimateDetails,
  writeNote,
} from '#server/features/admin-estimates/shared.ts';
import {
  cancelActiveAppointments,
  lockEstimateForUser,
  touchEstimates,
} from '#server/features/estimates/shared.ts';
import { notifyNewMessage } from '#server/features/notifications/shared.ts';
import { dropOffLinkToken } from './drop-off-link.ts';
import type { SelfBookingSettings } from './settings.ts';

export const NOT_A_BOOKED_DROP_OFF = 'Only a scheduled drop-off can be marked as missed.';
export const DROP_OFF_NOT_DUE =
  'This drop-off window has not ended yet: it can be marked as missed once the window is over.';

/**
 * The car did not come by the end of its window: the booking is kept as a no-show (counted on the dashboard and in the
 * customer's history), its place freed, the estimate approved again, and the customer gets a kind
 * note (and its e-mail) with the link to book a new time.
 */
export async function markNoShow(
  db: Db,
  settings: SelfBookingSettings,
  admin: UserRow,
  estimateId: string,
): Promise<AdminEstimateDetails> {
  if (!admin.isAdmin) throw forbidden();
  const now = settings.now?.() ?? new Date();
  await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, estimateId, admin);
    const booked = estimate.status === 'scheduled' ? await findActiveAppointment(tx, estimate.id) : null;
    if (!booked) throw new AppError('conflict', NOT_A_BOOKED_DROP_OFF);
    // Before the window ends the car may still come: a 2 PM window is not missed at 7 AM.
    if (dropOffWindow(booked.date, booked.slot).end > now) throw new AppError('conflict', DROP_OFF_NOT_DUE);
    await cancelActiveAppointments(tx, estimate.id, 'no_show');
    await tx.update(estimates).set({ status: 'approved' }).where(eq(estimates.id, estimate.id));
    const bookingUrl = `${settings.appUrl.replace(/\/+$/, '')}${dropOffLinkPath(dropOffLinkToken(settings.secret, estimate.id, now))}`;
    await notifyNewMessage(tx, await writeNote(tx, admin, estimate.id, noShowNote(booked, bookingUrl)));
    await touchEstimates(tx, estimate.id);
  });
  return loadAdminEstimateDetails(db, estimateId);
}
