import { describe, expect, it } from 'vitest';
import { createUser } from '#server/db/factories.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { LOGIN_LIMITS } from './service.ts';

const t = setUpTestShop();

const PASSWORD = 'owner-passphrase';

let ipCounter = 0;
/** A fresh address per request: the per-IP limit stays out of the way, as for people on many networks. */
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function login(email: string, password: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: cookie ? { cookie } : {},
    remoteAddress: freshIp(),
  });
}

/** The `device=…` pair from a response's Set-Cookie, and the whole header line. */
function deviceCookieOf(response: { headers: Record<string, unknown> }): { pair: string; line: string } {
  const header = response.headers['set-cookie'];
  const lines = (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string');
  const line = lines.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) throw new Error('no device cookie in response');
  return { pair: line.split(';')[0] ?? '', line };
}

let accounts = 0;
/** An account and the device cookie of its owner's browser (from one earlier sign-in). */
async function ownerWithDevice() {
  const email = `owner${++accounts}@example.com`;
  const user = await createUser(t.database.db, { email, password: PASSWORD, firstName: 'Olga' });
  const first = await login(email, PASSWORD);
  expect(first.statusCode).toBe(200);
  return { user, email, device: deviceCookieOf(first).pair };
}

/** A stranger uses up the account's allowance for untrusted browsers. */
async function strangerFails(email: string) {
  for (let i = 0; i < LOGIN_LIMITS.perEmail.max; i++) {
    expect((await login(email, `guess-${i}-wrong`)).statusCode).toBe(401);
  }
}

describe("security: a stranger's failed sign-ins do not lock the owner's browser out (device cookies)", () => {
  it('after 10 failures from a stranger, the owner with a device cookie signs in; without one they get 429', async () => {
    const owner = await ownerWithDevice();
    await strangerFails(owner.email);

    expect((await login(owner.email, PASSWORD)).statusCode).toBe(429);
    expect((await login(owner.email, 'another-wrong-guess')).statusCode).toBe(429);

    const trusted = await login(owner.email, PASSWORD, owner.device);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json().email).toBe(owner.email);
    // The owner's success does not refill the stranger's allowance.
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(429);
  });

  it('a forged device cookie, or one for another account, does not get past the lockout', async () => {
    const owner = await ownerWithDevice();
    const other = await ownerWithDevice();
    await strangerFails(owner.email);

    const forged = [
      `${DEVICE_COOKIE}=${owner.user.id}.made-up-nonce`,
      `${DEVICE_COOKIE}=${owner.user.id}.made-up-nonce.c2lnbmVkIHdpdGggYW5vdGhlciBzZWNyZXQ`,
      // Signed with the right secret but not in the shape the server issues.
      `${DEVICE_COOKIE}=${t.app.signCookie(owner.user.id)}`,
      // A real device cookie, of another account.
      other.device,
    ];
    for (const cookie of forged) {
      expect((await login(owner.email, PASSWORD, cookie)).statusCode, cookie).toBe(429);
    }
  });

  it('a device cookie that fails too many times is itself locked, and only it', async () => {
    const owner = await ownerWithDevice();
    for (let i = 0; i < LOGIN_LIMITS.perDevice.max; i++) {
      expect((await login(owner.email, `typo-${i}-wrong`, owner.device)).statusCode).toBe(401);
    }
    const locked = await login(owner.email, PASSWORD, owner.device);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // Its failures were counted against it alone: the account is not locked for everyone else.
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('issues a signed, long-lived, httpOnly device cookie naming the account, sent only to /api/login', async () => {
    const owner = await ownerWithDevice();
    const { pair, line } = deviceCookieOf(await login(owner.email, PASSWORD, owner.device));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\/api\/login/);
    expect(Number(/Max-Age=(\d+)/.exec(line)?.[1])).toBeGreaterThanOrEqual(365 * 86_400);
    const value = t.app.unsignCookie(decodeURIComponent(pair.slice(`${DEVICE_COOKIE}=`.length)));
    expect(value.valid).toBe(true);
    expect(value.value?.startsWith(`${owner.user.id}.`)).toBe(true);
    // A new nonce each sign-in.
    expect(pair).not.toBe(owner.device);
  });

  it('registration trusts the browser that created the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'new-owner@example.com', password: PASSWORD, firstName: 'Nia', lastName: 'Ng' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(201);
    const device = deviceCookieOf(res).pair;
    await strangerFails('new-owner@example.com');
    expect((await login('new-owner@example.com', PASSWORD, device)).statusCode).toBe(200);
  });
});
