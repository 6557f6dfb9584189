import { describe, expect, it } from 'vitest';
import { QUOTE_TOTAL_REQUIRED } from '#domain/admin-estimates.ts';
import { BILLING_MISMATCH_MESSAGE, BILLING_PART_TOO_LARGE_MESSAGE } from '#domain/billing.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { createEstimate } from '#server/db/factories.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { cannotQuote } from './service.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const aliceEstimate = (status: EstimateStatus = 'pending') =>
  createEstimate(t.database.db, { userId: alice.user.id, status, insuranceCompany: 'GEICO' });
const quote = (id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${id}/quote`,
    headers: as(admin),
    payload: payload as object,
  });
const messagesOf = async (id: string) =>
  (await t.app.inject({ url: `/api/estimates/${id}/messages`, headers: as(alice) })).json() as {
    content: string;
    isFromAdmin: boolean;
  }[];

describe('POST /api/admin/estimates/{id}/quote', () => {
  it('sets the amounts and status quoted, and tells the customer with the breakdown', async () => {
    const estimate = await aliceEstimate();
    const res = await quote(estimate.id, {
      estimatedAmount: '1250',
      customerDeductible: '500.00',
      insuranceCoverage: 750,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estimate).toMatchObject({
      status: 'quoted',
      estimatedAmount: '1250.00',
      customerDeductible: '500.00',
      insuranceCoverage: '750.00',
    });
    expect(await messagesOf(estimate.id)).toMatchObject([
      {
        content: 'Estimate provided: $1,250.00\nYour deductible: $500.00 · Insurance coverage: $750.00',
        isFromAdmin: true,
      },
    ]);
    // The customer sees the quote on their own estimate.
    const mine = await t.app.inject({ url: `/api/estimates/${estimate.id}`, headers: as(alice) });
    expect(mine.json()).toMatchObject({ status: 'quoted', estimatedAmount: '1250.00' });
  });

  it('states the total alone when the bill is not split, and clears parts left out', async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '900.00',
      customerDeductible: '500.00',
      insuranceCoverage: '400.00',
    });
    const res = await quote(estimate.id, { estimatedAmount: '980.40' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estimate).toMatchObject({
      estimatedAmount: '980.40',
      customerDeductible: null,
      insuranceCoverage: null,
    });
    expect((await messagesOf(estimate.id)).at(-1)?.content).toBe('Estimate provided: $980.40');
  });

  it('accepts deductible + coverage within one cent of the total, and refuses two cents off', async () => {
    for (const [deductible, coverage] of [
      ['500.00', '750.01'],
      ['500.00', '749.99'],
      ['499.99', '750.00'],
    ]) {
      const estimate = await aliceEstimate();
      const res = await quote(estimate.id, {
        estimatedAmount: '1250.00',
        customerDeductible: deductible,
        insuranceCoverage: coverage,
      });
      expect(res.statusCode, `${deductible} + ${coverage}`).toBe(200);
    }
    for (const [deductible, coverage] of [
      ['500.00', '750.02'],
      ['500.00', '749.98'],
      ['400.00', '400.00'],
    ]) {
      const estimate = await aliceEstimate();
      const res = await quote(estimate.id, {
        estimatedAmount: '1250.00',
        customerDeductible: deductible,
        insuranceCoverage: coverage,
      });
      expect(res.statusCode, `${deductible} + ${coverage}`).toBe(400);
      expect(res.json()).toEqual({ message: BILLING_MISMATCH_MESSAGE });
      // Nothing changed and nothing was said.
      const after = await t.app.inject({ url: `/api/estimates/${estimate.id}`, headers: as(admin) });
      expect(after.json()).toMatchObject({ status: 'pending', estimatedAmount: null });
      expect(await messagesOf(estimate.id)).toEqual([]);
    }
  });

  it('refuses a part larger than the total', async () => {
    const estimate = await aliceEstimate();
    const res = await quote(estimate.id, { estimatedAmount: '100.00', customerDeductible: '500.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BILLING_PART_TOO_LARGE_MESSAGE });
  });

  it('needs a total above 0 with at most two decimals', async () => {
    const estimate = await aliceEstimate();
    for (const payload of [
      { estimatedAmount: '0' },
      { estimatedAmount: '0.00' },
      { estimatedAmount: '' },
      { estimatedAmount: null },
      {},
    ]) {
      const res = await quote(estimate.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: QUOTE_TOTAL_REQUIRED });
    }
    for (const payload of [
      { estimatedAmount: '12.345' },
      { estimatedAmount: '-5' },
      { estimatedAmount: 'lots' },
      { estimatedAmount: '10', customerDeductible: '-1' },
      { estimatedAmount: '10', status: 'approved' },
    ]) {
      const res = await quote(estimate.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('may re-quote a pending, quoted or declined estimate, and nothing the customer already agreed to', async () => {
    for (const status of ['pending', 'quoted', 'declined'] as const) {
      const res = await quote((await aliceEstimate(status)).id, { estimatedAmount: '300' });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().estimate.status).toBe('quoted');
    }
    for (const status of ['approved', 'scheduled', 'in_progress', 'completed', 'cancelled'] as const) {
      const estimate = await aliceEstimate(status);
      const res = await quote(estimate.id, { estimatedAmount: '300' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ message: cannotQuote(status) });
      expect(await messagesOf(estimate.id)).toEqual([]);
    }
  });
});
