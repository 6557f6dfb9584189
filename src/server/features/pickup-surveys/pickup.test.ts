import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALREADY_PICKED_UP, PICKUP_NOT_COMPLETED, surveySendAt } from '#domain/surveys.ts';
import { SMS_OPT_IN_WORDING, smsSendableAt } from '#domain/text-messages.ts';
import { EmlFileMailer } from '#server/adapters/mail/eml-file-mailer.ts';
import { createTextSender } from '#server/adapters/sms/create-text-sender.ts';
import { textFileName } from '#server/adapters/sms/file-text-sender.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimates, outbox, smsOptOuts, surveys, users } from '#server/db/schema.ts';
import { outboxJobHandlers } from '#server/features/notifications/job-handlers.ts';
import { OutboxWorker } from '#server/features/notifications/worker.ts';
import { clearOutbox } from '#server/test-support/outbox.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-survey-'));
const t = setUpTestShop({ surveys: { delayHours: 24, googleReviewUrl: null } });
const { alice, admin } = setUpCast(t);
const lucia = setUpPerson(t, { email: 'lucia-pickup@example.com', firstName: 'Lucía', language: 'es' });
const db = () => t.db;

beforeEach(async () => {
  await clearOutbox(db());
  await db().delete(smsOptOuts);
});

/** 10 am and 11 pm in Florida (EST). */
const MORNING = new Date('2026-03-04T15:00:00Z');
const NIGHT = new Date('2026-03-05T04:00:00Z');

let plates = 0;
async function completedEstimate(
  fields: { amount?: string; phone?: string | null; userId?: string; optInWording?: string } = {},
): Promise<string> {
  const userId = fields.userId ?? alice.user.id;
  plates += 1;
  const vehicle = await createVehicle(db(), userId, { licensePlate: `PKP${plates}` });
  const estimate = await createEstimate(db(), {
    userId,
    vehicleId: vehicle.id,
    status: 'completed',
    estimatedAmount: fields.amount ?? '400.00',
  });
  const phone = fields.phone === undefined ? '+18135550142' : fields.phone;
  if (phone) {
    await db()
      .update(estimates)
      .set({
        smsPhone: phone,
        smsOptInAt: new Date(),
        smsOptInWording: fields.optInWording ?? SMS_OPT_IN_WORDING.en,
      })
      .where(eq(estimates.id, estimate.id));
  }
  return estimate.id;
}

/** A payment at the counter, through the desk's own call (its receipt is not what these tests count). */
async function payInFull(estimateId: string, cents = 40_000) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimateId}/payments`,
    headers: as(admin),
    payload: { amount: (cents / 100).toFixed(2), method: 'cash' },
  });
  expect(res.statusCode).toBe(201);
  await clearOutbox(db());
}

const pickup = (estimateId: string, body: Record<string, unknown> = {}, person = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimateId}/pickup`,
    headers: as(person),
    payload: body,
  });

async function surveyRows(estimateId: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.estimateId, estimateId), eq(outbox.topic, 'survey')))
    .orderBy(asc(outbox.kind));
}

/** The contents of every file in `folder` (none yet: none). */
function readFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).map((file) => readFileSync(path.join(folder, file), 'utf8'));
}

async function overview(): Promise<{ sent: number; answered: number }> {
  return (await t.app.inject({ method: 'GET', url: '/api/admin/csi/overview', headers: as(admin) })).json();
}

/** A worker whose clock says `at`, after `hoursLater` hours have passed for the queued rows. */
async function runWorker(at: Date, { hoursLater = 0 } = {}) {
  if (hoursLater > 0) {
    await db()
      .update(outbox)
      .set({ nextAttemptAt: sql`${outbox.nextAttemptAt} - make_interval(hours => ${hoursLater})` })
      .where(eq(outbox.status, 'pending'));
  }
  return new OutboxWorker({
    db: db(),
    handlers: outboxJobHandlers({
      db: db(),
      mailer: new EmlFileMailer(path.join(dir, 'outbox')),
      texts: createTextSender({ kind: 'files', dir: path.join(dir, 'sms') }),
      google: null,
      clock: () => at,
    }),
  }).runOnce();
}

describe('POST /api/admin/estimates/{id}/pickup', () => {
  it('records the pickup of a completed, paid repair and puts it on the customer timeline', async () => {
    const id = await completedEstimate();
    await payInFull(id);
    const res = await pickup(id, { note: 'Keys to the wife.' });
    expect(res.statusCode).toBe(200);
    const { pickedUpAt } = res.json();
    const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
    expect(row?.pickedUpAt?.toISOString()).toBe(pickedUpAt);
    expect(row?.pickedUpBy).toBe(admin.user.id);
    expect(row?.pickupBalanceCents).toBeNull();
    expect(row?.pickupNote).toBe('Keys to the wife.');

    const page = await t.app.inject({ method: 'GET', url: `/api/estimates/${id}`, headers: as(alice) });
    const timeline = page.json().timeline as { kind: string; name: string; note?: string }[];
    expect(timeline.at(-1)).toMatchObject({ kind: 'pickup', name: 'picked_up' });
    expect(timeline.at(-1)?.note).toBeUndefined();
  });

  it('refuses an estimate that is not completed, and a second pickup, with a sentence', async () => {
    const id = await completedEstimate();
    await db().update(estimates).set({ status: 'in_progress' }).where(eq(estimates.id, id));
    const early = await pickup(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PICKUP_NOT_COMPLETED);

    const done = await completedEstimate();
    await payInFull(done);
    expect((await pickup(done)).statusCode).toBe(200);
    const again = await pickup(done);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_PICKED_UP);
    expect(await db().select().from(surveys).where(eq(surveys.estimateId, done))).toHaveLength(1);
  });

  it('refuses while a balance is due, naming it, until staff confirm it (recorded with who and when)', async () => {
    const id = await completedEstimate({ amount: '400.00' });
    await payInFull(id, 15_000);
    const refused = await pickup(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('$250.00');
    expect((await db().select().from(estimates).where(eq(estimates.id, id)))[0]?.pickedUpAt).toBeNull();

    const confirmed = await pickup(id, { confirmBalance: true });
    expect(confirmed.statusCode).toBe(200);
    const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
    expect(row?.pickupBalanceCents).toBe(25_000);
    expect(row?.pickedUpBy).toBe(admin.user.id);
    expect(row?.pickedUpAt?.toISOString()).toBe(confirmed.json().pickedUpAt);
  });

  it('keeps a completed car on the calendar’s "due out" list until it is picked up', async () => {
    const id = await completedEstimate();
    await payInFull(id);
    await db().update(estimates).set({ promisedDate: '2031-07-15' }).where(eq(estimates.id, id));
    const dueOut = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/calendar?month=2031-07',
        headers: as(admin),
      });
      return (res.json().dueOuts as { estimateId: string; status: string }[]).filter(
        (item) => item.estimateId === id,
      );
    };
    expect(await dueOut()).toEqual([expect.objectContaining({ status: 'completed' })]);
    expect((await pickup(id)).statusCode).toBe(200);
    expect(await dueOut()).toEqual([]);
  });

  it('refuses a misspelt key with a 400 naming it, and records no pickup', async () => {
    const id = await completedEstimate({ amount: '400.00' });
    const res = await pickup(id, { confirmBalanceDue: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unrecognized key: "confirmBalanceDue"');
    const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
    expect(row?.pickedUpAt).toBeNull();
  });

  it('is the shop’s alone', async () => {
    const id = await completedEstimate();
    expect((await pickup(id, {}, alice)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/estimates/${id}/pickup`, payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});

describe('the survey after pickup', () => {
  it('is due SURVEY_DELAY_HOURS later, moved out of the quiet hours', () => {
    // 10 am + 24 h: 10 am the next day.
    expect(surveySendAt(MORNING, 24).toISOString()).toBe('2026-03-05T15:00:00.000Z');
    // 11 pm + 24 h is 11 pm: it waits for 8 am.
    expect(surveySendAt(NIGHT, 24)).toEqual(smsSendableAt(new Date(NIGHT.getTime() + 24 * 3_600_000)));
    expect(surveySendAt(NIGHT, 24).toISOString()).toBe('2026-03-06T13:00:00.000Z');
  });

  it('goes once, e-mail and text, after the delay and not before', async () => {
    const id = await completedEstimate();
    await payInFull(id);
    const { pickedUpAt } = (await pickup(id)).json();
    const rows = await surveyRows(id);
    expect(rows.map((row) => row.kind)).toEqual(['email', 'sms']);
    const due = surveySendAt(new Date(pickedUpAt), 24);
    for (const row of rows) expect(row.nextAttemptAt.toISOString()).toBe(due.toISOString());

    // Now: nothing is due yet.
    await runWorker(MORNING);
    expect((await surveyRows(id)).map((row) => row.status)).toEqual(['pending', 'pending']);

    // A day and a half later, at 10 am: both go, once.
    const sent = await runWorker(MORNING, { hoursLater: 36 });
    expect(sent.sent).toBe(2);
    expect((await surveyRows(id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    expect((await runWorker(MORNING, { hoursLater: 36 })).sent).toBe(0);
    const [survey] = await db().select().from(surveys).where(eq(surveys.estimateId, id));
    const email = (await surveyRows(id))[0]?.payload as { text: string };
    expect(email.text).toMatch(/\/survey\/[\w-]+\.[a-z0-9]+\.[\w-]+/);
    expect(survey?.sendAt.toISOString()).toBe(due.toISOString());
  });

  it('is dated at its time, not at the pickup a day before', async () => {
    const id = await completedEstimate();
    await payInFull(id);
    await pickup(id);
    const [survey] = await db().select().from(surveys).where(eq(surveys.estimateId, id));
    const sendAt = survey?.sendAt ?? new Date(0);
    expect((await runWorker(MORNING, { hoursLater: 36 })).sent).toBe(2);
    const [email, text] = await surveyRows(id);
    const eml = readFiles(path.join(dir, 'outbox')).find((file) => file.includes(`<${email?.id}@`)) ?? '';
    const dateHeader = /^Date: (.+)$/m.exec(eml)?.[1] ?? '';
    // The header says whole seconds.
    expect(new Date(dateHeader).getTime()).toBe(Math.floor(sendAt.getTime() / 1000) * 1000);
    expect(email?.createdAt.getTime()).toBeLessThan(sendAt.getTime() - 20 * 3_600_000);
    const smsFile = path.join(dir, 'sms', textFileName({ id: text?.id ?? '', date: sendAt }));
    expect(readFileSync(smsFile, 'utf8')).toContain(`Date: ${sendAt.toISOString()}`);
  });

  it('is not sent once the survey was answered: a text retried after the e-mail is withdrawn', async () => {
    const id = await completedEstimate();
    await payInFull(id);
    await pickup(id);
    const failingTexts = {
      kind: 'twilio' as const,
      send: async () => {
        throw new Error('Twilio is down');
      },
    };
    const worker = (texts: Parameters<typeof outboxJobHandlers>[0]['texts']) =>
      new OutboxWorker({
        db: db(),
        handlers: outboxJobHandlers({
          db: db(),
          mailer: new EmlFileMailer(path.join(dir, 'outbox')),
          texts,
          google: null,
          clock: () => MORNING,
        }),
      }).runOnce();
    await db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(and(eq(outbox.estimateId, id), eq(outbox.topic, 'survey')));
    expect(await worker(failingTexts)).toMatchObject({ sent: 1, retrying: 1 });

    // The customer answers from the e-mail; then the text's retry falls due.
    const [email] = await surveyRows(id);
    const token = /\/survey\/([\w.-]+)/.exec(
      (email?.payload as { text?: string } | undefined)?.text ?? '',
    )?.[1];
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/surveys/${token}`,
      payload: { score: 9 },
    });
    expect(answered.statusCode).toBe(201);
    await db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.status, 'pending'));
    const texts = createTextSender({ kind: 'files', dir: path.join(dir, 'sms') });
    expect(await worker(texts)).toMatchObject({ sent: 0, cancelled: 1 });
    const [, text] = await surveyRows(id);
    expect(text).toMatchObject({ status: 'cancelled', lastError: 'survey answered', sentAt: null });
  });

  it('is not sent, nor counted as sent, once the repair was cancelled after the pickup', async () => {
    const id = await completedEstimate();
    await payInFull(id);
    await pickup(id);
    const sentBefore = (await overview()).sent;
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${id}`,
      headers: as(admin),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const run = await runWorker(MORNING, { hoursLater: 36 });
    expect(run).toMatchObject({ sent: 0, cancelled: 2 });
    for (const row of await surveyRows(id)) {
      expect(row).toMatchObject({ status: 'cancelled', lastError: 'estimate cancelled', sentAt: null });
    }
    // Its time has come: it would count as a survey sent and not answered.
    await db()
      .update(surveys)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(surveys.estimateId, id));
    expect((await overview()).sent).toBe(sentBefore);
  });

  it('never goes in the quiet hours: a survey due at night waits for the morning', async () => {
    const id = await completedEstimate();
    await payInFull(id);
    await pickup(id);
    const held = await runWorker(NIGHT, { hoursLater: 36 });
    expect(held.sent).toBe(0);
    const rows = await surveyRows(id);
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
    for (const row of rows) expect(row.nextAttemptAt.toISOString()).toBe(smsSendableAt(NIGHT).toISOString());
  });

  it('never texts a number that said STOP, before or after the pickup; the e-mail still goes', async () => {
    const stoppedBefore = await completedEstimate({ phone: '+18135550190' });
    await payInFull(stoppedBefore);
    await db().insert(smsOptOuts).values({ phone: '+18135550190' });
    await pickup(stoppedBefore);
    expect((await surveyRows(stoppedBefore)).map((row) => row.kind)).toEqual(['email']);

    const stoppedAfter = await completedEstimate({ phone: '+18135550191' });
    await payInFull(stoppedAfter);
    await pickup(stoppedAfter);
    await db().insert(smsOptOuts).values({ phone: '+18135550191' });
    await runWorker(MORNING, { hoursLater: 36 });
    const files = await import('node:fs').then((fs) =>
      fs.existsSync(path.join(dir, 'sms')) ? fs.readdirSync(path.join(dir, 'sms')) : [],
    );
    const texts = await Promise.all(
      files.map((file) =>
        import('node:fs').then((fs) => fs.readFileSync(path.join(dir, 'sms', file), 'utf8')),
      ),
    );
    expect(texts.some((text) => text.includes('+18135550191'))).toBe(false);
  });

  it('is texted only under an opt-in whose words name the survey; an earlier opt-in gets the e-mail', async () => {
    const earlier =
      'Text me updates about this repair at this number: quote ready, drop-off, progress and pick-up. Up to a few ' +
      'messages per repair; message and data rates may apply. Reply STOP to opt out, HELP for help.';
    const before = await completedEstimate({ optInWording: earlier });
    await payInFull(before);
    await pickup(before);
    expect((await surveyRows(before)).map((row) => row.kind)).toEqual(['email']);

    const spanish = await completedEstimate({ optInWording: SMS_OPT_IN_WORDING.es });
    await payInFull(spanish);
    await pickup(spanish);
    expect((await surveyRows(spanish)).map((row) => row.kind)).toEqual(['email', 'sms']);
  });

  it('goes only by e-mail without a texting number, in the customer’s language', async () => {
    const id = await completedEstimate({ phone: null, userId: lucia.user.id });
    await payInFull(id);
    await pickup(id);
    const rows = await surveyRows(id);
    expect(rows.map((row) => row.kind)).toEqual(['email']);
    expect((rows[0]?.payload as { subject?: string } | undefined)?.subject).toContain('¿Qué tal lo hicimos');
    const [survey] = await db().select().from(surveys).where(eq(surveys.estimateId, id));
    expect(survey?.language).toBe('es');
    expect((await db().select().from(users).where(eq(users.id, lucia.user.id)))[0]?.language).toBe('es');
  });
});
