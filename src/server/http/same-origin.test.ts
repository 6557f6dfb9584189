import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig } from '#server/config.ts';
import { createEstimate } from '#server/db/factories.ts';
import { type EstimateRow, messages, rateLimits } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { as, createCast, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop, type TestShop } from '#server/test-support/test-shop.ts';
import { CROSS_SITE_REFUSED } from './same-origin.ts';

const STRIPE: AppConfig['payments'] = {
  kind: 'stripe',
  secretKey: 'sk_test_origin',
  publishableKey: 'pk_test_origin',
  webhookSecret: 'whsec_origin',
  api: null,
};

let estimate: EstimateRow;

const t = setUpTestShop({ appUrl: 'https://shop.example.com', payments: STRIPE });
const { alice } = setUpCast(t);
beforeAll(async () => {
  estimate = await createEstimate(t.database.db, { userId: alice.user.id });
});

/** Alice posts a message to her estimate, with the headers a browser (or not) would send. */
function postMessage(headers: Record<string, string>, app: TestShop = t) {
  return app.app.inject({
    method: 'POST',
    url: `/api/estimates/${estimate.id}/messages`,
    headers: { ...as(alice), host: 'internal:5000', ...headers },
    payload: { content: 'Is my car ready?' },
  });
}

async function storedMessages(): Promise<number> {
  const rows = await t.database.db.select().from(messages).where(eq(messages.estimateId, estimate.id));
  return rows.length;
}

describe('state-changing API requests from a browser', () => {
  it('are accepted from the app itself', async () => {
    const res = await postMessage({ 'sec-fetch-site': 'same-origin', origin: 'http://internal:5000' });
    expect(res.statusCode).toBe(201);
  });

  it('are accepted with the origin of APP_URL (the public address in front of the app)', async () => {
    const res = await postMessage({ 'sec-fetch-site': 'same-origin', origin: 'https://shop.example.com' });
    expect(res.statusCode).toBe(201);
  });

  it('are accepted when the browser says the user started them (Sec-Fetch-Site: none)', async () => {
    expect((await postMessage({ 'sec-fetch-site': 'none' })).statusCode).toBe(201);
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site' }],
    ['a neighbouring subdomain', { 'sec-fetch-site': 'same-site' }],
    ['another site, by its Origin alone', { origin: 'https://evil.example' }],
    ['a look-alike origin', { origin: 'https://shop.example.com.evil.example' }],
    ['another scheme of the public address', { origin: 'http://shop.example.com' }],
    ['a sandboxed frame (Origin: null)', { origin: 'null' }],
    [
      'same-origin claimed with a foreign Origin',
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ],
  ])('are refused with 403 and a clear message from %s, storing nothing', async (_from, headers) => {
    const before = await storedMessages();
    const res = await postMessage(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CROSS_SITE_REFUSED });
    expect(await storedMessages()).toBe(before);
  });

  it('are checked for every method that changes something, signed in or not', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${estimate.id}`,
      headers: { ...as(alice), ...crossSite },
      payload: { status: 'approved' },
    });
    expect(patch.statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: crossSite,
      payload: { email: 'alice@example.com', password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/estimates/${estimate.id}`,
      headers: { ...as(alice), ...crossSite },
    });
    // No route answers DELETE here: the check is made per route, so an unknown one is simply 404.
    expect([403, 404]).toContain(deleted.statusCode);
  });
});

describe('requests the check leaves alone', () => {
  it('accepts requests with neither header: scripts, the command line, other servers', async () => {
    expect((await postMessage({})).statusCode).toBe(201);
  });

  it('does not check reading requests', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { ...as(alice), 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it("lets Stripe's webhook through: it proves itself by its signature instead", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        origin: 'https://stripe.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      payload: '{"id":"evt_1"}',
    });
    // Refused for its missing signature, not for where it came from.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(CROSS_SITE_REFUSED);
  });
});

describe('security: TRUST_PROXY trusts only the named proxies, and never X-Forwarded-Host', () => {
  // The probe's request: a client behind one proxy sends its own X-Forwarded-For and X-Forwarded-Host.
  const forged = {
    origin: 'https://evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'evil.example',
  };
  let proxied: TestApp;
  let customer: Person;
  let own: EstimateRow;
  beforeAll(async () => {
    // As an operator writes it: one proxy on the same machine (inject's requests come from 127.0.0.1).
    const { trustProxy } = loadConfig({
      DATA_DIR: '/tmp/shop-test',
      SESSION_SECRET: 'x'.repeat(32),
      TRUST_PROXY: '127.0.0.1',
    });
    proxied = await createTestApp({ trustProxy, appUrl: 'https://booking.example.org' });
    ({ alice: customer } = await createCast(proxied));
    own = await createEstimate(proxied.database.db, { userId: customer.user.id });
  }, 120_000);
  afterAll(() => proxied.close());

  function post(headers: Record<string, string>) {
    return proxied.app.inject({
      method: 'POST',
      url: `/api/estimates/${own.id}/messages`,
      headers: { ...as(customer), host: 'internal:5000', ...headers },
      payload: { content: 'Hello from behind the proxy' },
    });
  }

  it('never lets X-Forwarded-Host decide what counts as this app', async () => {
    const res = await post(forged);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CROSS_SITE_REFUSED });
  });

  it('accepts the public address of APP_URL, and a proxy that passes the Host header on', async () => {
    const viaAppUrl = await post({ origin: 'https://booking.example.org', 'x-forwarded-proto': 'https' });
    expect(viaAppUrl.statusCode).toBe(201);
    const hostKept = await post({
      host: 'shop.internal.example',
      origin: 'https://shop.internal.example',
      'x-forwarded-proto': 'https',
    });
    expect(hostKept.statusCode).toBe(201);
  });

  it('takes the rate-limit address from the trusted hop, not from what the client wrote', async () => {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    const keys = (await proxied.database.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('login-ip:203.0.113.9');
    expect(keys.join(' ')).not.toContain('6.6.6.6');
  });

  it('ignores X-Forwarded-* without TRUST_PROXY: anyone could send them', async () => {
    const res = await postMessage({
      origin: 'https://booking.example.org',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'booking.example.org',
    });
    expect(res.statusCode).toBe(403);
  });
});
