import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimates, renderedDocuments } from '#server/db/schema.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
const db = () => t.database.db;

async function quotedEstimate(estimatedAmount = '980.00') {
  const vehicle = await createVehicle(db(), alice.user.id);
  return createEstimate(db(), {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'quoted',
    estimatedAmount,
  });
}

async function download(estimateId: string, query = '') {
  const res = await t.app.inject({
    url: `/api/estimates/${estimateId}/estimate.pdf${query}`,
    headers: as(alice),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/**
 * The stored copies of the estimate's PDFs. Each drawing stores its copy with the time it was drawn,
 * so an unchanged `renderedAt` after a download shows the download drew nothing.
 */
const storedCopies = (estimateId: string) =>
  db().select().from(renderedDocuments).where(eq(renderedDocuments.estimateId, estimateId));
const drawnAt = async (estimateId: string) =>
  Object.fromEntries(
    (await storedCopies(estimateId)).map((copy) => [
      `${copy.kind}/${copy.language}`,
      copy.renderedAt.getTime(),
    ]),
  );

describe('PDFs drawn once per content (decision 075)', () => {
  it('draws on the first download and answers the second from the stored copy', async () => {
    const estimate = await quotedEstimate();
    expect(await storedCopies(estimate.id)).toEqual([]);
    const first = await download(estimate.id);
    const drawn = await drawnAt(estimate.id);
    expect(Object.keys(drawn)).toEqual(['estimate/en']);
    const second = await download(estimate.id);
    expect(second.equals(first)).toBe(true);
    // The shop printing it gets the same copy as the customer.
    const shop = await t.app.inject({
      url: `/api/estimates/${estimate.id}/estimate.pdf`,
      headers: as(admin),
    });
    expect(shop.rawPayload.equals(first)).toBe(true);
    expect(await drawnAt(estimate.id)).toEqual(drawn);
  });

  it('draws a changed estimate again, with the new content, in place of the old copy', async () => {
    const estimate = await quotedEstimate('980.00');
    expect(await pdfText(await download(estimate.id))).toContain('$980.00');
    const [before] = await storedCopies(estimate.id);

    await db().update(estimates).set({ estimatedAmount: '1415.60' }).where(eq(estimates.id, estimate.id));
    const changed = await pdfText(await download(estimate.id));
    expect(changed).toContain('$1,415.60');
    expect(changed).not.toContain('$980.00');

    const copies = await storedCopies(estimate.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]?.contentHash).not.toBe(before?.contentHash);
    // And that new copy is the one answered from now on.
    const drawn = await drawnAt(estimate.id);
    await download(estimate.id);
    expect(await drawnAt(estimate.id)).toEqual(drawn);
  });

  it('keeps one copy per language and per kind of document', async () => {
    const estimate = await quotedEstimate();
    await db().update(estimates).set({ status: 'completed' }).where(eq(estimates.id, estimate.id));
    const english = await download(estimate.id);
    const spanish = await download(estimate.id, '?language=es');
    expect(await pdfText(spanish)).toContain('Presupuesto Escrito de Reparación');
    const invoice = await t.app.inject({
      url: `/api/estimates/${estimate.id}/invoice.pdf`,
      headers: as(alice),
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const drawn = await drawnAt(estimate.id);
    expect(Object.keys(drawn).sort()).toEqual(['estimate/en', 'estimate/es', 'invoice/en']);

    // Each is answered from its own copy.
    expect((await download(estimate.id)).equals(english)).toBe(true);
    expect((await download(estimate.id, '?language=es')).equals(spanish)).toBe(true);
    expect(await drawnAt(estimate.id)).toEqual(drawn);
  });
});
