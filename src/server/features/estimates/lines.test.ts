import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { createEstimate } from '#server/db/factories.ts';
import { estimateLines, messages } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { ALREADY_APPROVED, NOTHING_LEFT, notOptional } from './approval.ts';
import {
  LINES_ARE_THE_SHOPS,
  NOT_THIS_ESTIMATES_LINE,
  REPLACES_ONLY_IN_SUPPLEMENTS,
} from './lines-service.ts';
import { AMOUNTS_FROM_LINES, DECLINES_GO_WITH_APPROVAL } from './service.ts';

// Pricing as a shop might set it: $70/h, 7% on parts and materials.
const t = setUpTestShop({
  pricing: { laborRateCents: 7000, taxRateMillis: 7000, taxableKinds: ['part', 'materials'] },
});
const { alice, bob, admin } = setUpCast(t);

const putLines = (id: string, lines: unknown, person: Person = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/estimates/${id}/lines`,
    headers: as(person),
    payload: { lines } as object,
  });
const getEstimate = (id: string, person: Person = alice) =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}`, headers: as(person) });
const patch = (id: string, payload: object, person: Person = alice) =>
  t.app.inject({ method: 'PATCH', url: `/api/estimates/${id}`, headers: as(person), payload });

const aliceEstimate = (status: 'pending' | 'quoted' | 'declined' | 'approved' | 'completed' = 'pending') =>
  createEstimate(t.database.db, { userId: alice.user.id, status });

/** A typical small repair: insurance pays the bumper and labour, the customer the detailing (optional). */
const REPAIR = [
  {
    kind: 'part',
    description: 'Front bumper cover',
    quantity: 1,
    unitPrice: '420.00',
    partType: 'aftermarket',
    payer: 'insurance',
  },
  { kind: 'labor', description: 'Repair and refinish bumper', quantity: 2.5, payer: 'insurance' },
  {
    kind: 'materials',
    description: 'Paint and materials',
    quantity: 1,
    unitPrice: '95.50',
    payer: 'insurance',
  },
  { kind: 'sublet', description: 'Wheel alignment', quantity: 1, unitPrice: '89.99', payer: 'insurance' },
  { kind: 'other', description: 'Interior detailing', quantity: 1, unitPrice: '120.00', optional: true },
];

describe('PUT /api/estimates/{id}/lines', () => {
  it('stores the lines, prices them, and derives the three figures', async () => {
    const estimate = await aliceEstimate('pending');
    const res = await putLines(estimate.id, REPAIR);
    expect(res.statusCode).toBe(200);
    const body: EstimateDetail = res.json();
    expect(body.lines.map((line) => [line.kind, line.amount, line.taxable, line.partType])).toEqual([
      ['part', '420.00', true, 'aftermarket'],
      ['labor', '175.00', false, null], // 2.5 h × the shop's $70.00
      ['materials', '95.50', true, null],
      ['sublet', '89.99', false, null],
      ['other', '120.00', false, null],
    ]);
    expect(body.lines[1]).toMatchObject({
      quantity: 2.5,
      unitPrice: '70.00',
      payer: 'insurance',
      optional: false,
    });
    // Tax 7% of (420.00 + 95.50) = 36.085 → 36.09 (insurance's share); the customer's line is untaxed.
    expect(body).toMatchObject({
      subtotal: '900.49',
      tax: '36.09',
      taxRate: '7',
      estimatedAmount: '936.58',
      insuranceCoverage: '816.58',
      customerDeductible: '120.00',
      approvedAmount: null,
      supplements: [],
      status: 'pending',
    });
    // The owner reads the same.
    expect((await getEstimate(estimate.id)).json()).toMatchObject({
      estimatedAmount: '936.58',
      lines: body.lines,
    });
  });

  it('replaces the lines atomically, keeping the id of a line sent back with it', async () => {
    const estimate = await aliceEstimate('quoted');
    const first: EstimateDetail = (await putLines(estimate.id, REPAIR)).json();
    const kept = first.lines[0];
    const res = await putLines(estimate.id, [
      {
        id: kept?.id,
        kind: 'part',
        description: 'Front bumper cover (OEM)',
        quantity: 1,
        unitPrice: '610.00',
        partType: 'new_oem',
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([
      expect.objectContaining({ id: kept?.id, amount: '610.00', payer: 'customer' }),
    ]);
    expect(res.json()).toMatchObject({
      estimatedAmount: '652.70',
      customerDeductible: '652.70',
      insuranceCoverage: '0.00',
    });
  });

  it('refuses bad lines with 400 naming the line, and stores nothing', async () => {
    const estimate = await aliceEstimate('quoted');
    await putLines(estimate.id, REPAIR);
    const cases: [unknown, string | RegExp][] = [
      [[...REPAIR.slice(0, 2), { ...REPAIR[0], quantity: -2 }], /^Line 3: quantity must be more than 0/],
      [[{ ...REPAIR[0], quantity: 1e9 }], /^Line 1: quantity must be/],
      [[{ ...REPAIR[0], unitPrice: '-1.00' }], /^Line 1: unitPrice must be an amount/],
      [[{ ...REPAIR[0], unitPrice: '100000000.00' }], /^Line 1: unitPrice/],
      [
        [REPAIR[0], { ...REPAIR[0], kind: 'paint' }],
        'Line 2: kind must be one of part, labor, materials, sublet, other',
      ],
      [
        [{ ...REPAIR[0], description: 'x'.repeat(201) }],
        'Line 1: description must be at most 200 characters',
      ],
      [[{ ...REPAIR[0], partType: undefined }], /^Line 1: partType is required for parts/],
      [[{ ...REPAIR[0], replacesLineId: estimate.id }], `Line 1: ${REPLACES_ONLY_IN_SUPPLEMENTS}`],
      [[{ ...REPAIR[0], id: estimate.id }], `Line 1: ${NOT_THIS_ESTIMATES_LINE}`],
      [[{ kind: 'labor', description: 'Frame', quantity: 999.99, unitPrice: '99999.99' }], /^Line 1: amount/],
      [Array.from({ length: 200 }, () => REPAIR[0]), 'An estimate has at most 199 lines'],
    ];
    for (const [lines, message] of cases) {
      const res = await putLines(estimate.id, lines);
      expect(res.statusCode, String(message)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const stored = await t.database.db
      .select()
      .from(estimateLines)
      .where(eq(estimateLines.estimateId, estimate.id));
    expect(stored).toHaveLength(REPAIR.length);
    expect((await getEstimate(estimate.id)).json().estimatedAmount).toBe('936.58');
  });

  it('refuses a body that is not a list of lines', async () => {
    const estimate = await aliceEstimate('pending');
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/estimates/${estimate.id}/lines`,
        headers: as(admin),
        payload,
      });
    expect((await put({})).json().message).toBe('lines must be a list of lines');
    expect((await put({ lines: 'bumper' })).json().message).toBe('lines must be a list of lines');
    expect((await put({ lines: ['bumper'] })).json().message).toBe('Line 1: must be an object');
    expect((await put({ lines: [], total: '5.00' })).statusCode).toBe(400);
    expect((await putLines(crypto.randomUUID(), REPAIR)).statusCode).toBe(404);
  });

  it('takes 199 lines', async () => {
    const estimate = await aliceEstimate('pending');
    const res = await putLines(
      estimate.id,
      Array.from({ length: 199 }, () => REPAIR[3]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subtotal: '17908.01', tax: '0.00', estimatedAmount: '17908.01' });
  });

  it('is the shop’s: customers get 403, other customers’ estimates are no business of theirs either', async () => {
    const estimate = await aliceEstimate('pending');
    for (const person of [alice, bob]) {
      const res = await putLines(estimate.id, REPAIR, person);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LINES_ARE_THE_SHOPS);
    }
    expect((await getEstimate(estimate.id, bob)).statusCode).toBe(404);
  });

  it('answers 409 once approved, saying to send a supplement', async () => {
    const estimate = await aliceEstimate('quoted');
    await putLines(estimate.id, REPAIR);
    expect((await patch(estimate.id, { status: 'approved' })).statusCode).toBe(200);
    const res = await putLines(estimate.id, REPAIR);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/only through a supplement/);
    const completed = await aliceEstimate('completed');
    expect((await putLines(completed.id, REPAIR)).json().message).toBe(
      'This estimate is Completed: its lines can no longer change.',
    );
  });

  it('leaves an estimate without lines exactly as before, and keeps hand-set amounts off an itemised one', async () => {
    const plain = await aliceEstimate('pending');
    const res = await getEstimate(plain.id);
    expect(res.json()).toMatchObject({
      lines: [],
      subtotal: null,
      tax: null,
      taxRate: null,
      approvedAmount: null,
    });
    const itemised = await aliceEstimate('pending');
    await putLines(itemised.id, REPAIR);
    const amounts = await patch(itemised.id, { estimatedAmount: '100.00' }, admin);
    expect(amounts.statusCode).toBe(409);
    expect(amounts.json().message).toBe(AMOUNTS_FROM_LINES);
    // The shop's quote must carry the lines' figures.
    const quote = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/estimates/${itemised.id}/quote`,
        headers: as(admin),
        payload: body,
      });
    expect((await quote({ estimatedAmount: '900.00' })).json().message).toMatch(
      /total 936.58, deductible 120.00, coverage 816.58/,
    );
    const sent = await quote({
      estimatedAmount: '936.58',
      customerDeductible: '120.00',
      insuranceCoverage: '816.58',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().estimate).toMatchObject({ status: 'quoted', lines: expect.any(Array) });
  });
});

describe('PATCH /api/estimates/{id} {status: "approved", declinedLineIds}', () => {
  const quoted = async () => {
    const estimate = await aliceEstimate('quoted');
    const body: EstimateDetail = (await putLines(estimate.id, REPAIR)).json();
    return { estimate, lines: body.lines };
  };

  it('declines optional lines: the totals follow and the approval is recorded with when and by whom', async () => {
    const { estimate, lines } = await quoted();
    const detailing = lines[4];
    const res = await patch(estimate.id, { status: 'approved', declinedLineIds: [detailing?.id] });
    expect(res.statusCode).toBe(200);
    const body: EstimateDetail = res.json();
    expect(body).toMatchObject({
      status: 'approved',
      estimatedAmount: '816.58',
      customerDeductible: '0.00',
      insuranceCoverage: '816.58',
      approvedAmount: '816.58',
      approvedBy: { id: alice.user.id, name: 'Alice Adams' },
    });
    expect(body.lines.find((line) => line.id === detailing?.id)?.declined).toBe(true);
    expect(Date.now() - Date.parse(body.approvedAt ?? '')).toBeLessThan(60_000);
    expect(body.approvals).toEqual([
      expect.objectContaining({
        approvedAmount: '816.58',
        declinedLineIds: [detailing?.id],
        supplementId: null,
      }),
    ]);
    // On the estimate's history.
    const notes = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(notes.map((note) => note.content)).toContain(
      'Estimate approved: $816.58.\nDeclined optional items: Interior detailing ($120.00).',
    );
  });

  it('refuses to decline a line that is not optional, or not the estimate’s, and changes nothing', async () => {
    const { estimate, lines } = await quoted();
    const bumper = await patch(estimate.id, { status: 'approved', declinedLineIds: [lines[0]?.id] });
    expect(bumper.statusCode).toBe(400);
    expect(bumper.json().message).toBe(notOptional('Front bumper cover'));
    const other = await patch(estimate.id, { status: 'approved', declinedLineIds: [crypto.randomUUID()] });
    expect(other.statusCode).toBe(400);
    const after = (await getEstimate(estimate.id)).json();
    expect(after).toMatchObject({ status: 'quoted', approvedAmount: null, estimatedAmount: '936.58' });
  });

  it('refuses declines without approval, and declining everything', async () => {
    const { estimate, lines } = await quoted();
    const declined = await patch(estimate.id, { status: 'declined', declinedLineIds: [lines[4]?.id] });
    expect(declined.json().message).toBe(DECLINES_GO_WITH_APPROVAL);
    const only = await aliceEstimate('quoted');
    const [optional] = (await putLines(only.id, [REPAIR[4]])).json().lines;
    const all = await patch(only.id, { status: 'approved', declinedLineIds: [optional.id] });
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(NOTHING_LEFT);
    // An approved estimate cannot be approved again with other declines (that is a supplement).
    const approved = await quoted();
    await patch(approved.estimate.id, { status: 'approved' });
    const again = await patch(
      approved.estimate.id,
      { status: 'approved', declinedLineIds: [approved.lines[4]?.id] },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_APPROVED);
  });

  it('records the approval of a plain estimate too (its quoted total)', async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '980.00',
    });
    const res = await patch(estimate.id, { status: 'approved' });
    expect(res.json()).toMatchObject({
      approvedAmount: '980.00',
      lines: [],
      approvedBy: { name: 'Alice Adams' },
    });
  });
});
