import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { createEstimate } from '#server/db/factories.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { as, createCast, type Person } from '#server/test-support/people.ts';

const clientDir = mkdtempSync(path.join(tmpdir(), 'shop-headers-'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>{{SHOP_NAME}}</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const STRIPE: AppConfig['payments'] = {
  kind: 'stripe',
  secretKey: 'sk_test_headers',
  publishableKey: 'pk_test_headers',
  webhookSecret: null,
  api: null,
};
const S3: AppConfig['objectStore'] = {
  kind: 's3',
  bucket: 'lakeside-photos',
  region: 'us-east-1',
  endpoint: 'https://storage.example.net',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
  forcePathStyle: false,
};

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** A test app with this configuration for the tests of one `describe`. */
function appWith(overrides: Partial<AppConfig>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ clientDir, ...overrides });
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the app is not started yet');
    return t;
  };
}

describe('with disk storage and test-mode payments', () => {
  let t: TestApp;
  let alice: Person;
  beforeAll(async () => {
    t = await createTestApp({ clientDir });
    ({ alice } = await createCast(t));
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy with every page', async () => {
    for (const url of ['/', '/dashboard', '/payment?estimate=abc', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('frame-src'), url).toEqual(["'none'"]);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      // The installable app: its service worker and manifest, from this origin only.
      expect(csp.get('worker-src'), url).toEqual(["'self'"]);
      expect(csp.get('manifest-src'), url).toEqual(["'self'"]);
      // Each page still gets its own style nonce.
      expect(csp.get('style-src')?.[1], url).toMatch(/^'nonce-[A-Za-z0-9+/=]+'$/);
      expect(res.body, url).toContain('<meta property="csp-nonce" nonce="');
      expect(String(res.headers['content-security-policy']), url).not.toContain('stripe');
      expect(String(res.headers['content-security-policy']), url).not.toContain('unsafe');
    }
  });

  it('allows inline <style> only with the nonce written into that one page', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const second = await t.app.inject({ method: 'GET', url: '/' });
    const nonces = [first, second].map((res) => {
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(res.body)?.[1];
      expect(directives(res.headers['content-security-policy']).get('style-src')).toEqual([
        "'self'",
        `'nonce-${nonce}'`,
      ]);
      return nonce;
    });
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('sends the other security headers with every page', async () => {
    for (const url of ['/', '/dashboard', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("gives the API's JSON answers the headers that govern an answer which is not a page", async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const listed = await t.app.inject({ method: 'GET', url: '/api/estimates', headers: as(alice) });
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/estimates',
      headers: { ...as(alice), 'if-none-match': String(listed.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    const answers = {
      '/api/health': await t.app.inject({ method: 'GET', url: '/api/health' }),
      '/api/auth/user (401)': await t.app.inject({ method: 'GET', url: '/api/auth/user' }),
      '/api/estimates/:id': await t.app.inject({
        method: 'GET',
        url: `/api/estimates/${estimate.id}`,
        headers: as(alice),
      }),
      '/api/estimates (304)': unchanged,
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['content-security-policy'], name).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], name).toBe('same-origin');
      expect(res.headers['x-request-id'], name).toMatch(/^[0-9a-z]{10}$/);
      // Only a document is governed by these: a JSON answer does without their bytes.
      for (const documentOnly of [
        'permissions-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
      ]) {
        expect(res.headers[documentOnly], `${name}: ${documentOnly}`).toBeUndefined();
      }
    }
  });

  it("gives an API route's answers that a browser may show as a document (a PDF) a page's headers", async () => {
    const estimate = await createEstimate(t.database.db, {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '480.00',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimate.id}/estimate.pdf`,
      headers: as(alice),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(directives(pdf.headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
    expect(pdf.headers['permissions-policy']).toContain('camera=()');
    expect(pdf.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
  });

  it('never sends HSTS without TRUST_PROXY, whatever X-Forwarded-Proto claims', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('marks API answers no-store unless the route says how to cache them', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: as(alice) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    // Pages keep their own: the browser revalidates them.
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('keeps the estimate list cacheable privately, with its ETag and 304 polling', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/estimates', headers: as(alice) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const poll = await t.app.inject({
      method: 'GET',
      url: '/api/estimates',
      headers: { ...as(alice), 'if-none-match': String(first.headers.etag) },
    });
    expect(poll.statusCode).toBe(304);
    expect(poll.headers['cache-control']).toBe('private, no-cache');
    expect(poll.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('with Stripe configured', () => {
  const app = appWith({ payments: STRIPE });

  it('allows Stripe on the payment pages only', async () => {
    const t = app();
    for (const url of ['/payment?estimate=abc', '/payment', '/payment/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      expect(csp.get('frame-src'), url).toEqual([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'https://api.stripe.com']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
    // A payment link's page takes the card the same way (its token is checked by its own guard).
    const link = await t.app.inject({ method: 'GET', url: '/pay/abc.def.ghi' });
    expect(directives(link.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'https://api.stripe.com',
    ]);
    for (const url of ['/', '/payment-success?estimate=abc', '/estimate/abc', '/admin', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).not.toContain('stripe');
    }
  });
});

describe('with S3 storage', () => {
  const app = appWith({ objectStore: S3 });

  it('lets pages send photos straight to the bucket, and nowhere else', async () => {
    const t = app();
    for (const url of ['/photo-capture', '/estimate/abc', '/payment']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(directives(res.headers['content-security-policy']).get('connect-src'), url).toEqual([
        "'self'",
        'https://storage.example.net',
        'https://lakeside-photos.storage.example.net',
      ]);
    }
  });
});

describe('HSTS behind a trusted proxy', () => {
  const app = appWith({ trustProxy: ['127.0.0.1'] });

  it('is sent when the request came over HTTPS, and only then', async () => {
    const t = app();
    for (const url of ['/', '/api/health']) {
      const https = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      const http = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

/** The allow-list of each feature a Permissions-Policy header names. */
function permissions(header: unknown): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of String(header).split(',')) {
    const [name, allow] = part.trim().split('=');
    if (name && allow !== undefined) map.set(name, allow);
  }
  return map;
}

describe('security: a Permissions-Policy allows the camera only where photos are taken, and nothing else', () => {
  const testMode = appWith({});
  const withStripe = appWith({ payments: STRIPE });

  it('switches every feature off on pages and on answers no API route gave', async () => {
    for (const url of ['/', '/dashboard', '/auth', '/payment?estimate=abc', '/api/no-such-route']) {
      const res = await testMode().app.inject({ method: 'GET', url });
      const policy = permissions(res.headers['permissions-policy']);
      expect(policy.get('camera'), url).toBe('()');
      expect(policy.get('microphone'), url).toBe('()');
      expect(policy.get('geolocation'), url).toBe('()');
      expect(policy.get('payment'), url).toBe('()');
      expect(
        [...policy.values()].every((allow) => allow === '()'),
        url,
      ).toBe(true);
    }
  });

  it('allows the camera, for this origin only, on the pages that take photos', async () => {
    for (const url of [
      '/photo-capture',
      '/photo-capture?step=front',
      '/estimate/4d1c2a57-0000-4000-8000-000000000000',
    ]) {
      const policy = permissions(
        (await testMode().app.inject({ method: 'GET', url })).headers['permissions-policy'],
      );
      expect(policy.get('camera'), url).toBe('(self)');
      expect(policy.get('microphone'), url).toBe('()');
      expect(policy.get('payment'), url).toBe('()');
    }
  });

  it("allows payment (wallets in Stripe's frame) on the payment page only, and only with Stripe", async () => {
    const payment = await withStripe().app.inject({ method: 'GET', url: '/payment?estimate=abc' });
    expect(permissions(payment.headers['permissions-policy']).get('payment')).toBe(
      '(self "https://js.stripe.com")',
    );
    expect(permissions(payment.headers['permissions-policy']).get('camera')).toBe('()');
    const home = await withStripe().app.inject({ method: 'GET', url: '/' });
    expect(permissions(home.headers['permissions-policy']).get('payment')).toBe('()');
  });
});
