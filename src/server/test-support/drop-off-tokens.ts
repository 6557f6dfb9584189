import { eq } from 'drizzle-orm';
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

/** A's booked drop-off moved to today, so the shop may mark it missed. */
export async function dropOffDueToday(world: World): Promise<void> {
  await world.t.database.db
    .update(appointments)
    .set({ dropOffDate: shopToday() })
    .where(eq(appointments.estimateId, world.estimate.id));
}
