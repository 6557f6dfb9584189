import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BILLING_MISMATCH_MESSAGE, BILLING_PART_TOO_LARGE_MESSAGE } from '#domain/billing.ts';
import { ESTIMATE_STATUSES, type EstimateStatus } from '#domain/estimate-status.ts';
import { CANNOT_RESPOND, CUSTOMER_STATUS_ONLY } from '#domain/status-transitions.ts';
import { createAppointment, createEstimate } from '#server/db/factories.ts';
import { appointments } from '#server/db/schema.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { AMOUNTS_ARE_THE_SHOPS, TOTAL_REQUIRED } from './service.ts';

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

const patch = (id: string, payload: unknown, person?: Person) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/estimates/${id}`,
    headers: as(person),
    payload: payload as object,
  });

const aliceEstimate = (fields: { status?: EstimateStatus; estimatedAmount?: string | null } = {}) =>
  createEstimate(t.database.db, { userId: alice.user.id, ...fields });

describe('PATCH /api/estimates/{id} {status}: the customer answers a quote', () => {
  it('lets the owner approve or decline a pending or quoted estimate that has an amount', async () => {
    for (const [status, answer] of [
      ['pending', 'approved'],
      ['quoted', 'approved'],
      ['pending', 'declined'],
      ['quoted', 'declined'],
    ] as const) {
      const estimate = await aliceEstimate({ status, estimatedAmount: '980.00' });
      const res = await patch(estimate.id, { status: answer }, alice);
      expect(res.statusCode, `${status} → ${answer}`).toBe(200);
      expect(res.json()).toMatchObject({ id: estimate.id, status: answer, estimatedAmount: '980.00' });
    }
  });

  it('refuses an answer when there is no amount yet, or it is 0', async () => {
    for (const estimatedAmount of [null, '0.00']) {
      const estimate = await aliceEstimate({ status: 'pending', estimatedAmount });
      const res = await patch(estimate.id, { status: 'approved' }, alice);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: CANNOT_RESPOND });
    }
  });

  it('refuses an answer once the estimate has moved on', async () => {
    for (const status of [
      'approved',
      'declined',
      'scheduled',
      'in_progress',
      'completed',
      'cancelled',
    ] as const) {
      const estimate = await aliceEstimate({ status, estimatedAmount: '980.00' });
      for (const answer of ['approved', 'declined']) {
        const res = await patch(estimate.id, { status: answer }, alice);
        expect(res.statusCode, `${status} → ${answer}`).toBe(409);
        expect(res.json().message).toBe(CANNOT_RESPOND);
      }
    }
  });

  it('never lets a customer set any other status', async () => {
    const estimate = await aliceEstimate({ status: 'quoted', estimatedAmount: '980.00' });
    for (const status of [
      'pending',
      'quoted',
      'scheduled',
      'in_progress',
      'in-progress',
      'completed',
      'cancelled',
    ]) {
      const res = await patch(estimate.id, { status }, alice);
      expect(res.statusCode, status).toBe(403);
      expect(res.json()).toEqual({ message: CUSTOMER_STATUS_ONLY });
    }
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimate.id}`,
      headers: as(alice),
    });
    expect(unchanged.json().status).toBe('quoted');
  });

  it("answers another customer's estimate with 404 and anonymous callers with 401", async () => {
    const estimate = await aliceEstimate({ status: 'quoted', estimatedAmount: '980.00' });
    const other = await patch(estimate.id, { status: 'approved' }, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Estimate not found' });
    expect((await patch(estimate.id, { status: 'approved' })).statusCode).toBe(401);
    expect((await patch('not-a-uuid', { status: 'approved' }, alice)).statusCode).toBe(404);
  });

  it('lets the shop move the statuses the transitions table allows, in either spelling', async () => {
    const estimate = await aliceEstimate({ status: 'pending', estimatedAmount: '980.00' });
    const consent = { method: 'in_person', name: 'Alice Smith' };
    for (const [status, extra] of [
      ['quoted', {}],
      ['declined', {}],
      ['quoted', {}],
      ['approved', { consent }],
      ['scheduled', {}],
      ['approved', {}],
      ['in-progress', {}],
      ['completed', {}],
      ['cancelled', {}],
    ] as const) {
      const res = await patch(estimate.id, { status, ...extra }, admin);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().status).toBe(status.replace('-', '_'));
    }
    // Every status was reached through the table; a cancelled estimate stays so.
    for (const status of ESTIMATE_STATUSES.filter((s) => s !== 'cancelled')) {
      expect((await patch(estimate.id, { status }, admin)).statusCode, status).toBe(409);
    }
  });

  it('frees the booked drop-off when the shop cancels or moves back to approved, as the desk does', async () => {
    const bookingAfter = async (status: string) => {
      const estimate = await aliceEstimate({ status: 'scheduled', estimatedAmount: '980.00' });
      await createAppointment(t.database.db, { estimateId: estimate.id, dropOffDate: dayAhead(3) });
      const res = await patch(estimate.id, { status }, admin);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      const rows = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.estimateId, estimate.id));
      return rows.map((row) => row.status);
    };
    expect(await bookingAfter('cancelled')).toEqual(['cancelled']);
    expect(await bookingAfter('approved')).toEqual(['cancelled']);
    // The car is in the shop: the day it came in stays on the calendar.
    expect(await bookingAfter('in_progress')).toEqual(['scheduled']);
  });

  it('names an unknown status', async () => {
    const estimate = await aliceEstimate();
    const res = await patch(estimate.id, { status: 'paid' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Unknown status: paid' });
  });
});

describe('PATCH /api/estimates/{id} {estimatedAmount, customerDeductible, insuranceCoverage}', () => {
  it('is for the shop only', async () => {
    const estimate = await aliceEstimate({ status: 'quoted', estimatedAmount: '980.00' });
    const res = await patch(estimate.id, { estimatedAmount: '1.00' }, alice);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AMOUNTS_ARE_THE_SHOPS });
    expect((await patch(estimate.id, { estimatedAmount: '1.00' }, bob)).statusCode).toBe(404);
    expect((await patch(estimate.id, { estimatedAmount: '1.00' })).statusCode).toBe(401);
  });

  it('stores exact two-decimal amounts, from strings or numbers', async () => {
    const estimate = await aliceEstimate();
    const res = await patch(
      estimate.id,
      { estimatedAmount: 3850, customerDeductible: '500', insuranceCoverage: '3,350.00' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      estimatedAmount: '3850.00',
      customerDeductible: '500.00',
      insuranceCoverage: '3350.00',
    });
  });

  it('refuses a deductible and coverage that do not add up to the total (spec: Billing Error)', async () => {
    const estimate = await aliceEstimate();
    const res = await patch(
      estimate.id,
      { estimatedAmount: '3850.00', customerDeductible: '500.00', insuranceCoverage: '3000.00' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BILLING_MISMATCH_MESSAGE });
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimate.id}`,
      headers: as(admin),
    });
    expect(unchanged.json().estimatedAmount).toBeNull();
  });

  it('tolerates one cent, and skips the check unless both parts are above 0', async () => {
    const estimate = await aliceEstimate();
    const ok = (payload: object) => patch(estimate.id, payload, admin).then((res) => res.statusCode);
    expect(
      await ok({ estimatedAmount: '100.00', customerDeductible: '50.00', insuranceCoverage: '49.99' }),
    ).toBe(200);
    expect(await ok({ estimatedAmount: '100.00', customerDeductible: '50.00', insuranceCoverage: '0' })).toBe(
      200,
    );
    expect(
      await ok({ estimatedAmount: '100.00', customerDeductible: null, insuranceCoverage: '40.00' }),
    ).toBe(200);
  });

  it('keeps a part that is left out and clears one sent as null or empty, checking the result', async () => {
    const estimate = await aliceEstimate();
    await patch(
      estimate.id,
      { estimatedAmount: '1000', customerDeductible: '250', insuranceCoverage: '750' },
      admin,
    );

    const mismatch = await patch(estimate.id, { estimatedAmount: '1200' }, admin);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(BILLING_MISMATCH_MESSAGE);

    const kept = await patch(estimate.id, { estimatedAmount: '1000.01' }, admin);
    expect(kept.json()).toMatchObject({ customerDeductible: '250.00', insuranceCoverage: '750.00' });

    const cleared = await patch(
      estimate.id,
      { estimatedAmount: '1200', customerDeductible: null, insuranceCoverage: '' },
      admin,
    );
    expect(cleared.json()).toMatchObject({
      estimatedAmount: '1200.00',
      customerDeductible: null,
      insuranceCoverage: null,
    });
  });

  it('refuses a part larger than the whole estimate', async () => {
    const estimate = await aliceEstimate();
    const res = await patch(estimate.id, { estimatedAmount: '300', customerDeductible: '500' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BILLING_PART_TOO_LARGE_MESSAGE);
  });

  it('needs a total, and refuses negative, over-precise or non-numeric amounts', async () => {
    const estimate = await aliceEstimate();
    const message = async (payload: unknown) => {
      const res = await patch(estimate.id, payload, admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json().message;
    };
    expect(await message({ estimatedAmount: null })).toBe(TOTAL_REQUIRED);
    expect(await message({ estimatedAmount: '' })).toBe(TOTAL_REQUIRED);
    expect(await message({ estimatedAmount: '-5' })).toBe(
      'Amounts must be 0 or more, with at most two decimals',
    );
    expect(await message({ estimatedAmount: '12.345' })).toBe(
      'Amounts must be 0 or more, with at most two decimals',
    );
    expect(await message({ estimatedAmount: 'twelve' })).toBe(
      'Amounts must be 0 or more, with at most two decimals',
    );
    expect(await message({ estimatedAmount: 1e300 })).toBe(
      'Amounts must be 0 or more, with at most two decimals',
    );
    expect(await message({ estimatedAmount: true })).toBe('Amounts must be numbers');
    expect(await message({ estimatedAmount: '100', customerDeductible: [] })).toBe('Amounts must be numbers');
  });
});

describe('PATCH /api/estimates/{id}: shapes', () => {
  it('takes exactly one of the three shapes', async () => {
    const estimate = await aliceEstimate();
    const message = async (payload: unknown) => {
      const res = await patch(estimate.id, payload, admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json().message as string;
    };
    expect(await message({})).toBe('Send a status, the amounts, the list of photos, or the promised date');
    expect(await message({ notes: 'hi' })).toBe(
      'Send a status, the amounts, the list of photos, or the promised date',
    );
    expect(await message({ status: 'approved', estimatedAmount: '5' })).toMatch(/Unrecognized key/);
    expect(await message({ status: 'approved', userId: bob.user.id })).toMatch(/Unrecognized key/);
    expect(await message({ photos: 'x' })).toBe('Photos must be a list of photo URLs');
    expect(await message({ photos: ['https://evil.example/x.jpg'] })).toBe(
      'Each photo must be a photo uploaded to this shop',
    );
    expect(await message([{ status: 'approved' }])).toBe(
      'Send a status, the amounts, the list of photos, or the promised date',
    );
  });
});
