import { it } from 'vitest';
import { createEstimate } from '../db/factories.js';
import { postMessage } from '../features/messages/service.js';
import { searchCustomers } from '../features/customers/service.js';
import { findEstimatesByPlate } from '../features/admin-estimates/details.js';
import { createTestApp } from '../test-support/test-app.js';
import { createCast } from '../test-support/test-people.js';
it('probe', async () => {
  const t = await createTestApp();
  const { alice, admin } = await createCast(t);
  const e = await createEstimate(t.database.db, { userId: alice.user.id });
  for (const [name, f] of [
    ['message', () => postMessage(t.database.db, alice.user, e.id, 'a\u0000b')],
    ['customers', () => searchCustomers(t.database.db, admin.user, 'a\u0000b')],
    ['plate', () => findEstimatesByPlate(t.database.db, 'a\u0000b')],
  ] as const) {
    try { await f(); console.log(name, 'ok'); } catch (err) { console.log(name, 'THROWS', (err as Error).constructor.name, String((err as Error).message).slice(0, 80), (err as {cause?: {code?: string}}).cause?.code); }
  }
  await t.close();
});
