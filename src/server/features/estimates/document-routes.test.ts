import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateReference } from '#domain/estimate.ts';
import { WRITTEN_ESTIMATE_NOT_READY } from '#domain/repair-documents.ts';
import { createEstimate } from '#server/db/factories.ts';
import { createTestApp, type TestApp, testConfig } from '#server/test-support/app.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as, createCast, type Person } from '#server/test-support/people.ts';

let t: TestApp;
let alice: Person;
let bob: Person;
let admin: Person;

beforeAll(async () => {
  const shop = { ...testConfig().shop, registrationNumber: 'MV99887' };
  t = await createTestApp({ shop });
  ({ alice, bob, admin } = await createCast(t));
});
afterAll(() => t.close());

const download = (id: string, kind: 'estimate' | 'invoice', person?: Person) =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}/${kind}.pdf`, headers: as(person) });

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

  it('answers 404 to other customers and for unknown ids, 401 when signed out', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'completed' });
    for (const kind of ['estimate', 'invoice'] as const) {
      expect((await download(estimate.id, kind, bob)).statusCode).toBe(404);
      expect((await download(estimate.id, kind)).statusCode).toBe(401);
      expect((await download('00000000-0000-4000-8000-000000000000', kind, admin)).statusCode).toBe(404);
      expect((await download('not-an-id', kind, admin)).statusCode).toBe(404);
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
});
