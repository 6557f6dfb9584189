import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { type EstimateRow, messages } from '#server/db/schema.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { NUL_CHARACTER_MESSAGE } from './reject-nul-text.ts';
import { CROSS_SITE_REFUSED } from './same-origin.ts';

let estimate: EstimateRow;

const t = setUpTestShop();
const { alice } = setUpCast(t);
beforeAll(async () => {
  estimate = await createEstimate(t.database.db, { userId: alice.user.id });
});

async function storedMessages(): Promise<number> {
  const rows = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
  return rows.length;
}

describe('security: /%61pi/… gets every check /api/… gets (hooks decide by route, not raw URL)', () => {
  it('refuses a state-changing request from another origin', async () => {
    const before = await storedMessages();
    const res = await t.app.inject({
      method: 'POST',
      url: `/%61pi/estimates/${estimate.id}/messages`,
      headers: { ...as(alice), 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: { content: 'forged' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CROSS_SITE_REFUSED });
    expect(await storedMessages()).toBe(before);
  });

  it('refuses a NUL character in the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/%61pi/estimates/${estimate.id}/messages`,
      headers: as(alice),
      payload: { content: 'nul \u0000 here' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NUL_CHARACTER_MESSAGE });
  });

  it('looks the session up and marks the answer no-store', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/%61pi/auth/user', headers: as(alice) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(alice.user.email);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ method: 'GET', url: '/%61pi/estimates', headers: as(alice) });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps no-store on unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
