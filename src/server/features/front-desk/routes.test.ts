import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimate, createMessage } from '#server/db/factories.ts';
import { type EstimateRow, messages } from '#server/db/schema.ts';
import { addPendingSupplement } from '#server/test-support/estimate-lines.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

const get = (url: string, person?: Person) => t.app.inject({ method: 'GET', url, headers: as(person) });
const send = (estimateId: string, person: Person, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/estimates/${estimateId}/messages`,
    headers: as(person),
    payload: { content },
  });
const markHandled = (estimateId: string, person?: Person, payload?: { upToMessageId?: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimateId}/messages/handled`,
    headers: as(person),
    ...(payload ? { payload } : {}),
  });
const inbox = async () => {
  const res = await get('/api/admin/inbox', admin);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    estimateId: string;
    customerName: string;
    preview: string;
    waitingSince: string;
    waitingCount: number;
    newestWaitingId: string;
  }[];
};

let aliceCar: EstimateRow;
let bobCar: EstimateRow;

beforeAll(async () => {
  aliceCar = await createEstimate(t.database.db, { userId: alice.user.id, status: 'approved' });
  bobCar = await createEstimate(t.database.db, { userId: bob.user.id, status: 'quoted' });
});

describe('GET /api/admin/inbox', () => {
  it("lists each estimate whose customer waits, oldest first, with the oldest unanswered message's start", async () => {
    const { db } = t.database;
    // Bob asked two days ago and again yesterday; Alice asked this morning, after the shop answered her once.
    await createMessage(db, {
      estimateId: bobCar.id,
      authorId: bob.user.id,
      isFromAdmin: false,
      content: `Is the tailgate safe to drive with? ${'It rattles on the highway. '.repeat(10)}`,
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      awaitingReply: true,
    });
    await createMessage(db, {
      estimateId: bobCar.id,
      authorId: bob.user.id,
      isFromAdmin: false,
      content: 'Any news?',
      createdAt: new Date(Date.now() - 86_400_000),
      awaitingReply: true,
    });
    expect((await send(aliceCar.id, alice, 'Can I bring it Monday?')).statusCode).toBe(201);

    const rows = await inbox();
    expect(rows.map((row) => [row.estimateId, row.customerName])).toEqual([
      [bobCar.id, 'Bob Brown'],
      [aliceCar.id, 'Alice Adams'],
    ]);
    expect(rows[0]?.preview).toMatch(/^Is the tailgate safe to drive with\? It rattles/);
    expect(rows[0]?.preview.endsWith('…')).toBe(true);
    expect(Array.from(rows[0]?.preview ?? '').length).toBeLessThanOrEqual(141);
    expect(new Date(rows[0]?.waitingSince ?? '').getTime()).toBeLessThan(Date.now() - 47 * 3_600_000);
    expect(rows[1]?.preview).toBe('Can I bring it Monday?');
  });

  it("a staff reply in the thread clears the estimate's waiting messages, recording who answered", async () => {
    const reply = await send(bobCar.id, admin, 'Yes, it is safe; we will look at it Monday.');
    expect(reply.statusCode).toBe(201);
    expect((await inbox()).map((row) => row.estimateId)).toEqual([aliceCar.id]);
    const answered = await t.database.db.select().from(messages).where(eq(messages.estimateId, bobCar.id));
    for (const message of answered.filter((row) => !row.isFromAdmin)) {
      expect(message).toMatchObject({
        awaitingReply: false,
        answeredBy: admin.user.id,
        answerMessageId: reply.json().id,
      });
      expect(message.answeredAt).toBeInstanceOf(Date);
    }
    // The customer writing again puts the estimate back, waiting since the new message.
    expect((await send(bobCar.id, bob, 'Thanks! And the mirror?')).statusCode).toBe(201);
    const again = await inbox();
    expect(again.map((row) => row.estimateId)).toEqual([aliceCar.id, bobCar.id]);
    expect(again[1]?.preview).toBe('Thanks! And the mirror?');
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    expect((await get('/api/admin/inbox', alice)).statusCode).toBe(403);
    expect((await get('/api/admin/inbox')).statusCode).toBe(401);
  });

  it('reads the partial index of waiting messages, not the whole messages table', async () => {
    const { db } = t.database;
    // Many answered messages, so a scan would be the planner's worse choice.
    await db.execute(sql`
      insert into messages (estimate_id, author_id, is_from_admin, content, created_at)
      select ${aliceCar.id}, ${alice.user.id}, false, 'old answered message ' || n, now() - (n || ' minutes')::interval
      from generate_series(1, 5000) as n`);
    await db.execute(sql`analyze messages`);
    const plan = await db.execute(sql`
      explain select distinct on (estimate_id) estimate_id, created_at from messages
      where awaiting_reply = true order by estimate_id, created_at, id`);
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(text).toContain('messages_awaiting_reply_idx');
    expect(text).not.toMatch(/Seq Scan on messages/);
  });
});

describe('POST /api/admin/estimates/{id}/messages/handled', () => {
  it('clears the waiting messages without a reply, recording who and when; again it clears nothing', async () => {
    const before = await t.database.db.select().from(messages).where(eq(messages.estimateId, aliceCar.id));
    const res = await markHandled(aliceCar.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ handled: 1 });
    expect((await inbox()).map((row) => row.estimateId)).toEqual([bobCar.id]);
    const after = await t.database.db.select().from(messages).where(eq(messages.estimateId, aliceCar.id));
    expect(after).toHaveLength(before.length);
    const handled = after.find((row) => row.content === 'Can I bring it Monday?');
    expect(handled).toMatchObject({ awaitingReply: false, answeredBy: admin.user.id, answerMessageId: null });
    expect(handled?.answeredAt).toBeInstanceOf(Date);
    expect((await markHandled(aliceCar.id, admin)).json()).toEqual({ handled: 0 });
  });

  it('answers an unknown estimate with 404, customers with 403, anonymous callers with 401', async () => {
    const missing = await markHandled(crypto.randomUUID(), admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Estimate not found' });
    expect((await markHandled('nope', admin)).statusCode).toBe(404);
    expect((await markHandled(bobCar.id, bob)).statusCode).toBe(403);
    expect((await markHandled(bobCar.id)).statusCode).toBe(401);
    expect((await inbox()).map((row) => row.estimateId)).toEqual([bobCar.id]);
  });
});

describe('GET /api/admin/awaiting-customer', () => {
  it('lists quotes and supplements waiting on the customer, oldest first', async () => {
    const { db } = t.database;
    const carolPerson = await createPerson(t, {
      email: 'carol@example.com',
      firstName: 'Carol',
      lastName: 'Cruz',
    });
    const carol = carolPerson.user;
    const repairing = await createEstimate(db, {
      userId: carol.id,
      status: 'in_progress',
      estimatedAmount: '1000.00',
    });
    await addPendingSupplement(db, repairing.id, admin.user.id, '214.00');
    const res = await get('/api/admin/awaiting-customer', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { estimateId: string; kind: string; customerName: string }[];
    expect(rows.map((row) => [row.estimateId, row.kind, row.customerName])).toEqual([
      [bobCar.id, 'quote', 'Bob Brown'],
      [repairing.id, 'supplement', 'Carol Cruz'],
    ]);
    expect(rows[1]).toMatchObject({ supplementNumber: 1, amount: '214.00', reference: expect.any(String) });
    expect((await get('/api/admin/awaiting-customer', alice)).statusCode).toBe(403);

    // The same supplement is flagged on the customer's list (their home) and the shop's list.
    const own = (await get('/api/estimates', carolPerson)).json() as {
      id: string;
      supplementAwaiting: boolean;
    }[];
    expect(own.find((estimate) => estimate.id === repairing.id)?.supplementAwaiting).toBe(true);
    const shopList = (await get('/api/admin/estimates', admin)).json() as {
      items: { id: string; supplementAwaiting: boolean }[];
    };
    const flags = Object.fromEntries(shopList.items.map((item) => [item.id, item.supplementAwaiting]));
    expect(flags[repairing.id]).toBe(true);
    expect(flags[bobCar.id]).toBe(false);
  });
});

describe('only what staff saw is answered', () => {
  let car: EstimateRow;
  const ask = async (content: string) => {
    const res = await send(car.id, alice, content);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  const waiting = async () =>
    (
      await t.database.db
        .select({ content: messages.content, awaitingReply: messages.awaitingReply })
        .from(messages)
        .where(eq(messages.estimateId, car.id))
    )
      .filter((row) => row.awaitingReply)
      .map((row) => row.content);
  const rowOf = async () => (await inbox()).find((row) => row.estimateId === car.id);

  beforeAll(async () => {
    car = await createEstimate(t.database.db, { userId: alice.user.id, status: 'approved' });
  });

  it('the inbox row counts the waiting messages and names the newest; Mark handled up to it spares a later one', async () => {
    const monday = await ask('Can I bring it Monday?');
    const airbag = await ask('Also: the airbag light came on, is it safe to drive?');
    const row = await rowOf();
    expect(row).toMatchObject({
      preview: 'Can I bring it Monday?',
      waitingCount: 2,
      newestWaitingId: airbag.id,
    });

    // The desk loaded the row with two waiting; a third comes in before staff press Mark handled.
    await ask('Sorry, one more: Tuesday works too.');
    const res = await markHandled(car.id, admin, { upToMessageId: row?.newestWaitingId ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ handled: 2 });
    expect(await waiting()).toEqual(['Sorry, one more: Tuesday works too.']);
    expect(await rowOf()).toMatchObject({ preview: 'Sorry, one more: Tuesday works too.', waitingCount: 1 });

    // Up to the oldest only: the newer one stays.
    expect((await markHandled(car.id, admin, { upToMessageId: monday.id })).json()).toEqual({ handled: 0 });
    // An id of another thread, or not an id at all, clears nothing.
    const other = await send(bobCar.id, bob, 'Is mine ready?');
    expect((await markHandled(car.id, admin, { upToMessageId: other.json().id })).json()).toEqual({
      handled: 0,
    });
    expect((await markHandled(car.id, admin, { upToMessageId: 'nope' })).json()).toEqual({ handled: 0 });
    expect(await waiting()).toHaveLength(1);
    // Without an id (an older client): everything waiting, as before.
    expect((await markHandled(car.id, admin, {})).json()).toEqual({ handled: 1 });
    expect(await rowOf()).toBeUndefined();
  });

  it('a staff reply answers the messages up to the newest the staff member saw, not one written meanwhile', async () => {
    const seen = await ask('Can I bring it Monday?');
    // Staff loaded the thread here; Alice writes again while they type.
    await ask('Also: the airbag light came on, is it safe to drive?');
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/estimates/${car.id}/messages`,
      headers: as(admin),
      payload: { content: 'Monday at 8 is fine.', upToMessageId: seen.id },
    });
    expect(reply.statusCode).toBe(201);
    expect(await waiting()).toEqual(['Also: the airbag light came on, is it safe to drive?']);
    const answered = await t.database.db.select().from(messages).where(eq(messages.id, seen.id));
    expect(answered[0]).toMatchObject({ awaitingReply: false, answerMessageId: reply.json().id });
    expect(await rowOf()).toMatchObject({ waitingCount: 1 });

    // A customer's upToMessageId is ignored, and their message waits as any other.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/estimates/${car.id}/messages`,
          headers: as(alice),
          payload: { content: 'Hello?', upToMessageId: seen.id },
        })
      ).statusCode,
    ).toBe(201);
    expect(await waiting()).toHaveLength(2);
    // A reply without the id answers everything waiting, as before.
    expect(
      (await send(car.id, admin, 'Yes, it is safe to drive; we will check the light Monday.')).statusCode,
    ).toBe(201);
    expect(await waiting()).toEqual([]);
  });
});
