import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { UPLOAD_TICKET_LIMITS } from './service.ts';

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-upload-limits-'));
afterAll(() => rmSync(objectsDir, { recursive: true, force: true }));

const startUpload = (t: TestApp, person: Person) =>
  t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: as(person) });

/** Starts `count` uploads, each expected to be accepted. */
async function startUploads(t: TestApp, person: Person, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await startUpload(t, person);
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** Many requests each: more than the default time on a busy machine. */
const MANY_REQUESTS = 120_000;

const { customer, shop } = UPLOAD_TICKET_LIMITS;

function appWithScale(scale: number): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ objectStore: { kind: 'disk', dir: objectsDir }, rateLimitScale: scale });
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the app is not started yet');
    return t;
  };
}

describe('photo upload allowance', () => {
  const app = appWithScale(1);

  it(
    `is ${customer.max} photos in ${customer.windowSeconds / 60} minutes per customer, then a clear 429`,
    async () => {
      const t = app();
      const busy = await createPerson(t, { email: 'many-photos@example.com' });
      const other = await createPerson(t, { email: 'one-photo@example.com' });
      await startUploads(t, busy, customer.max);
      const refused = await startUpload(t, busy);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ message: 'Too many attempts. Please wait 10 minutes and try again.' });
      // Counted per user: another customer is not affected.
      await startUploads(t, other, 1);

      // The shop's staff get more: past a customer's allowance without a refusal.
      expect(shop.max).toBeGreaterThan(customer.max);
      const staff = await createPerson(t, { email: 'estimator@example.com', isAdmin: true });
      await startUploads(t, staff, customer.max + 5);
    },
    MANY_REQUESTS,
  );
});

describe('RATE_LIMIT_SCALE', () => {
  const app = appWithScale(2);

  it(
    'multiplies the upload allowance',
    async () => {
      const t = app();
      const busy = await createPerson(t, { email: 'fleet-owner@example.com' });
      await startUploads(t, busy, customer.max * 2);
      expect((await startUpload(t, busy)).statusCode).toBe(429);
    },
    MANY_REQUESTS,
  );
});
