import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { sessions } from '#server/db/schema.ts';
import { SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { sessionCookie } from '#server/test-support/app.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();

const account = { email: 'sofia@example.com', password: 'sunshine93', firstName: 'Sofia', lastName: 'Reyes' };

const currentUser = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const login = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: account.email, password: account.password },
    headers: cookie ? { cookie } : {},
  });
const logout = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });

/** A cookie an attacker planted in the victim's browser before sign-in, validly signed or not. */
const planted = {
  signed: () => `${SESSION_COOKIE}=${t.app.signCookie('attacker-chosen-session-token')}`,
  unsigned: () => `${SESSION_COOKIE}=attacker-chosen-session-token`,
};

async function sessionRows(userId: string) {
  return t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('session fixation', () => {
  let userId: string;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: account });
    expect(res.statusCode).toBe(201);
    userId = res.json().id;
  });

  it.each(Object.entries(planted))(
    'a %s session id set before sign-in is never the one after it, nor ever signed in',
    async (_kind, plantedCookie) => {
      const cookie = plantedCookie();
      expect((await currentUser(cookie)).statusCode).toBe(401);

      const signedIn = await login(cookie);
      expect(signedIn.statusCode).toBe(200);
      const issued = sessionCookie(signedIn);
      expect(issued).not.toBe(cookie);
      expect(issued).not.toContain('attacker-chosen-session-token');

      // The attacker's copy of the old id is worth nothing; the new one is the victim's alone.
      expect((await currentUser(cookie)).statusCode).toBe(401);
      expect((await currentUser(issued)).json().email).toBe(account.email);
    },
  );

  it('registration too issues a fresh session id, whatever cookie the browser had', async () => {
    const cookie = planted.signed();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...account, email: 'new-customer@example.com' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(201);
    expect(sessionCookie(res)).not.toBe(cookie);
    expect((await currentUser(cookie)).statusCode).toBe(401);
    expect((await currentUser(sessionCookie(res))).json().email).toBe('new-customer@example.com');
  });

  it('stores only a hash of the session id: the database never holds a usable cookie', async () => {
    const issued = sessionCookie(await login());
    const token = t.app.unsignCookie(issued.slice(`${SESSION_COOKIE}=`.length)).value ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await sessionRows(userId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.id).not.toBe(token);
  });
});

describe('logout', () => {
  it('ends the session on the server: replaying the old cookie gets 401 everywhere', async () => {
    const cookie = sessionCookie(await login());
    const me = await currentUser(cookie);
    const estimate = await createEstimate(t.database.db, { userId: me.json().id });

    expect((await logout(cookie)).statusCode).toBe(204);

    // The browser forgot the cookie; someone who copied it gets nothing from it.
    expect((await currentUser(cookie)).statusCode).toBe(401);
    const read = await t.app.inject({ method: 'GET', url: '/api/estimates', headers: { cookie } });
    expect(read.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/estimates/${estimate.id}/messages`,
      headers: { cookie },
      payload: { content: 'sent with a stolen cookie' },
    });
    expect(write.statusCode).toBe(401);
    // Signing in again does not bring the old session back.
    await login();
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it("ends only this browser's session: the customer's other devices stay signed in", async () => {
    const phone = sessionCookie(await login());
    const laptop = sessionCookie(await login());
    await logout(phone);
    expect((await currentUser(phone)).statusCode).toBe(401);
    expect((await currentUser(laptop)).statusCode).toBe(200);
  });
});

describe('security: GET /api/logout from another site does not end the session', () => {
  const getLogout = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...headers } });

  it.each([
    ['another site (a link or redirect there)', { 'sec-fetch-site': 'cross-site' }],
    ['a neighbouring subdomain', { 'sec-fetch-site': 'same-site' }],
    // Old browsers send no Sec-Fetch-Site: they cannot be told apart from a forged navigation.
    ['a browser that does not say where the request came from', {}],
  ])('from %s: redirects home, the session lives on and no cookie is cleared', async (_from, headers) => {
    const cookie = sessionCookie(await login());
    const res = await getLogout(cookie, headers);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await currentUser(cookie)).statusCode).toBe(200);
  });

  it.each([
    ['the app itself', 'same-origin'],
    ['the user (typed or bookmarked)', 'none'],
  ])('from %s: ends the session', async (_from, site) => {
    const cookie = sessionCookie(await login());
    const res = await getLogout(cookie, { 'sec-fetch-site': site });
    expect(res.statusCode).toBe(302);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('POST /api/logout from another site is refused and the session lives on', async () => {
    const cookie = sessionCookie(await login());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await currentUser(cookie)).statusCode).toBe(200);
  });
});

describe('security: logout clears the browser cache (Clear-Site-Data) so cached photos leave a shared device', () => {
  it.each([
    ['POST /api/logout', { method: 'POST' as const, headers: {} }],
    [
      'GET /api/logout (same origin)',
      { method: 'GET' as const, headers: { 'sec-fetch-site': 'same-origin' } },
    ],
  ])('%s answers Clear-Site-Data: "cache"', async (_route, { method, headers }) => {
    const cookie = sessionCookie(await login());
    const res = await t.app.inject({ method, url: '/api/logout', headers: { cookie, ...headers } });
    expect(res.statusCode).toBeLessThan(400);
    expect(res.headers['clear-site-data']).toBe('"cache"');
  });
});
