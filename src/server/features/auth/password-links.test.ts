import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '#domain/auth.ts';
import { createUser } from '#server/db/factories.ts';
import { passwordTokens, sessions, users } from '#server/db/schema.ts';
import { sessionCookie } from '#server/test-support/app.ts';
import { clearOutbox, queuedEmails } from '#server/test-support/outbox.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';
import {
  PASSWORD_LINK_INVALID,
  PASSWORD_LINK_REPLY_MS,
  PASSWORD_LINK_SENT,
  type ReplyPacing,
  requestPasswordLink,
} from './password-links.ts';

const t = setUpTestShop();
beforeEach(() => clearOutbox(t.database.db));

let ipCounter = 0;
/** A fresh address per request unless a test wants one: the per-IP limits stay out of the way. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function askForLink(body: unknown, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password/link',
    payload: body as object,
    remoteAddress: ip,
  });
}
function setPassword(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password/set',
    payload: body as object,
    headers,
    remoteAddress: freshIp(),
  });
}
function login(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
}
function currentUser(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

/** The token in the link of the newest queued e-mail to that address. */
async function tokenMailedTo(email: string): Promise<string> {
  const mails = (await queuedEmails(t.database.db)).filter((mail) => mail.payload.to === email);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /\/auth\?token=([A-Za-z0-9_-]+)/.exec(mail.payload.text);
  if (!match?.[1]) throw new Error('no link in the mail');
  return match[1];
}

async function shopMadeCustomer(email: string) {
  return createUser(t.database.db, { email, firstName: 'Rosa', lastName: 'Diaz' });
}

describe('POST /api/password/link', () => {
  it('mails a one-time link to a customer the shop created', async () => {
    const rosa = await shopMadeCustomer('rosa@example.com');
    const res = await askForLink({ email: ' Rosa@Example.com ' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_LINK_SENT });

    const mails = await queuedEmails(t.database.db);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.topic).toBe('password_link');
    expect(mail?.estimateId).toBeNull();
    expect(mail?.payload.to).toBe('rosa@example.com');
    expect(mail?.payload.subject).toBe('Set your password for Lakeside Family Collision');
    expect(mail?.payload.text).toMatch(/^Hi Rosa,/);
    expect(mail?.payload.text).toContain('expires in 60 minutes');
    expect(mail?.payload.text).toContain('If you did not ask for this');
    const token = await tokenMailedTo('rosa@example.com');
    expect(mail?.payload.text).toContain(`http://localhost:5000/auth?token=${token}`);
    expect(mail?.payload.html).toContain(`href="http://localhost:5000/auth?token=${token}"`);

    // Only the hash is stored, and it expires in an hour.
    const [row] = await t.database.db
      .select({
        id: passwordTokens.id,
        minutesLeft: sql<number>`extract(epoch from (${passwordTokens.expiresAt} - now())) / 60`,
      })
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, rosa.id));
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toContain(token);
    expect(Number(row?.minutesLeft)).toBeGreaterThan(59);
    expect(Number(row?.minutesLeft)).toBeLessThanOrEqual(60);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const res = await askForLink({ email: 'nobody@example.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_LINK_SENT });
    expect(await queuedEmails(t.database.db)).toHaveLength(0);
  });

  it.each([[{}], [{ email: 'not-an-email' }], [{ email: 42 }]])('refuses %j with a 400', async (body) => {
    const res = await askForLink(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
  });

  it('limits requests per e-mail with a 429', async () => {
    await shopMadeCustomer('flood@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await askForLink({ email: 'flood@example.com' })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await queuedEmails(t.database.db)).toHaveLength(5);
  });

  it('limits requests per IP address with a 429', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await askForLink({ email: `someone${i}@example.com` }, '10.200.0.1')).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('POST /api/password/set', () => {
  it('sets the password, signs the customer in, and the password works for sign-in', async () => {
    const rosa = await shopMadeCustomer('claim@example.com');
    await askForLink({ email: 'claim@example.com' });
    const token = await tokenMailedTo('claim@example.com');

    const res = await setPassword({ token, password: 'new-secret-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: rosa.id,
      email: 'claim@example.com',
      firstName: 'Rosa',
      lastName: 'Diaz',
      phone: null,
      language: 'en',
      isAdmin: false,
    });
    const me = await currentUser(sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(rosa.id);

    expect((await login('claim@example.com', 'new-secret-1')).statusCode).toBe(200);
    expect((await login('claim@example.com', 'wrong-guess')).statusCode).toBe(401);
  });

  it('works once: the same link again is a 400', async () => {
    await shopMadeCustomer('once@example.com');
    await askForLink({ email: 'once@example.com' });
    const token = await tokenMailedTo('once@example.com');
    expect((await setPassword({ token, password: 'first-pass' })).statusCode).toBe(200);
    const again = await setPassword({ token, password: 'second-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_LINK_INVALID);
    expect((await login('once@example.com', 'first-pass')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await shopMadeCustomer('late@example.com');
    await askForLink({ email: 'late@example.com' });
    const token = await tokenMailedTo('late@example.com');
    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordTokens.userId, user.id));
    const res = await setPassword({ token, password: 'too-late-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD_LINK_INVALID);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBeNull();
  });

  it('refuses a token nobody was sent', async () => {
    const res = await setPassword({ token: 'x'.repeat(43), password: 'whatever-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD_LINK_INVALID);
  });

  it('ends every other session of the account and voids its other links', async () => {
    await createUser(t.database.db, { email: 'forgot@example.com', password: 'old-password' });
    const elsewhere = await login('forgot@example.com', 'old-password');
    const oldCookie = sessionCookie(elsewhere);
    expect((await currentUser(oldCookie)).statusCode).toBe(200);

    await askForLink({ email: 'forgot@example.com' });
    const firstToken = await tokenMailedTo('forgot@example.com');
    await askForLink({ email: 'forgot@example.com' });
    const secondToken = await tokenMailedTo('forgot@example.com');
    expect(secondToken).not.toBe(firstToken);

    const res = await setPassword({ token: secondToken, password: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect((await currentUser(oldCookie)).statusCode).toBe(401);
    expect((await currentUser(sessionCookie(res))).statusCode).toBe(200);
    const user = res.json().id as string;
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user))).toHaveLength(1);

    expect((await setPassword({ token: firstToken, password: 'sneaky-one' })).statusCode).toBe(400);
    expect((await login('forgot@example.com', 'old-password')).statusCode).toBe(401);
    expect((await login('forgot@example.com', 'brand-new-1')).statusCode).toBe(200);
  });

  it.each([
    [{}, 'This link is not valid. Please ask for a new one.'],
    [{ token: 'short', password: 'long-enough' }, 'This link is not valid. Please ask for a new one.'],
    [
      { token: 'y'.repeat(201), password: 'long-enough' },
      'This link is not valid. Please ask for a new one.',
    ],
    [{ token: 'z'.repeat(43), password: '123456' }, PASSWORD_TOO_SHORT],
    [{ token: 'z'.repeat(43) }, PASSWORD_TOO_SHORT],
    [{ token: 'z'.repeat(43), password: 'Password1' }, PASSWORD_TOO_COMMON],
  ])('refuses %j with a 400', async (body, message) => {
    const res = await setPassword(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('register for an address the shop already uses', () => {
  it('points to "Forgot password?" instead of taking the account over', async () => {
    await shopMadeCustomer('taken@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'taken@example.com', password: 'sunshine93', firstName: 'A', lastName: 'B' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An account with this email already exists. Please sign in, or use "Forgot password?" to set a password.',
    );
  });
});

describe('security: POST /api/password/link takes as long for an unknown address as for an account', () => {
  /**
   * A clock the test moves: the request "takes" `workMs` (the clock reads `start` first, `start +
   * workMs` afterwards); the wait it asks for, and what was queued by then, are recorded. No real time
   * is measured, so nothing here depends on the machine's speed.
   */
  function pacedBy(workMs: number) {
    const start = 1_000;
    let reads = 0;
    const record = { slept: [] as number[], mailsQueuedBeforeTheWait: -1 };
    const pacing: ReplyPacing = {
      now: () => (reads++ === 0 ? start : start + workMs),
      sleep: async (ms) => {
        record.slept.push(ms);
        record.mailsQueuedBeforeTheWait = (await queuedEmails(t.database.db)).length;
      },
    };
    return { pacing, record };
  }

  it('pads both answers to the same fixed time, the account’s slower work ending inside it', async () => {
    await shopMadeCustomer('timed@example.com');
    // Storing the link and queuing the mail: say 120 ms for the account, 5 ms for nobody.
    const known = pacedBy(120);
    await requestPasswordLink(t.database.db, { email: 'timed@example.com' }, freshIp(), 1, known.pacing);
    const unknown = pacedBy(5);
    await requestPasswordLink(
      t.database.db,
      { email: 'nobody-timed@example.com' },
      freshIp(),
      1,
      unknown.pacing,
    );

    expect(known.record.slept).toEqual([PASSWORD_LINK_REPLY_MS - 120]);
    expect(unknown.record.slept).toEqual([PASSWORD_LINK_REPLY_MS - 5]);
    // Both answer PASSWORD_LINK_REPLY_MS after they began.
    expect(120 + (known.record.slept[0] ?? 0)).toBe(5 + (unknown.record.slept[0] ?? 0));
    // The e-mail was queued before the wait, not after the answer: the wait covers the difference.
    expect(known.record.mailsQueuedBeforeTheWait).toBe(1);
    expect(unknown.record.mailsQueuedBeforeTheWait).toBe(1); // still only the account's: nobody got one
  });

  it('never waits a negative time when the work overran the window', async () => {
    const slow = pacedBy(PASSWORD_LINK_REPLY_MS + 50);
    await requestPasswordLink(t.database.db, { email: 'nobody-slow@example.com' }, freshIp(), 1, slow.pacing);
    expect(slow.record.slept).toEqual([0]);
  });
});
