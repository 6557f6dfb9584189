import { and, eq } from 'drizzle-orm';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import type { Db } from '#server/db/client.ts';
import { appointments } from '#server/db/schema.ts';
import { withdrawDropOffReminder } from '#server/features/notifications/shared.ts';

/**
 * Ending an estimate's booked drop-off. It lives here, below the shop's desk (admin-estimates), because
 * both status paths need it: the spec's PATCH /api/estimates/{id} and the desk's status route.
 */

/**
 * Frees the estimate's drop-off place(s), as `cancelled` or (the car did not come) `no_show`: the
 * booking stays on record, and a reminder of it still waiting in the outbox is withdrawn.
 */
export async function cancelActiveAppointments(
  tx: Db,
  estimateId: string,
  status: 'cancelled' | 'no_show' = 'cancelled',
): Promise<void> {
  const ended = await tx
    .update(appointments)
    .set({ status })
    .where(and(eq(appointments.estimateId, estimateId), eq(appointments.status, 'scheduled')))
    .returning({ id: appointments.id });
  for (const { id } of ended) await withdrawDropOffReminder(tx, id);
}

/**
 * Statuses under which a booked drop-off still stands: coming in, or already in the shop (the calendar
 * keeps showing the day the car came in). Any other status frees the place.
 */
const KEEPS_DROP_OFF: readonly EstimateStatus[] = ['scheduled', 'in_progress', 'completed'];

/**
 * After a status change, whichever path made it: declined, cancelled or back to approved before the
 * drop-off, the booked place and its reminder must not be left behind.
 */
export async function freeDropOffUnlessKept(
  tx: Db,
  estimateId: string,
  status: EstimateStatus,
): Promise<void> {
  if (!KEEPS_DROP_OFF.includes(status)) await cancelActiveAppointments(tx, estimateId);
}
