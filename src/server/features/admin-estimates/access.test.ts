import { describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

describe('/api/admin/estimates/* and /api/admin/plates/*: the shop only', () => {
  it('answers 401 to anonymous callers and 403 to customers, even about their own estimate', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'approved' });
    const calls = [
      { method: 'GET', url: `/api/admin/estimates/${estimate.id}/details` },
      { method: 'GET', url: '/api/admin/plates/ABC1234/estimates' },
      {
        method: 'POST',
        url: `/api/admin/estimates/${estimate.id}/quote`,
        payload: { estimatedAmount: '10' },
      },
      {
        method: 'POST',
        url: `/api/admin/estimates/${estimate.id}/schedule`,
        payload: { date: dayAhead(1), slot: '08:00-10:00', instructions: 'Keys at the desk' },
      },
      { method: 'POST', url: `/api/admin/estimates/${estimate.id}/reschedule` },
      { method: 'POST', url: `/api/admin/estimates/${estimate.id}/status`, payload: { status: 'completed' } },
      // A bad body or id changes nothing: the caller is refused first.
      { method: 'POST', url: `/api/admin/estimates/not-an-id/status`, payload: { status: 'bogus' } },
    ] as const;
    for (const call of calls) {
      const anonymous = await t.app.inject({ ...call });
      expect(anonymous.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
      const customer = await t.app.inject({ ...call, headers: as(alice) });
      expect(customer.statusCode, `${call.method} ${call.url} customer`).toBe(403);
      expect(customer.json().message).toBeTruthy();
    }
    const after = await t.app.inject({ url: `/api/estimates/${estimate.id}`, headers: as(alice) });
    expect(after.json().status).toBe('approved');
  });

  it('serves the shop', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'approved' });
    const details = await t.app.inject({
      url: `/api/admin/estimates/${estimate.id}/details`,
      headers: as(admin),
    });
    expect(details.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/status`,
      headers: as(admin),
      payload: { status: 'in-progress' },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().estimate.status).toBe('in_progress');
  });

  it('answers a missing or malformed id with 404', async () => {
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({ url: `/api/admin/estimates/${id}/details`, headers: as(admin) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Estimate not found' });
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/admin/estimates/${id}/reschedule`,
        headers: as(admin),
      });
      expect(post.statusCode).toBe(404);
    }
  });
});
