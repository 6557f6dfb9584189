import { and, eq, isNull } from 'drizzle-orm';
import { reminderDay } from '#domain/self-booking.ts';
import type { Db } from '#server/db/client.ts';
import { appointments, estimates } from '#server/db/schema.ts';
import { isCheckedInForThisVisit } from '#server/features/check-ins/shared.ts';
import { notifyDropOffReminder } from '#server/features/notifications/shared.ts';
import { reminderLinks } from './drop-off-link.ts';
import type { SelfBookingSettings } from './settings.ts';

/**
 * Queues the day-before reminder of every drop-off booked for tomorrow that has not had one, while
 * the shop's clock is within the reminder hours, unless the car is already checked in; returns how many. Idempotent, so any number of
 * servers may run it at any time, and a restart loses nothing: the bookings are claimed with
 * FOR UPDATE SKIP LOCKED (two runs never take the same one), `reminded_at` marks each done in the
 * same transaction as its queued messages, and the outbox's dedupe keys (one per appointment) would
 * refuse a second reminder anyway. A booking made after the last run of the day goes unreminded:
 * its confirmation came minutes or hours before.
 */
export async function sendDropOffReminders(
  db: Db,
  settings: Pick<SelfBookingSettings, 'secret' | 'appUrl'>,
  now: Date = new Date(),
): Promise<number> {
  const day = reminderDay(now);
  if (!day) return 0;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ appointment: appointments })
      .from(appointments)
      .innerJoin(estimates, eq(estimates.id, appointments.estimateId))
      .where(
        and(
          eq(appointments.dropOffDate, day),
          eq(appointments.status, 'scheduled'),
          isNull(appointments.remindedAt),
          eq(estimates.status, 'scheduled'),
        ),
      )
      .for('update', { of: appointments, skipLocked: true });
    let reminded = 0;
    for (const { appointment } of due) {
      // A car the shop already checked in needs no "bring your car tomorrow".
      if (await isCheckedInForThisVisit(tx, appointment.estimateId)) continue;
      await notifyDropOffReminder(tx, appointment, reminderLinks(settings, appointment, now));
      await tx.update(appointments).set({ remindedAt: now }).where(eq(appointments.id, appointment.id));
      reminded += 1;
    }
    return reminded;
  });
}
