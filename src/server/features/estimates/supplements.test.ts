import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { photoUrl } from '#domain/photos.ts';
import { CONSENT_IS_THE_SHOPS, CONSENT_REQUIRED, type Supplement } from '#domain/supplements.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { estimates, messages } from '#server/db/schema.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { amountsApproved } from './service.ts';
import {
  alreadyDecided,
  anotherPending,
  NO_LINES_FOR_SUPPLEMENT,
  notThisEstimatesPhoto,
  SUPPLEMENTS_ARE_THE_SHOPS,
} from './supplements.ts';

const t = setUpTestShop({
  pricing: { laborRateCents: 6500, taxRateMillis: 7000, taxableKinds: ['part', 'materials'] },
});
const { alice, bob, admin } = setUpCast(t);

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, person: Person, payload?: object) =>
  t.app.inject({ method, url, headers: as(person), ...(payload ? { payload } : {}) });
const send = (id: string, body: object, person: Person = admin) =>
  call('POST', `/api/estimates/${id}/supplements`, person, body);
const decide = (id: string, sid: string, body: object, person: Person = alice) =>
  call('POST', `/api/estimates/${id}/supplements/${sid}/decision`, person, body);
const detail = async (id: string): Promise<EstimateDetail> =>
  (await call('GET', `/api/estimates/${id}`, alice)).json();

const BUMPER = {
  kind: 'part',
  description: 'Front bumper cover',
  quantity: 1,
  unitPrice: '400.00',
  partType: 'new_oem',
};
const LABOR = { kind: 'labor', description: 'Repair and refinish', quantity: 4 }; // 4 h × $65 = $260, untaxed

/** Quoted with lines ($400 part + 7% tax + $260 labor = $688.00) and approved by Alice. */
async function approvedEstimate(): Promise<EstimateDetail> {
  const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'quoted' });
  await call('PUT', `/api/estimates/${estimate.id}/lines`, admin, { lines: [BUMPER, LABOR] });
  const res = await call('PATCH', `/api/estimates/${estimate.id}`, alice, { status: 'approved' });
  expect(res.json()).toMatchObject({ approvedAmount: '688.00', estimatedAmount: '688.00' });
  return res.json();
}

const FOUND = {
  reason: 'Bent radiator support found at teardown',
  lines: [
    { kind: 'part', description: 'Radiator support', quantity: 1, unitPrice: '300.00', partType: 'used' },
    { kind: 'labor', description: 'Replace radiator support', quantity: 2 },
  ],
};

describe('POST /api/estimates/{id}/supplements', () => {
  it('answers 201 {id, status: "pending", amount}, asks the customer by e-mail, and leaves the lines as approved', async () => {
    const estimate = await approvedEstimate();
    const photo = await createUploadedPhoto(t.database.db, {
      uploaderId: admin.user.id,
      estimateId: estimate.id,
    });
    const res = await send(estimate.id, { ...FOUND, photos: [photoUrl(photo.id)] });
    expect(res.statusCode).toBe(201);
    const supplement: Supplement = res.json();
    // $300 + 7% ($21) + 2 h × $65 ($130) = $451.00
    expect(supplement).toMatchObject({
      status: 'pending',
      amount: '451.00',
      number: 1,
      photos: [photoUrl(photo.id)],
      createdBy: { id: admin.user.id, name: 'Rick' },
      consent: null,
    });
    expect(supplement.lines.map((line) => [line.description, line.amount, line.partType])).toEqual([
      ['Radiator support', '300.00', 'used'],
      ['Replace radiator support', '130.00', null],
    ]);
    const after = await detail(estimate.id);
    expect(after).toMatchObject({ estimatedAmount: '688.00', approvedAmount: '688.00' });
    expect(after.lines).toHaveLength(2);
    expect(after.supplements).toEqual([supplement]);

    const [mail] = (await queuedEmails(t.database.db, estimate.id)).filter(
      (m) => m.topic === 'supplement_sent',
    );
    expect(mail?.payload.to).toBe('alice@example.com');
    expect(mail?.payload.subject).toBe('Supplement #1 to your estimate needs your approval: +$451.00');
    expect(mail?.payload.text).toContain(`/estimate/${estimate.id}`);
    expect(mail?.payload.text).toContain('$1,139.00');
    const notes = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(notes.map((note) => note.content)).toContainEqual(
      expect.stringMatching(/^Supplement #1: Bent radiator/),
    );
  });

  it('refuses a customer, an estimate not yet approved, one without lines, a second pending one', async () => {
    const estimate = await approvedEstimate();
    expect((await send(estimate.id, FOUND, alice)).json().message).toBe(SUPPLEMENTS_ARE_THE_SHOPS);
    expect((await send(estimate.id, FOUND, bob)).statusCode).toBe(403);

    const quoted = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '500.00',
    });
    const early = await send(quoted.id, FOUND);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/change its lines instead/);
    const plain = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'approved',
      estimatedAmount: '500.00',
    });
    expect((await send(plain.id, FOUND)).json().message).toBe(NO_LINES_FOR_SUPPLEMENT);

    expect((await send(estimate.id, FOUND)).statusCode).toBe(201);
    const second = await send(estimate.id, FOUND);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(anotherPending(1));
  });

  it('refuses bad lines naming the line, unknown replaced lines and photos of other estimates', async () => {
    const estimate = await approvedEstimate();
    const bad = await send(estimate.id, { ...FOUND, lines: [FOUND.lines[0], { ...LABOR, quantity: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Line 2: quantity must be more than 0/);
    const unknown = await send(estimate.id, {
      ...FOUND,
      lines: [{ ...BUMPER, replacesLineId: crypto.randomUUID() }],
    });
    expect(unknown.json().message).toBe('Line 1: replacesLineId is not one of this estimate’s lines');
    const elsewhere = await createUploadedPhoto(t.database.db, { uploaderId: admin.user.id });
    const photo = await send(estimate.id, { ...FOUND, photos: [photoUrl(elsewhere.id)] });
    expect(photo.json().message).toBe(notThisEstimatesPhoto(0));
    expect((await send(estimate.id, { ...FOUND, reason: ' ' })).statusCode).toBe(400);
    expect((await send(estimate.id, { ...FOUND, lines: [] })).json().message).toBe(
      'A supplement needs at least one line.',
    );
    expect((await detail(estimate.id)).supplements).toEqual([]);
  });
});

describe('POST /api/estimates/{id}/supplements/{sid}/decision', () => {
  it('the owner approves online: the lines apply (replacing the one named), the approved amount rises', async () => {
    const estimate = await approvedEstimate();
    const bumper = estimate.lines[0];
    const sent: Supplement = (
      await send(estimate.id, {
        reason: 'The bumper cover is cracked behind the grille: OEM needed',
        lines: [{ ...BUMPER, unitPrice: '550.00', replacesLineId: bumper?.id }],
      })
    ).json();
    expect(sent.amount).toBe('160.50'); // (550 − 400) × 1.07
    const res = await decide(estimate.id, sent.id, { decision: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      decidedBy: { id: alice.user.id, name: 'Alice Adams' },
      consent: { method: 'online', name: 'Alice Adams', note: null },
    });
    const after = await detail(estimate.id);
    expect(after).toMatchObject({ estimatedAmount: '848.50', approvedAmount: '848.50' });
    expect(after.lines.map((line) => line.description)).toEqual([
      'Repair and refinish',
      'Front bumper cover',
    ]);
    expect(after.lines[1]).toMatchObject({
      amount: '550.00',
      replacesLineId: bumper?.id,
      supplementId: sent.id,
    });
    expect(after.approvals.map((a) => [a.approvedAmount, a.supplementId])).toEqual([
      ['688.00', null],
      ['848.50', sent.id],
    ]);
    // Answered once only.
    const again = await decide(estimate.id, sent.id, { decision: 'declined' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(alreadyDecided(1, 'approved'));
  });

  it('declined: the lines stay as approved; on the history', async () => {
    const estimate = await approvedEstimate();
    const sent: Supplement = (await send(estimate.id, FOUND)).json();
    const res = await decide(estimate.id, sent.id, { decision: 'declined' });
    expect(res.json().status).toBe('declined');
    const after = await detail(estimate.id);
    expect(after).toMatchObject({ estimatedAmount: '688.00', approvedAmount: '688.00' });
    expect(after.lines).toHaveLength(2);
    const notes = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(notes.map((note) => note.content)).toContain('Supplement #1 declined online: +$451.00.');
  });

  it('staff record an oral consent with how, who and a note, kept with their name and the time', async () => {
    const estimate = await approvedEstimate();
    const sent: Supplement = (await send(estimate.id, FOUND)).json();
    const missing = await decide(estimate.id, sent.id, { decision: 'approved' }, admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CONSENT_REQUIRED);
    const badMethod = await decide(
      estimate.id,
      sent.id,
      { decision: 'approved', consent: { method: 'email', name: 'Alice' } },
      admin,
    );
    expect(badMethod.json().message).toBe('consent.method must be "phone" or "in_person"');
    const res = await decide(
      estimate.id,
      sent.id,
      {
        decision: 'approved',
        consent: { method: 'phone', name: 'Alice Adams', note: 'Called 555-0101 at 10:12' },
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const decided: Supplement = res.json();
    expect(decided).toMatchObject({
      status: 'approved',
      decidedBy: { id: admin.user.id, name: 'Rick' },
      consent: { method: 'phone', name: 'Alice Adams', note: 'Called 555-0101 at 10:12' },
    });
    expect(Date.now() - Date.parse(decided.decidedAt ?? '')).toBeLessThan(60_000);
    expect((await detail(estimate.id)).approvedAmount).toBe('1139.00');
    const notes = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(notes.map((note) => note.content)).toContain(
      'Supplement #1 approved by phone (Alice Adams; recorded by Rick): +$451.00.\nNote: Called 555-0101 at 10:12',
    );
  });

  it('refuses a consent field from the customer, and hides others’ supplements', async () => {
    const estimate = await approvedEstimate();
    const sent: Supplement = (await send(estimate.id, FOUND)).json();
    const res = await decide(estimate.id, sent.id, {
      decision: 'approved',
      consent: { method: 'phone', name: 'Me' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONSENT_IS_THE_SHOPS);
    expect((await decide(estimate.id, sent.id, { decision: 'approved' }, bob)).statusCode).toBe(404);
    expect((await decide(estimate.id, crypto.randomUUID(), { decision: 'approved' })).statusCode).toBe(404);
    expect((await decide(estimate.id, sent.id, { decision: 'maybe' })).json().message).toBe(
      'decision must be "approved" or "declined"',
    );
    expect((await detail(estimate.id)).supplements[0]?.status).toBe('pending');
  });
});

describe('the consent ceiling (F.S. 559.909): completing or taking a payment', () => {
  const complete = (id: string) =>
    call('POST', `/api/admin/estimates/${id}/status`, admin, { status: 'completed' });
  const pay = (id: string) => call('POST', '/api/create-payment-intent', alice, { estimateId: id });

  it('answers 409 naming the pending supplement while it would take the charge past the tolerance', async () => {
    const estimate = await approvedEstimate();
    const sent: Supplement = (await send(estimate.id, FOUND)).json();
    const expected =
      "Supplement #1 (Bent radiator support found at teardown, $451.00) is waiting for the customer's consent: " +
      'without it the charge may not exceed $738.00 (approved $688.00 plus the tolerance of F.S. 559.909).';
    for (const res of [
      await complete(estimate.id),
      await pay(estimate.id),
      await call('PATCH', `/api/estimates/${estimate.id}`, admin, { status: 'completed' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(expected);
    }
    expect((await detail(estimate.id)).status).toBe('approved');
    // Once answered, the estimate may be paid and completed.
    await decide(estimate.id, sent.id, { decision: 'approved' });
    expect((await pay(estimate.id)).statusCode).toBe(200);
    expect((await complete(estimate.id)).statusCode).toBe(200);
  });

  it('lets a supplement within the tolerance ($10 or 10%, at most $50) through', async () => {
    const estimate = await approvedEstimate();
    // $688.00 approved: tolerance $50.00; a $46.73 part + 7% = $50.00 exactly.
    await send(estimate.id, {
      reason: 'Clips',
      lines: [
        { kind: 'part', description: 'Bumper clips', quantity: 1, unitPrice: '46.73', partType: 'new_oem' },
      ],
    });
    expect((await detail(estimate.id)).supplements[0]?.amount).toBe('50.00');
    expect((await complete(estimate.id)).statusCode).toBe(200);
  });

  it("refuses raising a plain estimate's total after approval, and still catches one raised before that rule", async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '1000.00',
    });
    await call('PATCH', `/api/estimates/${estimate.id}`, alice, { status: 'approved' });
    const raised = await call('PATCH', `/api/estimates/${estimate.id}`, admin, {
      estimatedAmount: '1050.00',
    });
    expect(raised.statusCode).toBe(409);
    expect(raised.json().message).toBe(amountsApproved('approved'));
    // Data from before the rule: the total raised behind the approval's back.
    const raise = (amount: string) =>
      t.database.db.update(estimates).set({ estimatedAmount: amount }).where(eq(estimates.id, estimate.id));
    await raise('1050.00');
    expect((await pay(estimate.id)).statusCode).toBe(200);
    await raise('1050.01');
    const res = await complete(estimate.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The total \$1,050.01 is more than the approved \$1,000.00 allows/);
  });
});
