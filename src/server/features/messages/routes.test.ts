import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '#domain/messages.ts';
import { createEstimate, createMessage } from '#server/db/factories.ts';
import type { EstimateRow } from '#server/db/schema.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { MESSAGE_LIMITS } from './service.ts';

const MESSAGE_LIMIT = MESSAGE_LIMITS.customer;

let estimate: EstimateRow;

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);
beforeAll(async () => {
  estimate = await createEstimate(t.database.db, { userId: alice.user.id });
  await createMessage(t.database.db, {
    estimateId: estimate.id,
    authorId: alice.user.id,
    isFromAdmin: false,
    content: 'First, from the customer',
    createdAt: new Date('2026-01-01T10:00:00Z'),
  });
  await createMessage(t.database.db, {
    estimateId: estimate.id,
    authorId: admin.user.id,
    isFromAdmin: true,
    content: 'Second, from the shop',
    createdAt: new Date('2026-01-01T11:00:00Z'),
  });
});

const read = (id: string, person?: Person) =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}/messages`, headers: as(person) });
const send = (id: string, payload: unknown, person?: Person) =>
  t.app.inject({
    method: 'POST',
    url: `/api/estimates/${id}/messages`,
    headers: as(person),
    payload: payload as object,
  });

describe('GET /api/estimates/{id}/messages', () => {
  it('lists the thread oldest first for the owner and the shop, with only the public fields', async () => {
    for (const person of [alice, admin]) {
      const res = await read(estimate.id, person);
      expect(res.statusCode).toBe(200);
      const thread = res.json();
      expect(thread.slice(0, 2)).toEqual([
        {
          id: expect.any(String),
          content: 'First, from the customer',
          isFromAdmin: false,
          createdAt: '2026-01-01T10:00:00.000Z',
        },
        {
          id: expect.any(String),
          content: 'Second, from the shop',
          isFromAdmin: true,
          createdAt: '2026-01-01T11:00:00.000Z',
        },
      ]);
    }
  });

  it("answers another customer's estimate with 404, anonymous with 401, bad ids with 404", async () => {
    const res = await read(estimate.id, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Estimate not found' });
    expect((await read(estimate.id)).statusCode).toBe(401);
    expect((await read('nope', alice)).statusCode).toBe(404);
    expect((await read(crypto.randomUUID(), admin)).statusCode).toBe(404);
  });
});

describe('GET /api/estimates/{id}/messages, polled', () => {
  it('answers 304 to the tag the browser holds while the thread is unchanged, and 200 once it changes', async () => {
    const carol = await createPerson(t, { email: 'carol@example.com', firstName: 'Carol' });
    const own = await createEstimate(t.database.db, { userId: carol.user.id });
    const poll = (person: Person, tag?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/estimates/${own.id}/messages`,
        headers: { ...as(person), ...(tag ? { 'if-none-match': tag } : {}) },
      });

    const first = await poll(carol);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([]);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[0-9a-f]{32}"$/);

    // Polls arriving together are asked in one query; the shop reads the thread under a tag of its own.
    const [unchanged, shop, stranger] = await Promise.all([poll(carol, tag), poll(admin, tag), poll(bob)]);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(tag);
    expect(shop.statusCode).toBe(200);
    expect(shop.headers.etag).not.toBe(tag);
    expect(stranger.statusCode).toBe(404);

    // Even a message stamped earlier than the newest changes the tag.
    await createMessage(t.database.db, {
      estimateId: own.id,
      authorId: admin.user.id,
      isFromAdmin: true,
      content: 'Your car is ready',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const changed = await poll(carol, tag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual([expect.objectContaining({ content: 'Your car is ready' })]);
    expect(changed.headers.etag).not.toBe(tag);

    // The app's notes read in the customer's language: another language, another tag.
    const current = String(changed.headers.etag);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: as(carol),
      payload: { language: 'es' },
    });
    const inSpanish = await poll(carol, current);
    expect(inSpanish.statusCode).toBe(200);
    expect(inSpanish.headers.etag).not.toBe(current);

    // Someone else's thread: not found, tag or not.
    expect((await poll(bob, current)).statusCode).toBe(404);
  });
});

describe('POST /api/estimates/{id}/messages', () => {
  it('stores the text exactly and replies 201 with the message; the role decides isFromAdmin', async () => {
    const fromCustomer = await send(
      estimate.id,
      { content: '  Can I bring it Monday?  ', isFromAdmin: true },
      alice,
    );
    expect(fromCustomer.statusCode).toBe(201);
    expect(fromCustomer.json()).toMatchObject({ content: 'Can I bring it Monday?', isFromAdmin: false });

    const fromShop = await send(estimate.id, { content: 'Monday works.', isFromAdmin: false }, admin);
    expect(fromShop.statusCode).toBe(201);
    expect(fromShop.json()).toMatchObject({ content: 'Monday works.', isFromAdmin: true });

    const thread = (await read(estimate.id, alice)).json();
    expect(thread.slice(-2).map((m: { id: string }) => m.id)).toEqual([
      fromCustomer.json().id,
      fromShop.json().id,
    ]);
  });

  it('keeps markup as plain text: stored and returned verbatim, as JSON, never as HTML', async () => {
    const content =
      '<script>alert("hi")</script><img src=x onerror=alert(1)> & "quotes" \u00e9\u{1F697}\nline two';
    const res = await send(estimate.id, { content }, alice);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().content).toBe(content);
    const thread = await read(estimate.id, admin);
    expect(thread.headers['content-type']).toMatch(/^application\/json/);
    expect(thread.json().at(-1).content).toBe(content);
  });

  it('refuses empty, whitespace-only, too long or non-text messages', async () => {
    const message = async (payload: unknown) => {
      const res = await send(estimate.id, payload, alice);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(400);
      return res.json().message as string;
    };
    expect(await message({ content: '' })).toBe('Message cannot be empty');
    expect(await message({ content: ' \n\t ' })).toBe('Message cannot be empty');
    expect(await message({})).toBe('Message cannot be empty');
    expect(await message({ content: 42 })).toBe('Message cannot be empty');
    expect(await message({ content: ['hi'] })).toBe('Message cannot be empty');
    expect(await message({ content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) })).toBe(
      `Messages must be at most ${MESSAGE_MAX_LENGTH} characters`,
    );
    expect(await message({ content: 'hi', authorId: admin.user.id })).toMatch(/Unrecognized key/);
    expect(await message({ content: 'hi', isFromAdmin: 'yes' })).toBeTruthy();
  });

  it("answers another customer's estimate with 404 and anonymous callers with 401, storing nothing", async () => {
    const before = (await read(estimate.id, alice)).json().length;
    expect((await send(estimate.id, { content: 'hello' }, bob)).statusCode).toBe(404);
    expect((await send(estimate.id, { content: 'hello' })).statusCode).toBe(401);
    expect((await send(estimate.id, { content: '' })).statusCode).toBe(401);
    expect((await read(estimate.id, alice)).json()).toHaveLength(before);
  });

  it(`limits each user to ${MESSAGE_LIMIT.max} messages in ${MESSAGE_LIMIT.windowSeconds / 60} minutes`, async () => {
    const chatty = await createPerson(t, { email: 'chatty@example.com' });
    const own = await createEstimate(t.database.db, { userId: chatty.user.id });
    for (let i = 0; i < MESSAGE_LIMIT.max; i++) {
      expect((await send(own.id, { content: `message ${i}` }, chatty)).statusCode).toBe(201);
    }
    const refused = await send(own.id, { content: 'one too many' }, chatty);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json().message).toBe(
      'You have sent many messages in the last few minutes. Please wait 10 minutes and try again.',
    );
    // Others are not affected.
    expect((await send(estimate.id, { content: 'still fine' }, alice)).statusCode).toBe(201);
  });
});
