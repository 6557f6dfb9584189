import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_OPT_IN_WORDING } from '#domain/text-messages.ts';
import { EmlFileMailer } from '#server/adapters/mail/eml-file-mailer.ts';
import { createTextSender } from '#server/adapters/sms/create-text-sender.ts';
import { smsConfig } from '#server/adapters/sms/sms-config.ts';
import { createAppointment, createUploadedPhoto } from '#server/db/factories.ts';
import { estimates, outbox, smsOptOuts, users } from '#server/db/schema.ts';
import { SMS_OPT_IN_CUSTOMER_ONLY, SMS_PHONE_REQUIRED } from '#server/features/estimates/batch-create.ts';
import { NUL_CHARACTER_MESSAGE } from '#server/http/reject-nul-text.ts';
import { createTestApp, testConfig } from '#server/test-support/app.ts';
import { clearOutbox } from '#server/test-support/outbox.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';
import { startTwilioStandIn, type TwilioStandIn } from '#server/test-support/twilio-stand-in.ts';
import { NUMBER_OPTED_OUT, outboxJobHandlers } from './job-handlers.ts';
import { notifyDropOffScheduled, notifyQuoteReady } from './notify.ts';
import { queueText, type SmsPayload } from './outbox.ts';
import { textCustomer } from './texts.ts';
import { OutboxWorker } from './worker.ts';

let twilio: TwilioStandIn;
const dir = mkdtempSync(path.join(tmpdir(), 'shop-texts-'));

beforeAll(async () => {
  twilio = await startTwilioStandIn();
});
afterAll(() => twilio.close());
// Many requests from the same few customers: room for them all in the hour's allowance.
const t = setUpTestShop(() => ({ sms: smsConfig(twilio.env, dir), rateLimitScale: 10 }));
const { alice, bob, admin } = setUpCast(t);
/** A customer who reads Spanish. */
const lucia = setUpPerson(t, { email: 'lucia@example.com', firstName: 'Lucía', language: 'es' });
beforeEach(async () => {
  await clearOutbox(db());
  await db().delete(smsOptOuts);
  twilio.sent.length = 0;
});

const db = () => t.database.db;
/** 10 am and 11 pm in Florida (EST). */
const MORNING = new Date('2026-03-04T15:00:00Z');
const NIGHT = new Date('2026-03-05T04:00:00Z');

/** A worker whose clock says `at`; every queued row is made due first (the database keeps real time). */
async function runWorker(at: Date) {
  await db().update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.status, 'pending'));
  return new OutboxWorker({
    db: db(),
    handlers: outboxJobHandlers({
      db: db(),
      mailer: new EmlFileMailer(path.join(dir, 'outbox')),
      texts: createTextSender(smsConfig(twilio.env, dir)),
      google: null,
      clock: () => at,
    }),
  }).runOnce();
}

async function queuedTexts() {
  const rows = await db().select().from(outbox).where(eq(outbox.kind, 'sms')).orderBy(asc(outbox.createdAt));
  return rows as ((typeof rows)[number] & { payload: SmsPayload })[];
}

async function request(fields: Record<string, unknown>, person: Person = alice) {
  const photo = await createUploadedPhoto(db(), { uploaderId: person.user.id });
  return t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(person),
    payload: {
      vehicleInfo: {
        year: 2020,
        make: 'Kia',
        model: 'Soul',
        licensePlate: `TXT${Math.floor(Math.random() * 1e5)}`,
      },
      photos: [`/api/photos/${photo.id}`],
      vinNumber: 'KNDJN2A24L7000001',
      odometerReading: '31000',
      ...(person === admin ? { customerId: alice.user.id } : {}),
      ...fields,
    },
  });
}

function reply(
  params: Record<string, string>,
  signature = twilio.sign(`${testConfig().appUrl}/api/twilio/inbound`, params),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/twilio/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('"Text me updates" on the estimate request', () => {
  it('records the opt-in with its time and wording, the number in E.164', async () => {
    const res = await request({ phone: '(813) 555-0142', smsOptIn: true });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(estimates).where(eq(estimates.id, res.json().estimate.id));
    expect(row).toMatchObject({ smsPhone: '+18135550142', smsOptInWording: SMS_OPT_IN_WORDING.en });
    expect(row?.smsOptInAt).toBeInstanceOf(Date);
  });

  it('records the Spanish wording a customer who reads Spanish was shown', async () => {
    const res = await request({ phone: '(813) 555-0143', smsOptIn: true }, lucia);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(estimates).where(eq(estimates.id, res.json().estimate.id));
    expect(row?.smsOptInWording).toBe(SMS_OPT_IN_WORDING.es);
  });

  it('refuses the opt-in without a number it can text, or from the shop, storing nothing', async () => {
    const before = (await db().select().from(estimates)).length;
    for (const [fields, person, message] of [
      [{ phone: '', smsOptIn: true }, alice, SMS_PHONE_REQUIRED],
      [{ phone: '555-01', smsOptIn: true }, alice, SMS_PHONE_REQUIRED],
      [{ phone: '(813) 555-0142', smsOptIn: true }, admin, SMS_OPT_IN_CUSTOMER_ONLY],
    ] as const) {
      const res = await request(fields, person);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await db().select().from(estimates)).toHaveLength(before);
  });

  it('texts nobody who did not ask for texts', async () => {
    const res = await request({ phone: '(813) 555-0142' });
    await db().transaction((tx) => notifyQuoteReady(tx, res.json().estimate.id));
    expect(await queuedTexts()).toEqual([]);
  });
});

describe('repair updates by text', () => {
  async function optedIn(): Promise<string> {
    const res = await request({ phone: '813-555-0177', smsOptIn: true });
    const id: string = res.json().estimate.id;
    await db()
      .update(estimates)
      .set({ status: 'quoted', estimatedAmount: '640.00' })
      .where(eq(estimates.id, id));
    return id;
  }

  it('sends the quote through Twilio, naming the shop and ending with the opt-out', async () => {
    const id = await optedIn();
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    await runWorker(MORNING);
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0]?.to).toBe('+18135550177');
    expect(twilio.sent[0]?.body).toMatch(
      /^Lakeside Family Collision: Your estimate #[0-9A-F]{8} is ready: \$640\.00\. Review and approve it at http:\/\/localhost:5000\/estimate\/.+ Reply STOP to opt out\.$/,
    );
  });

  it('folds updates written while a text waits into that text', async () => {
    const id = await optedIn();
    const appointment = await createAppointment(db(), {
      estimateId: id,
      dropOffDate: '2026-12-07',
      slot: '08:00-10:00',
      createdBy: admin.user.id,
    });
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    await db().transaction((tx) => notifyDropOffScheduled(tx, id, appointment.id));
    const texts = await queuedTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]?.payload.updates).toHaveLength(2);
    expect(texts[0]?.payload.updates[1]).toContain(
      `Add it to your calendar: http://localhost:5000/api/estimates/${id}/drop-off.ics`,
    );
  });

  it('never folds an update into a waiting survey text: the update gets its own', async () => {
    const id = await optedIn();
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    await db().transaction((tx) =>
      queueText(tx, {
        topic: 'survey',
        estimateId: id,
        notBefore: tomorrow,
        payload: { to: '+18135550177', shopName: 'Lakeside Family Collision', updates: ['How did we do?'] },
      }),
    );
    await db().transaction((tx) => textCustomer(tx, id, 'Your car is ready.', 'en', MORNING));
    const texts = await queuedTexts();
    expect(texts.map((row) => [row.topic, row.payload.updates])).toEqual([
      ['survey', ['How did we do?']],
      ['repair_update_text', ['Your car is ready.']],
    ]);
    expect(texts[0]?.nextAttemptAt).toEqual(tomorrow);
  });

  it('folds an update into one waiting update only, the oldest', async () => {
    const id = await optedIn();
    const waiting = (update: string) => ({
      topic: 'repair_update_text' as const,
      estimateId: id,
      payload: {
        to: '+18135550177',
        shopName: 'Lakeside Family Collision',
        updates: [update],
        language: 'en' as const,
      },
    });
    await db().transaction(async (tx) => {
      await queueText(tx, waiting('First.'));
      await queueText(tx, waiting('Second.'));
    });
    await db().transaction((tx) => textCustomer(tx, id, 'Third.', 'en', MORNING));
    expect((await queuedTexts()).map((row) => row.payload.updates)).toEqual([
      ['First.', 'Third.'],
      ['Second.'],
    ]);
  });

  it('queues a text written at night for 8 am', async () => {
    const id = await optedIn();
    await db().transaction((tx) => textCustomer(tx, id, 'Your car is ready.', 'en', NIGHT));
    const [text] = await queuedTexts();
    expect(text?.nextAttemptAt).toEqual(new Date('2026-03-05T13:00:00Z'));
  });

  it('holds a text that comes due at night until 8 am, without counting an attempt', async () => {
    const id = await optedIn();
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    await runWorker(NIGHT);
    expect(twilio.sent).toHaveLength(0);
    const [text] = await queuedTexts();
    expect(text).toMatchObject({ status: 'pending', attempts: 0 });
    expect(text?.nextAttemptAt).toEqual(new Date('2026-03-05T13:00:00Z'));
  });

  it('stops at once on STOP (a text already queued included), and starts again on START', async () => {
    const id = await optedIn();
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    const stop = await reply({ From: '+18135550177', Body: 'Stop' });
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await runWorker(MORNING);
    expect(twilio.sent).toHaveLength(0);
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    expect((await queuedTexts()).filter((row) => row.status === 'pending')).toEqual([]);

    expect((await reply({ From: '+18135550177', Body: 'START' })).statusCode).toBe(200);
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    expect((await queuedTexts()).filter((row) => row.status === 'pending')).toHaveLength(1);
  });

  it('keeps a STOP the app never heard when Twilio refuses the number for it (21610), and sends nothing more', async () => {
    const id = await optedIn();
    twilio.unsubscribed.add('+18135550177');
    try {
      await db().transaction((tx) => notifyQuoteReady(tx, id));
      await runWorker(MORNING);
      expect(await db().select().from(smsOptOuts)).toMatchObject([{ phone: '+18135550177' }]);
      const [text] = await queuedTexts();
      expect(text).toMatchObject({ status: 'cancelled', lastError: 'number opted out', sentAt: null });
      // Nothing more is queued for it, whatever the shop records next.
      await db().transaction((tx) => notifyQuoteReady(tx, id));
      expect((await queuedTexts()).filter((row) => row.status === 'pending')).toEqual([]);
    } finally {
      twilio.unsubscribed.clear();
    }
  });

  it('answers HELP with the shop phone, and refuses replies Twilio did not sign', async () => {
    const help = await reply({ From: '+18135550177', Body: 'help' });
    expect(help.headers['content-type']).toMatch(/^text\/xml/);
    expect(help.body).toContain(
      '<Message>Lakeside Family Collision: repair updates for your vehicle. Call us at (813) 555-0193.',
    );
    const forged = await reply({ From: '+18135550177', Body: 'STOP' }, 'forged-signature');
    expect(forged.statusCode).toBe(403);
    expect(await db().select().from(smsOptOuts)).toEqual([]);
  });

  it('refuses a signed reply holding the NUL character with 400, as every JSON body', async () => {
    const res = await reply({ From: '+18135550177\u0000', Body: 'STOP' });
    expect([res.statusCode, res.json()]).toEqual([400, { message: NUL_CHARACTER_MESSAGE }]);
    expect(await db().select().from(smsOptOuts)).toEqual([]);
  });
});

describe('security: a STOP belongs to the number, whoever asks for texts after it', () => {
  const PHONE = '+18135550166';

  async function quoted(person: Person): Promise<string> {
    const res = await request({ phone: '(813) 555-0166', smsOptIn: true }, person);
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().estimate.id;
    await db()
      .update(estimates)
      .set({ status: 'quoted', estimatedAmount: '640.00' })
      .where(eq(estimates.id, id));
    return id;
  }

  it("another customer's opt-in does not lift the number's STOP, and nothing is texted to it", async () => {
    await quoted(alice);
    expect((await reply({ From: PHONE, Body: 'STOP' })).statusCode).toBe(200);
    // Bob types the same number and ticks "Text me updates": his request is taken, the STOP stays.
    const bobs = await quoted(bob);
    const [row] = await db().select().from(estimates).where(eq(estimates.id, bobs));
    expect(row).toMatchObject({ userId: bob.user.id, smsPhone: PHONE });
    expect(row?.smsOptInAt).toBeInstanceOf(Date);
    expect(await db().select().from(smsOptOuts)).toMatchObject([{ phone: PHONE }]);
    await db().transaction((tx) => notifyQuoteReady(tx, bobs));
    expect(await queuedTexts()).toEqual([]);
    await runWorker(MORNING);
    expect(twilio.sent).toEqual([]);
  });

  it("the number's own customer ticking the box again does not lift it either", async () => {
    await quoted(alice);
    expect((await reply({ From: PHONE, Body: 'STOP' })).statusCode).toBe(200);
    const again = await quoted(alice);
    await db().transaction((tx) => notifyQuoteReady(tx, again));
    expect(await queuedTexts()).toEqual([]);
  });

  it('a text queued before the STOP is not sent by the worker', async () => {
    const id = await quoted(bob);
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    expect(await queuedTexts()).toHaveLength(1);
    await db().insert(smsOptOuts).values({ phone: PHONE });
    await runWorker(MORNING);
    expect(twilio.sent).toEqual([]);
  });

  it('records a text dropped for a STOP as cancelled, with the reason, never as sent', async () => {
    const id = await quoted(bob);
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    await db().insert(smsOptOuts).values({ phone: PHONE });
    // The quote's e-mails go; the text alone is cancelled.
    expect(await runWorker(MORNING)).toMatchObject({ failed: 0, cancelled: 1 });
    expect(twilio.sent).toEqual([]);
    expect(await queuedTexts()).toMatchObject([
      { status: 'cancelled', sentAt: null, lockedUntil: null, lastError: NUMBER_OPTED_OUT },
    ]);
  });

  it('START from the number lifts it: texts go again', async () => {
    await quoted(alice);
    expect((await reply({ From: PHONE, Body: 'STOP' })).statusCode).toBe(200);
    const bobs = await quoted(bob);
    expect((await reply({ From: PHONE, Body: 'START' })).statusCode).toBe(200);
    expect(await db().select().from(smsOptOuts)).toEqual([]);
    await db().transaction((tx) => notifyQuoteReady(tx, bobs));
    await runWorker(MORNING);
    expect(twilio.sent.map((text) => text.to)).toEqual([PHONE]);
  });

  it("shows the shop the number's STOP on the estimate, and its lifting on START", async () => {
    const id = await quoted(alice);
    const details = () => t.app.inject({ url: `/api/admin/estimates/${id}/details`, headers: as(admin) });
    expect((await details()).json().textUpdates).toEqual({
      phone: PHONE,
      optedInAt: expect.any(String),
      stoppedAt: null,
    });
    await reply({ From: PHONE, Body: 'STOP' });
    const stopped = (await details()).json().textUpdates;
    expect(new Date(stopped.stoppedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await reply({ From: PHONE, Body: 'START' });
    expect((await details()).json().textUpdates.stoppedAt).toBeNull();
    // The shop's page only: the customer's own estimate reply carries no other person's STOP.
    const own = await t.app.inject({ url: `/api/estimates/${id}`, headers: as(alice) });
    expect(own.body).not.toContain('stoppedAt');
  });
});

describe("texts in the customer's language", () => {
  async function optedIn(person: Person, phone: string): Promise<string> {
    const res = await request({ phone, smsOptIn: true }, person);
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().estimate.id;
    await db()
      .update(estimates)
      .set({ status: 'quoted', estimatedAmount: '640.00' })
      .where(eq(estimates.id, id));
    return id;
  }

  it('texts a Spanish-speaking customer in Spanish, with the same link and amount, STOP kept', async () => {
    const id = await optedIn(lucia, '813-555-0188');
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    await runWorker(MORNING);
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0]?.body).toMatch(
      new RegExp(
        `^Lakeside Family Collision: Su presupuesto #[0-9A-F]{8} está listo: \\$640\\.00\\. Revíselo y apruébelo en http://localhost:5000/estimate/${id} Siga su reparación: http://localhost:5000/status/\\S+ Responda STOP para no recibir más mensajes\\.$`,
      ),
    );

    const help = await reply({ From: '+18135550188', Body: 'HELP' });
    expect(help.body).toContain(
      '<Message>Lakeside Family Collision: avisos sobre la reparación de su vehículo. Llámenos al (813) 555-0193. Responda STOP para no recibir más mensajes.</Message>',
    );
    expect((await reply({ From: '+18135550188', Body: 'STOP' })).statusCode).toBe(200);
    expect(await db().select().from(smsOptOuts)).toMatchObject([{ phone: '+18135550188' }]);
  });

  it('takes a Spanish "Parar" as a STOP: the number is opted out and its waiting text not sent', async () => {
    const id = await optedIn(lucia, '813-555-0187');
    await db().transaction((tx) => notifyQuoteReady(tx, id));
    const parar = await reply({ From: '+18135550187', Body: 'Parar' });
    expect([parar.statusCode, parar.body]).toEqual([
      200,
      '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    ]);
    expect(await db().select().from(smsOptOuts)).toMatchObject([{ phone: '+18135550187' }]);
    await runWorker(MORNING);
    expect(twilio.sent).toEqual([]);
  });

  it('sends a text waiting in the language the customer left as written, and the next in the new one', async () => {
    const id = await optedIn(lucia, '813-555-0189');
    const appointment = await createAppointment(db(), {
      estimateId: id,
      dropOffDate: '2026-12-07',
      slot: '08:00-10:00',
      createdBy: admin.user.id,
    });
    await db().update(users).set({ language: 'en' }).where(eq(users.id, lucia.user.id));
    try {
      await db().transaction((tx) => notifyQuoteReady(tx, id));
      await db().update(users).set({ language: 'es' }).where(eq(users.id, lucia.user.id));
      await db().transaction((tx) => notifyDropOffScheduled(tx, id, appointment.id));
    } finally {
      await db().update(users).set({ language: 'es' }).where(eq(users.id, lucia.user.id));
    }
    expect((await queuedTexts()).map((row) => [row.payload.language, row.payload.updates.length])).toEqual([
      ['en', 1],
      ['es', 1],
    ]);
    await runWorker(MORNING);
    const bodies = twilio.sent.map((text) => text.body);
    expect(bodies).toHaveLength(2);
    const english = bodies.find((body) => body.includes('Your estimate'));
    const spanish = bodies.find((body) => body.includes('Su cita'));
    expect(english).toMatch(/Track your repair: \S+ Reply STOP to opt out\.$/);
    expect(spanish).toContain('lunes, 7 de diciembre de 2026, 8:00 a.m. - 10:00 a.m.');
    expect(spanish).toMatch(/Siga su reparación: \S+ Responda STOP para no recibir más mensajes\.$/);
  });
});

describe('without Twilio', () => {
  it('has no reply route', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/twilio/inbound', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
