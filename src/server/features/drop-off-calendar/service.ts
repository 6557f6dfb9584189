import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { findActiveAppointment } from '#server/features/admin-estimates/shared.ts';
import { loadEstimate } from '#server/features/estimates/shared.ts';

/** What the calendar file is made of: the estimate, its booked drop-off and its owner's language. */
export async function loadDropOffEventParts(db: Db, estimateId: string, ownerId: string) {
  const [estimate, appointment, [owner]] = await Promise.all([
    loadEstimate(db, estimateId),
    findActiveAppointment(db, estimateId),
    db.select({ language: users.language }).from(users).where(eq(users.id, ownerId)).limit(1),
  ]);
  return { estimate, appointment, language: owner?.language };
}
