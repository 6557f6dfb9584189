import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import {
  CONSENT_IS_THE_SHOPS_TO_RECORD,
  CONSENT_MISSING,
  CONSENT_ONLY_FOR_APPROVAL,
  ESTIMATE_CHANGED,
  NOTHING_TO_APPROVE,
} from '#domain/status-transitions.ts';
import { createEstimate } from '#server/db/factories.ts';
import { estimateApprovals, estimates, messages, outbox } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * Consent is the only way to approved (docs/decisions/059): on both paths staff take — the spec's
 * PATCH /api/estimates/{id} and the desk's POST /api/admin/estimates/{id}/status — and for the
 * customer, whose approval names the total they saw.
 */

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const viaStatusRoute = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/estimates/${id}/status`, headers: as(admin), payload });
const viaPatch = (id: string, payload: object, person: Person = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/estimates/${id}`, headers: as(person), payload });
const putLines = (id: string, lines: object[]) =>
  t.app.inject({ method: 'PUT', url: `/api/estimates/${id}/lines`, headers: as(admin), payload: { lines } });
const detailOf = async (id: string): Promise<EstimateDetail> =>
  (await t.app.inject({ url: `/api/estimates/${id}`, headers: as(admin) })).json();
const approvalsOf = (id: string) =>
  t.database.db
    .select()
    .from(estimateApprovals)
    .where(eq(estimateApprovals.estimateId, id))
    .orderBy(asc(estimateApprovals.approvedAt));
const statusOf = async (id: string) =>
  (await t.database.db.select().from(estimates).where(eq(estimates.id, id)))[0]?.status;
const topicsOf = async (id: string) =>
  (await t.database.db.select({ topic: outbox.topic }).from(outbox).where(eq(outbox.estimateId, id))).map(
    (row) => row.topic,
  );

const aliceEstimate = (status: EstimateStatus = 'quoted', estimatedAmount: string | null = '724.00') =>
  createEstimate(t.database.db, { userId: alice.user.id, status, estimatedAmount });

const PAINT = { kind: 'labor', description: 'Refinish door', quantity: 1, unitPrice: '724.00' };
const GOLD = {
  kind: 'part',
  description: 'Gold-plated door',
  quantity: 1,
  unitPrice: '9999.00',
  partType: 'new_oem',
};
const consent = { method: 'phone', name: 'Alice Adams', note: 'Called at 10:12' } as const;

const paths = [
  ['POST /api/admin/estimates/{id}/status', viaStatusRoute],
  ['PATCH /api/estimates/{id}', (id: string, payload: object) => viaPatch(id, payload)],
] as const;

describe.each(paths)('staff recording an approval through %s', (_, setStatus) => {
  it('answers 409 naming the missing consent, and records nothing', async () => {
    const estimate = await aliceEstimate();
    const res = await setStatus(estimate.id, { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: CONSENT_MISSING });
    expect(await statusOf(estimate.id)).toBe('quoted');
    expect(await approvalsOf(estimate.id)).toEqual([]);
  });

  it('records the approval with the consent: method, name, note, the staff member and the time', async () => {
    for (const method of ['in_person', 'phone', 'email', 'text'] as const) {
      const estimate = await aliceEstimate();
      const res = await setStatus(estimate.id, { status: 'approved', consent: { ...consent, method } });
      expect(res.statusCode, res.body).toBe(200);
      const [approval, ...more] = await approvalsOf(estimate.id);
      expect(more).toEqual([]);
      expect(approval).toMatchObject({
        approvedAmount: '724.00',
        approvedBy: admin.user.id,
        consentMethod: method,
        consentName: 'Alice Adams',
        consentNote: 'Called at 10:12',
      });
      expect(approval?.approvedAt).toBeInstanceOf(Date);
      expect((await detailOf(estimate.id)).approvals).toMatchObject([
        {
          approvedAmount: '724.00',
          approvedBy: { id: admin.user.id },
          consent: { method, name: 'Alice Adams', note: 'Called at 10:12' },
        },
      ]);
    }
  });

  it('refuses a bad consent record with a clear message', async () => {
    const estimate = await aliceEstimate();
    for (const [bad, message] of [
      [{ method: 'fax', name: 'Alice' }, 'consent.method must be "in_person", "phone", "email" or "text"'],
      [{ method: 'online', name: 'Alice' }, 'consent.method must be "in_person", "phone", "email" or "text"'],
      [{ method: 'phone' }, 'consent.name: the name of the customer who gave consent'],
      [{ method: 'phone', name: '   ' }, 'consent.name: the name of the customer who gave consent'],
      ['yes', 'consent must be {method: "in_person", "phone", "email" or "text", name, note?}'],
    ] as const) {
      const res = await setStatus(estimate.id, { status: 'approved', consent: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await statusOf(estimate.id)).toBe('quoted');
  });

  it('approves exactly the amount quoted: another expectedAmount is refused, no amount means nothing to approve', async () => {
    const estimate = await aliceEstimate();
    const changed = await setStatus(estimate.id, { status: 'approved', consent, expectedAmount: '700.00' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ message: ESTIMATE_CHANGED });
    const same = await setStatus(estimate.id, { status: 'approved', consent, expectedAmount: '724.00' });
    expect(same.statusCode, same.body).toBe(200);

    const unpriced = await aliceEstimate('pending', null);
    const none = await setStatus(unpriced.id, { status: 'approved', consent });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: NOTHING_TO_APPROVE });
  });

  it('refuses a consent record on a move that records no approval', async () => {
    const estimate = await aliceEstimate('approved');
    const res = await setStatus(estimate.id, { status: 'in_progress', consent });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CONSENT_ONLY_FOR_APPROVAL });
    expect(await statusOf(estimate.id)).toBe('approved');
  });

  it('never walks an approved estimate back to quoted or pending, and says to send a supplement', async () => {
    for (const from of ['approved', 'scheduled', 'in_progress', 'completed'] as const) {
      const estimate = await aliceEstimate(from);
      for (const to of ['quoted', 'pending', 'declined'] as const) {
        const res = await setStatus(estimate.id, { status: to });
        expect(res.statusCode, `${from} → ${to}`).toBe(409);
        expect(res.json().message).toMatch(/supplement/);
      }
      expect(await statusOf(estimate.id)).toBe(from);
      // Cancelling stays possible.
      expect((await setStatus(estimate.id, { status: 'cancelled' })).statusCode).toBe(200);
    }
  });

  it('lets a declined estimate only be quoted anew (which sends the quote) or cancelled', async () => {
    const estimate = await aliceEstimate('declined');
    for (const status of ['approved', 'scheduled', 'in_progress', 'completed', 'pending']) {
      const res = await setStatus(estimate.id, { status, ...(status === 'approved' ? { consent } : {}) });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toMatch(/quoted anew/);
    }
    expect(await topicsOf(estimate.id)).toEqual([]);
    expect((await setStatus(estimate.id, { status: 'quoted' })).statusCode).toBe(200);
    expect(await topicsOf(estimate.id)).toContain('quote_ready');
  });
});

describe('the probe: staff cannot re-price an approval behind the customer', () => {
  it('refuses quoted, a new $9,999.00 line, and staff approval without consent; the $724.00 approval stands', async () => {
    const estimate = await aliceEstimate('quoted');
    expect((await putLines(estimate.id, [PAINT])).statusCode).toBe(200);
    const approved = await viaPatch(estimate.id, { status: 'approved', expectedAmount: '724.00' }, alice);
    expect(approved.statusCode, approved.body).toBe(200);

    for (const setStatus of [viaStatusRoute, (id: string, payload: object) => viaPatch(id, payload)]) {
      const back = await setStatus(estimate.id, { status: 'quoted' });
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toMatch(/cannot go back to Quoted/);
    }
    expect((await putLines(estimate.id, [GOLD])).statusCode).toBe(409);
    expect((await viaPatch(estimate.id, { estimatedAmount: '9999.00' })).statusCode).toBe(409);
    expect((await viaStatusRoute(estimate.id, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await viaStatusRoute(estimate.id, { status: 'completed' })).statusCode).toBe(200);
    const detail = await detailOf(estimate.id);
    expect(detail).toMatchObject({
      status: 'completed',
      estimatedAmount: '724.00',
      approvedAmount: '724.00',
    });
    expect(detail.approvals).toMatchObject([
      { approvedBy: { id: alice.user.id }, consent: { method: 'online' } },
    ]);
  });
});

describe('the customer approves the total they saw', () => {
  it('answers 409 "The estimate changed" when expectedAmount differs, and approves when it matches', async () => {
    const estimate = await aliceEstimate('quoted');
    const stale = await viaPatch(estimate.id, { status: 'approved', expectedAmount: '535.00' }, alice);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: ESTIMATE_CHANGED });
    expect(await statusOf(estimate.id)).toBe('quoted');

    const fresh = await viaPatch(estimate.id, { status: 'approved', expectedAmount: 724 }, alice);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await approvalsOf(estimate.id))[0]).toMatchObject({
      approvedAmount: '724.00',
      approvedBy: alice.user.id,
      consentMethod: 'online',
      consentName: 'Alice Adams',
    });
  });

  it("still approves without expectedAmount (the spec's older clients), and refuses a bad one", async () => {
    const estimate = await aliceEstimate('quoted');
    const bad = await viaPatch(estimate.id, { status: 'approved', expectedAmount: 'lots' }, alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('expectedAmount must be an amount such as "724.00"');
    expect((await viaPatch(estimate.id, { status: 'approved' }, alice)).statusCode).toBe(200);
  });

  it('may not send a consent record: only the shop records one', async () => {
    const estimate = await aliceEstimate('quoted');
    const res = await viaPatch(estimate.id, { status: 'approved', consent }, alice);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CONSENT_IS_THE_SHOPS_TO_RECORD });
    expect(await statusOf(estimate.id)).toBe('quoted');
  });

  it('sees the new quote at once when the shop edits a quoted estimate, and cannot approve the old total', async () => {
    const estimate = await aliceEstimate('quoted');
    expect((await putLines(estimate.id, [PAINT])).statusCode).toBe(200);
    expect(await topicsOf(estimate.id)).toEqual(['quote_ready']);
    expect((await putLines(estimate.id, [PAINT, GOLD])).statusCode).toBe(200);
    expect(await topicsOf(estimate.id)).toEqual(['quote_ready', 'quote_ready']);
    const notes = await t.database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.estimateId, estimate.id))
      .orderBy(asc(messages.createdAt));
    expect(notes.map((note) => note.content)).toEqual([
      'Estimate provided: $724.00',
      expect.stringMatching(/^Estimate provided: \$11,\d{3}\.\d\d$/),
    ]);
    const old = await viaPatch(estimate.id, { status: 'approved', expectedAmount: '724.00' }, alice);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toEqual({ message: ESTIMATE_CHANGED });

    // The plain amounts of a quoted estimate likewise go out as a new quote.
    const plain = await aliceEstimate('quoted');
    expect((await viaPatch(plain.id, { estimatedAmount: '800.00' })).statusCode).toBe(200);
    expect(await topicsOf(plain.id)).toEqual(['quote_ready']);
  });

  it('edits of a pending estimate send nothing (no quote was sent yet)', async () => {
    const estimate = await aliceEstimate('pending', null);
    expect((await putLines(estimate.id, [PAINT])).statusCode).toBe(200);
    expect(await topicsOf(estimate.id)).toEqual([]);
  });
});
