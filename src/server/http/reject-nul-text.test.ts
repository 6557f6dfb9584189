import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { messages } from '#server/db/schema.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { NUL_CHARACTER_MESSAGE } from './reject-nul-text.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

describe('text holding the NUL character', () => {
  it('is refused with 400 wherever it comes (body, path, query), before anything is stored', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const calls = [
      {
        method: 'POST' as const,
        url: `/api/estimates/${estimate.id}/messages`,
        headers: as(alice),
        payload: { content: 'see\u0000you' },
      },
      {
        method: 'POST' as const,
        url: '/api/login',
        payload: { email: 'a\u0000@example.com', password: 'x\u0000yzabc' },
      },
      { method: 'GET' as const, url: '/api/admin/plates/AB%00C/estimates', headers: as(admin) },
      { method: 'GET' as const, url: '/api/customers?q=Al%00ice', headers: as(admin) },
      { method: 'GET' as const, url: '/api/vehicles?q=%00', headers: as(alice) },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect([res.statusCode, res.json()], call.url).toEqual([400, { message: NUL_CHARACTER_MESSAGE }]);
    }
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.estimateId, estimate.id));
    expect(stored?.n).toBe(0);
  });

  it('is refused inside nested keys and values too', async () => {
    const vehicle = await createVehicle(t.database.db, alice.user.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle.id}`,
      headers: { ...as(alice), 'content-type': 'application/json' },
      payload: '{"licensePlate": "ABC1", "x\\u0000": [[{"y": 1}]]}',
    });
    expect([res.statusCode, res.json().message]).toEqual([400, NUL_CHARACTER_MESSAGE]);
  });

  it('leaves the sign-in check first: an anonymous caller still hears 401', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/estimates/${estimate.id}/messages`,
      payload: { content: '\u0000' },
    });
    expect(res.statusCode).toBe(401);
  });
});
