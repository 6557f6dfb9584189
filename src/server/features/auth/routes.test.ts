import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '#domain/auth.ts';
import { users } from '#server/db/schema.ts';
import { createTestApp, sessionCookie } from '#server/test-support/app.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();

const valid = {
  email: 'Maria.Lopez@Example.com',
  password: 'sunshine93',
  firstName: 'Maria',
  lastName: 'Lopez',
};

function register(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/register', payload: body as object, headers });
}
function login(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: body as object, headers });
}
function currentUser(cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
}

describe('register', () => {
  it('creates a customer, signs them in and never returns the password hash', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      email: 'maria.lopez@example.com',
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: null,
      language: 'en',
      isAdmin: false,
    });
    expect(res.body).not.toContain('argon2');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);

    const me = await currentUser(sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('maria.lopez@example.com');
  });

  it('stores an argon2id hash, not the password', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'maria.lopez@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses the same e-mail in another case', async () => {
    const res = await register({ ...valid, email: 'MARIA.LOPEZ@example.COM' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An account with this email already exists. Please sign in, or use "Forgot password?" to set a password.',
    );
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...valid, email: undefined }, 'Please enter a valid email address'],
    [{ ...valid, password: '12345' }, PASSWORD_TOO_SHORT],
    // NIST SP 800-63B: 8 characters at least, and none of the most used passwords (any case).
    [{ ...valid, password: 'abc123' }, PASSWORD_TOO_SHORT],
    [{ ...valid, password: 'password' }, PASSWORD_TOO_COMMON],
    [{ ...valid, password: 'Baseball' }, PASSWORD_TOO_COMMON],
    [{ ...valid, firstName: '   ' }, 'First name is required'],
    [{ ...valid, lastName: '' }, 'Last name is required'],
    [{ ...valid, lastName: 42 }, 'Last name is required'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('answers 400 JSON for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('login and logout', () => {
  it('signs in with any case of the e-mail and issues a new session id each time', async () => {
    const first = await login({ email: 'MARIA.lopez@example.com', password: 'sunshine93' });
    expect(first.statusCode).toBe(200);
    expect(first.json().firstName).toBe('Maria');
    const firstCookie = sessionCookie(first);

    const second = await login(
      { email: 'maria.lopez@example.com', password: 'sunshine93' },
      { cookie: firstCookie },
    );
    const secondCookie = sessionCookie(second);
    expect(secondCookie).not.toBe(firstCookie);
    // Signing in again replaces the session the browser had.
    expect((await currentUser(firstCookie)).statusCode).toBe(401);
    expect((await currentUser(secondCookie)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    for (const body of [
      { email: 'maria.lopez@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'sunshine93' },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('validates the login body with the spec messages', async () => {
    expect((await login({ email: 'x', password: 'sunshine93' })).json().message).toBe(
      'Please enter a valid email address',
    );
    expect((await login({ email: 'maria.lopez@example.com', password: '1' })).json().message).toBe(
      'Password must be at least 6 characters',
    );
    expect((await login(undefined)).statusCode).toBe(400);
  });

  it('ends the session on logout (POST, as the app does)', async () => {
    const cookie = sessionCookie(await login({ email: 'maria.lopez@example.com', password: 'sunshine93' }));
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('ends the session on a same-origin GET /api/logout and redirects home', async () => {
    const cookie = sessionCookie(await login({ email: 'maria.lopez@example.com', password: 'sunshine93' }));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('sends GET /api/login to the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth');
  });

  it('passes a same-origin next path on to the sign-in page, and drops any other', async () => {
    const next = (value: string) =>
      t.app.inject({ method: 'GET', url: `/api/login?next=${encodeURIComponent(value)}` });
    expect((await next('/estimate/abc?x=1')).headers.location).toBe(
      `/auth?next=${encodeURIComponent('/estimate/abc?x=1')}`,
    );
    expect((await next('//evil.example')).headers.location).toBe('/auth');
    expect((await next('/\\evil.example')).headers.location).toBe('/auth');
    expect((await next('https://evil.example')).headers.location).toBe('/auth');
  });

  it('answers 401 JSON when signed out or with a made-up cookie', async () => {
    expect((await currentUser()).json()).toEqual({ message: 'Unauthorized' });
    expect((await currentUser('sid=forged-token')).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per e-mail with a clear 429', async () => {
    await register({ ...valid, email: 'target@example.com' });
    const statuses: number[] = [];
    let last = await login({ email: 'target@example.com', password: 'guess-000' });
    for (let i = 1; i <= 10; i++) {
      statuses.push(last.statusCode);
      last = await login(
        { email: 'Target@example.com', password: `guess-${i}` },
        { 'x-forwarded-for': `10.0.0.${i}` },
      );
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the window passes.
    expect((await login({ email: 'target@example.com', password: 'sunshine93' })).statusCode).toBe(429);
  });

  it('counts only failures against an account: its owner can sign in again and again', async () => {
    await register({ ...valid, email: 'busy@example.com' });
    for (let i = 0; i < 12; i++) {
      const res = await login(
        { email: 'busy@example.com', password: 'sunshine93' },
        { 'x-forwarded-for': `10.1.0.${i}` },
      );
      expect(res.statusCode).toBe(200);
    }
  });

  it('counts the sign-ins of an IPv6 client by its /64: new addresses in it do not renew the allowance', async () => {
    const attempt = (i: number, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `nobody${i}@example.com`, password: 'guess-000' },
        remoteAddress,
      });
    // 30 a window per address (LOGIN_LIMITS.perIp), from two addresses of one home connection.
    for (let i = 0; i < 30; i++) {
      const res = await attempt(i, i % 2 ? '2001:db8:77:1::a' : '2001:0db8:0077:0001:1234:5678:9abc:def0');
      expect(res.statusCode).toBe(401);
    }
    expect((await attempt(30, '2001:db8:77:1:ffff::1')).statusCode).toBe(429);
    expect((await attempt(31, '2001:db8:77:2::a')).statusCode).toBe(401);
  });

  it('limits registrations per IP address', async () => {
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) {
      status = (await register({ ...valid, email: `bulk${i}@example.com` }, {})).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('AUTH_RATE_LIMIT_SCALE', () => {
  it('multiplies the allowances for shops with many users behind one address', async () => {
    const shared = await createTestApp({ rateLimitScale: 2 });
    try {
      for (let i = 0; i < 25; i++) {
        const res = await shared.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { ...valid, email: `shared${i}@example.com` },
        });
        expect(res.statusCode).toBe(201);
      }
    } finally {
      await shared.close();
    }
  });
});

describe('behind an HTTPS proxy', () => {
  it('marks the session cookie Secure when TRUST_PROXY is on and the request came over HTTPS', async () => {
    const behindProxy = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...valid, email: 'secure@example.com' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('API basics', () => {
  it('reports health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API routes with JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found: GET /api/nope');
  });
});
