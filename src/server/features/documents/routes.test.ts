import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { estimateReference } from '#domain/estimate.ts';
import { WRITTEN_ESTIMATE_NOT_READY } from '#domain/repair-documents.ts';
import { createEstimate } from '#server/db/factories.ts';
import { estimateApprovals, estimateEvents, estimates } from '#server/db/schema.ts';
import { testConfig } from '#server/test-support/app.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';
import { INVALID_DOCUMENT_LANGUAGE } from './routes.ts';

const t = setUpTestShop({ shop: { ...testConfig().shop, registrationNumber: 'MV99887' } });
const { alice, bob, admin } = setUpCast(t);
/** A customer who reads Spanish. */
const lucia = setUpPerson(t, { email: 'lucia@example.com', firstName: 'Lucía', language: 'es' });

const download = (id: string, kind: 'estimate' | 'invoice', person?: Person, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}/${kind}.pdf${query}`, headers: as(person) });

describe('GET /api/estimates/{id}/estimate.pdf and invoice.pdf', () => {
  it('gives the owner and the shop the written estimate, with the shop registration', async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '1250.00',
      damageDescription: 'Scraped driver door',
    });
    for (const person of [alice, admin]) {
      const res = await download(estimate.id, 'estimate', person);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="estimate-${estimateReference(estimate.id)}.pdf"`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Written Repair Estimate');
      expect(text).toContain('FDACS Reg. No. MV99887');
      expect(text).toContain('Scraped driver door');
      expect(text).toContain('$1,250.00');
    }
  });

  it('prints the promised date as the proposed completion date once the shop sets it', async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'approved',
      estimatedAmount: '800.00',
    });
    const before = await pdfText((await download(estimate.id, 'estimate', alice)).rawPayload);
    expect(before).toContain('Proposed completion date: to be set when the vehicle is dropped off');
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${estimate.id}`,
      headers: as(admin),
      payload: { promisedDate: '2026-03-12' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = await pdfText((await download(estimate.id, 'estimate', alice)).rawPayload);
    expect(after).toContain('Proposed completion date: Mar 12, 2026');
  });

  it('answers 404 to other customers and for unknown ids, 401 when signed out', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'completed' });
    for (const kind of ['estimate', 'invoice'] as const) {
      expect((await download(estimate.id, kind, bob)).statusCode).toBe(404);
      expect((await download(estimate.id, kind)).statusCode).toBe(401);
      expect((await download('00000000-0000-4000-8000-000000000000', kind, admin)).statusCode).toBe(404);
      expect((await download('not-an-id', kind, admin)).statusCode).toBe(404);
    }
  });

  it('prints the itemised estimate: lines by kind with part types, tax, shares and the approval', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'pending' });
    const lines = [
      {
        kind: 'part',
        description: 'Front bumper cover',
        quantity: 1,
        unitPrice: '420.00',
        partType: 'used',
        payer: 'insurance',
      },
      {
        kind: 'labor',
        description: 'Repair and refinish bumper',
        quantity: 2.5,
        unitPrice: '70.00',
        payer: 'insurance',
      },
      {
        kind: 'materials',
        description: 'Paint and materials',
        quantity: 1,
        unitPrice: '95.50',
        payer: 'customer',
      },
      {
        kind: 'other',
        description: 'Interior detailing',
        quantity: 1,
        unitPrice: '120.00',
        optional: true,
        payer: 'customer',
      },
    ];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/estimates/${estimate.id}/lines`,
      headers: as(admin),
      payload: { lines },
    });
    expect(put.statusCode, put.body).toBe(200);
    const detailing = (put.json() as { lines: { id: string; description: string }[] }).lines.find(
      (line) => line.description === 'Interior detailing',
    );
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${estimate.id}`,
      headers: as(alice),
      payload: { status: 'approved', declinedLineIds: [detailing?.id] },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const { estimatedAmount, tax } = approve.json() as { estimatedAmount: string; tax: string };

    const text = await pdfText((await download(estimate.id, 'estimate', alice)).rawPayload);
    for (const field of [
      'Parts',
      'Front bumper cover',
      'Used',
      'Labor',
      'Repair and refinish bumper',
      '2.5',
      '$175.00',
      'Paint and materials',
      'miscellaneous shop supplies or waste disposal',
      'Optional, declined by the customer',
      'Sales tax (7%)',
      `$${tax}`,
      `$${Number(estimatedAmount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      'Estimate approved online, by Alice Adams',
      '(1 optional line declined)',
    ]) {
      expect(text, field).toContain(field);
    }
  });

  it('has the written estimate only once there is an amount', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'pending' });
    const res = await download(estimate.id, 'estimate', alice);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: WRITTEN_ESTIMATE_NOT_READY });
  });

  it('has the invoice only once the repair is completed', async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'in_progress',
      estimatedAmount: '800.00',
    });
    const early = await download(estimate.id, 'invoice', alice);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ message: 'The invoice is ready once the repair is completed.' });

    await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${estimate.id}`,
      headers: as(admin),
      payload: { status: 'completed' },
    });
    const res = await download(estimate.id, 'invoice', alice);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Repair Invoice');
    expect(text).toContain('Balance due');
    expect(text).toContain('$800.00');
  });

  it('dates the invoice by its completion, not by a change before it or after it', async () => {
    const { db } = t.database;
    const estimate = await createEstimate(db, {
      userId: alice.user.id,
      status: 'in_progress',
      estimatedAmount: '800.00',
    });
    // The change before the completion was long ago: the e-mailed invoice must not carry its day.
    await db
      .update(estimates)
      .set({ updatedAt: new Date('2026-01-05T15:00:00Z') })
      .where(eq(estimates.id, estimate.id));
    const before = Date.now();
    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/status`,
      headers: as(admin),
      payload: { status: 'completed' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [mail] = (await queuedEmails(db, estimate.id)).filter((m) => m.topic === 'repair_completed');
    const snapshot = mail?.payload.pdfs?.[0]?.snapshot as { completedAt: string };
    expect(new Date(snapshot.completedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Completed on 11 March; a payment today does not move the day the invoice says.
    await db
      .update(estimateEvents)
      .set({ createdAt: new Date('2026-03-11T15:00:00Z') })
      .where(and(eq(estimateEvents.estimateId, estimate.id), eq(estimateEvents.name, 'completed')));
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/payments`,
      headers: as(admin),
      payload: { amount: '100.00', method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const text = await pdfText((await download(estimate.id, 'invoice', alice)).rawPayload);
    expect(text).toContain('Completed Mar 11, 2026');
  });

  it('names the consent of every approval in the invoice: online, recorded by staff, of a supplement, or none on record', async () => {
    const call = (method: 'PUT' | 'PATCH' | 'POST', url: string, person: Person, payload: object) =>
      t.app.inject({ method, url, headers: as(person), payload });
    // The customer approves online; a supplement is approved by phone, recorded by the shop.
    const online = await createEstimate(t.database.db, { userId: alice.user.id, status: 'quoted' });
    const door = { kind: 'labor', description: 'Refinish door', quantity: 1, unitPrice: '724.00' };
    expect(
      (await call('PUT', `/api/estimates/${online.id}/lines`, admin, { lines: [door] })).statusCode,
    ).toBe(200);
    const approved = await call('PATCH', `/api/estimates/${online.id}`, alice, {
      status: 'approved',
      expectedAmount: '724.00',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mirror = { kind: 'labor', description: 'Mirror', quantity: 1, unitPrice: '35.00' };
    const sent = await call('POST', `/api/estimates/${online.id}/supplements`, admin, {
      reason: 'Cracked mirror',
      lines: [mirror],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const decided = await call(
      'POST',
      `/api/estimates/${online.id}/supplements/${sent.json().id}/decision`,
      admin,
      {
        decision: 'approved',
        consent: { method: 'phone', name: 'Alice Adams' },
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    // The shop records an approval given in person, on another estimate.
    const desk = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '980.00',
    });
    const recorded = await call('POST', `/api/admin/estimates/${desk.id}/status`, admin, {
      status: 'approved',
      consent: { method: 'in_person', name: 'Alice Adams', note: 'Signed at the counter' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    // An approval made before consent was kept.
    const legacy = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'approved',
      estimatedAmount: '300.00',
    });
    await t.database.db
      .insert(estimateApprovals)
      .values({ estimateId: legacy.id, approvedAmount: '300.00', approvedBy: admin.user.id });

    const invoiceText = async (id: string) => {
      for (const status of ['in_progress', 'completed']) {
        const moved = await call('POST', `/api/admin/estimates/${id}/status`, admin, { status });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      const res = await download(id, 'invoice', alice);
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    };
    const onlineText = await invoiceText(online.id);
    expect(onlineText).toContain('Estimate approved online, by Alice Adams: $724.00.');
    expect(onlineText).toContain('Supplement #1 approved by phone, by Alice Adams, recorded by Rick');
    const deskText = await invoiceText(desk.id);
    expect(deskText).toContain(
      'Estimate approved in person, by Alice Adams, recorded by Rick (Signed at the counter): $980.00.',
    );
    expect(deskText).not.toContain('Estimate approved by');
    expect(await invoiceText(legacy.id)).toContain('Estimate approved by Rick');
  });

  it("prints a Spanish-speaking customer's document in Spanish, with the statute's English wording too", async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: lucia.user.id,
      status: 'quoted',
      estimatedAmount: '1250.00',
      damageDescription: 'Puerta rayada',
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/estimates/${estimate.id}/lines`,
      headers: as(admin),
      payload: {
        lines: [
          {
            kind: 'part',
            description: 'Door shell',
            quantity: 1,
            unitPrice: '900.00',
            partType: 'used',
            payer: 'customer',
          },
          { kind: 'labor', description: 'Hang door', quantity: 5, unitPrice: '70.00', payer: 'customer' },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    // The shop printing it gets the customer's own document.
    for (const person of [lucia, admin]) {
      const text = await pdfText((await download(estimate.id, 'estimate', person)).rawPayload);
      for (const field of [
        'Presupuesto Escrito de Reparación',
        'N.º de registro FDACS MV99887',
        'Puerta rayada',
        'Fecha propuesta de terminación: se fijará cuando traiga el vehículo',
        'DESCRIPCIÓN',
        'Piezas',
        'Door shell',
        'Usada',
        'Mano de obra',
        'Impuesto sobre las ventas',
        'Su parte $1,313.00', // a cash job: its share, no deductible
        'SUS DERECHOS SEGÚN LA LEY DE REPARACIÓN DE VEHÍCULOS MOTORIZADOS DE FLORIDA',
        'La mano de obra se cobra por hora, a $65.00 la hora',
        'Labor is charged at an hourly rate of $65.00 per hour (F.S. 559.905(1)(g)).',
        'The shop will not charge more than this estimate by more than $10 or 10 percent, whichever is greater, up to $50, without your consent, written or oral (F.S. 559.909).',
        'You may ask to inspect the parts replaced on your vehicle (F.S. 559.909).',
        'página 1 de 1',
      ]) {
        expect(text, field).toContain(field);
      }
      expect(text).not.toContain('Written Repair Estimate');
    }
    const english = await pdfText(
      (await download(estimate.id, 'estimate', admin, '?language=en')).rawPayload,
    );
    expect(english).toContain('Written Repair Estimate');
    expect(english).not.toContain('Presupuesto');
    const spanishForAlice = await download(
      (
        await createEstimate(t.database.db, {
          userId: alice.user.id,
          status: 'quoted',
          estimatedAmount: '10.00',
        })
      ).id,
      'estimate',
      alice,
      '?language=es',
    );
    expect(await pdfText(spanishForAlice.rawPayload)).toContain('Presupuesto Escrito de Reparación');
    const refused = await download(estimate.id, 'estimate', lucia, '?language=fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: INVALID_DOCUMENT_LANGUAGE });
  });
});
