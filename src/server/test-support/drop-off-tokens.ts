import { and, eq } from 'drizzle-orm';
import { shopToday } from '#domain/drop-off-slots.ts';
import { appointments } from '#server/db/schema.ts';
import { dropOffLinkToken } from '#server/features/self-booking/shared.ts';
import { testConfig } from './app.ts';
import type { Caller, World } from './authorization-matrix-world.ts';

/**
 * A drop-off link's token for A's estimate, as the reminder carries it, for A and the shop; B gets a
 * tampered copy and the anonymous caller one signed with another secret: both must see nothing.
 */
export function dropOffTokenFor(world: World, caller: Caller): string {
  if (caller === 'anonymous') return dropOffLinkToken('y'.repeat(32), world.estimate.id);
  const token = dropOffLinkToken(testConfig().sessionSecret, world.estimate.id);
  if (caller === 'customerB') return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  return token;
}

/** A's booked drop-off moved to yesterday, its window over, so the shop may mark it missed. */
export async function dropOffWindowOver(world: World): Promise<void> {
  const yesterday = new Date(Date.parse(`${shopToday()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await world.t.database.db
    .update(appointments)
    .set({ dropOffDate: yesterday })
    .where(eq(appointments.estimateId, world.estimate.id));
}

/** The id of A's booked drop-off: what the reminder's confirm link names. */
export async function bookedAppointmentId(world: World): Promise<string> {
  const [row] = await world.t.database.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.estimateId, world.estimate.id), eq(appointments.status, 'scheduled')));
  if (!row) throw new Error('the world has no booked drop-off');
  return row.id;
}
