import { and, count, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { appointments, users } from '#server/db/schema.ts';
import { findActiveAppointment } from '#server/features/admin-estimates/shared.ts';
import { loadEstimate } from '#server/features/estimates/shared.ts';

/** What the calendar file is made of: the estimate, its booked drop-off and its owner's language. */
export async function loadDropOffEventParts(db: Db, estimateId: string, ownerId: string) {
  const [estimate, appointment, [owner]] = await Promise.all([
    loadEstimate(db, estimateId),
    findActiveAppointment(db, estimateId),
    db.select({ language: users.language }).from(users).where(eq(users.id, ownerId)).limit(1),
  ]);
  const sequence = appointment ? await bookingsBefore(db, appointment.id) : 0;
  return { estimate, appointment, sequence, language: owner?.language };
}

/**
 * The event's SEQUENCE: how many bookings of the same estimate were made before this one. Every
 * booking and every move inserts a row (the old one is only marked cancelled, never deleted), so the
 * count grows with each move and a calendar takes the later file as the update; re-downloading the
 * same booking gives the same number.
 */
async function bookingsBefore(db: Db, appointmentId: string): Promise<number> {
  const booked = alias(appointments, 'booked');
  const [row] = await db
    .select({ value: count() })
    .from(appointments)
    .innerJoin(booked, eq(booked.id, appointmentId))
    .where(and(eq(appointments.estimateId, booked.estimateId), lt(appointments.createdAt, booked.createdAt)));
  return row?.value ?? 0;
}
