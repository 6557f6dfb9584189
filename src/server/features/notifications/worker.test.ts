import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { googleConfig } from '#server/adapters/google/google-config.ts';
import { GoogleWorkspace } from '#server/adapters/google/google-workspace.ts';
import type { Mailer, OutgoingMail } from '#server/adapters/mail/mailer.ts';
import { SmtpMailer } from '#server/adapters/mail/smtp-mailer.ts';
import { FileTextSender } from '#server/adapters/sms/file-text-sender.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import { type GoogleStandIn, startGoogleStandIn } from '#server/test-support/google-stand-in.ts';
import { clearOutbox } from '#server/test-support/outbox.ts';
import { type SmtpTestServer, startSmtpTestServer } from '#server/test-support/smtp-stand-in.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { outboxJobHandlers } from './job-handlers.ts';
import { notifyQuoteReady } from './notify.ts';
import { queueEmail } from './outbox.ts';
import { configureNotifications, notificationSettings } from './settings.ts';
import { type JobHandlers, MAX_ATTEMPTS, OutboxWorker, RETRY_DELAYS_SECONDS } from './worker.ts';

let smtp: SmtpTestServer;
let mailer: SmtpMailer;

const t = setUpTestShop();
const { alice } = setUpCast(t);
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  mailer = new SmtpMailer(smtp.url);
});
beforeEach(async () => {
  await clearOutbox(db());
  smtp.received.length = 0;
  smtp.refuseWith(null);
});
afterAll(async () => {
  await mailer.close();
  await smtp.stop();
});

const db = () => t.database.db;
// No text is queued in these tests; the worker still needs somewhere to send them.
const texts = new FileTextSender('/tmp/shop-worker-test-sms');
const workerWith = (handlers: Partial<JobHandlers>, leaseSeconds?: number) =>
  new OutboxWorker({
    db: db(),
    handlers: { ...outboxJobHandlers({ db: db(), texts, mailer, google: null }), ...handlers },
    leaseSeconds,
  });
const smtpWorker = () => workerWith({});

async function quoted(): Promise<string> {
  const vehicle = await createVehicle(db(), alice.user.id);
  const estimate = await createEstimate(db(), {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'quoted',
    estimatedAmount: '1250.00',
  });
  await db().transaction((tx) => notifyQuoteReady(tx, estimate.id));
  return estimate.id;
}

async function queueMany(count: number): Promise<void> {
  await db().transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await queueEmail(tx, {
        topic: 'shop_message',
        estimateId: null,
        payload: {
          from: 'shop@shop.example',
          to: `c${i}@example.com`,
          subject: `n${i}`,
          text: 'x',
          html: '<p>x</p>',
        },
      });
    }
  });
}

async function rows(): Promise<OutboxRow[]> {
  return db().select().from(outbox).orderBy(outbox.createdAt);
}

/** Time passes: whatever waits for a retry is due now. */
async function makeDue(): Promise<void> {
  await db()
    .update(outbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outbox.status, 'pending'));
}

/** Seconds from the database's now until the row's next attempt. */
async function secondsUntilNextAttempt(id: string): Promise<number> {
  const [row] = await db()
    .select({ seconds: sql<number>`extract(epoch from (${outbox.nextAttemptAt} - now()))::float8` })
    .from(outbox)
    .where(eq(outbox.id, id));
  return Number(row?.seconds);
}

const messageIds = () =>
  smtp.received.map((mail) => /Message-ID:\s+(<[^>]+>)/i.exec(mail.raw)?.[1]).filter(Boolean);

describe('the outbox worker, against a real SMTP server', () => {
  it('sends pending mail once and records it as sent', async () => {
    const estimateId = await quoted();
    expect(await smtpWorker().runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(1);
    // Quoted-printable folds long lines with a trailing '='; unfolded, the link is whole.
    const raw = smtp.received[0]?.raw.replace(/=\r?\n/g, '') ?? '';
    expect(raw).toContain(`/estimate/${estimateId}`);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=estimate-[0-9A-F]{8}\.pdf/);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(messageIds()).toEqual([`<${row?.id}@lakesidefamilycollision.com>`]);
    expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, cancelled: 0 });
  });

  it('keeps mail the server refuses, waits, and delivers it once the server accepts', async () => {
    await quoted();
    smtp.refuseWith({ code: 451, message: 'Mailbox busy, try again later' });
    expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0, cancelled: 0 });
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toMatch(/451|try again later/i);
    const wait = await secondsUntilNextAttempt(waiting?.id ?? '');
    const firstDelay = RETRY_DELAYS_SECONDS[0] ?? 0;
    expect(wait).toBeGreaterThan(firstDelay - 5);
    expect(wait).toBeLessThanOrEqual(firstDelay);
    // Not due yet: nothing is tried.
    expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, cancelled: 0 });

    smtp.refuseWith(null);
    await makeDue();
    expect(await smtpWorker().runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('keeps mail while the server is down and delivers it when it is back', async () => {
    await quoted();
    await smtp.stop();
    try {
      expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0, cancelled: 0 });
      expect((await rows())[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await smtp.restart();
    }
    await makeDue();
    expect(await smtpWorker().runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it(`backs off longer after each failure and gives up after ${MAX_ATTEMPTS} attempts, keeping the reason`, async () => {
    await quoted();
    smtp.refuseWith({ code: 450, message: 'Requested action not taken' });
    const [row] = await rows();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0, cancelled: 0 });
      const wait = await secondsUntilNextAttempt(row?.id ?? '');
      expect(wait).toBeGreaterThan((RETRY_DELAYS_SECONDS[attempt - 1] ?? 0) - 5);
      expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[attempt - 1] ?? 0);
      await makeDue();
    }
    expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1, cancelled: 0 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lockedUntil: null });
    expect(failed?.lastError).toMatch(/450|Requested action not taken/);
    await makeDue();
    expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a worker that dies mid-send loses nothing: its mail is sent once the lease runs out, exactly once', async () => {
    await quoted();
    let release: (() => void) | undefined;
    // This worker "dies" while sending: its send never finishes.
    const dying = workerWith(
      {
        email: () => new Promise<void>((_, reject) => (release = () => reject(new Error('process killed')))),
      },
      1,
    );
    void dying.runOnce();
    await expect.poll(async () => (await rows())[0]?.status).toBe('sending');

    // While the lease holds, nobody else touches the row.
    expect(await smtpWorker().runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, cancelled: 0 });
    await db()
      .update(outbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.status, 'sending'));
    expect(await smtpWorker().runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(1);

    // The dead worker's late answer cannot overwrite the outcome: it no longer holds the row.
    release?.();
    await dying.stop();
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('two workers working at once never send the same message twice', async () => {
    await queueMany(25);
    const slow: Mailer = {
      kind: 'smtp',
      send: async (mail: OutgoingMail) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await mailer.send(mail);
      },
      close: async () => {},
    };
    const handlers = outboxJobHandlers({ db: db(), texts, mailer: slow, google: null });
    const a = new OutboxWorker({ db: db(), handlers });
    const b = new OutboxWorker({ db: db(), handlers });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect((ra?.sent ?? 0) + (rb?.sent ?? 0)).toBe(25);
    const ids = messageIds();
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('a batch that outlasts its lease never sends a message twice: each send first renews its claim', async () => {
    // The reviewer's case: sends slower than the lease allows for the batch; a second worker takes
    // over the rows whose lease ran out while the first was still busy with the ones before them.
    await queueMany(4);
    const slow: Mailer = {
      kind: 'smtp',
      send: async (mail: OutgoingMail) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await mailer.send(mail);
      },
      close: async () => {},
    };
    const handlers = outboxJobHandlers({ db: db(), texts, mailer: slow, google: null });
    const a = new OutboxWorker({ db: db(), handlers, leaseSeconds: 2 });
    const b = new OutboxWorker({ db: db(), handlers, leaseSeconds: 2 });
    const first = a.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const [ra, rb] = await Promise.all([first, b.runOnce()]);
    expect((ra?.sent ?? 0) + (rb?.sent ?? 0)).toBe(4);
    const ids = messageIds();
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect((await rows()).every((row) => row.status === 'sent')).toBe(true);
  }, 20_000);

  it('a row whose lease ran out before its turn, and which nobody took over, is still sent, once', async () => {
    await queueMany(3);
    const slow: Mailer = {
      kind: 'smtp',
      send: async (mail: OutgoingMail) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await mailer.send(mail);
      },
      close: async () => {},
    };
    const worker = new OutboxWorker({
      db: db(),
      handlers: outboxJobHandlers({ db: db(), texts, mailer: slow, google: null }),
      leaseSeconds: 1,
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 3, retrying: 0, failed: 0 });
    const ids = messageIds();
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect((await rows()).every((row) => row.status === 'sent')).toBe(true);
  }, 20_000);

  it('stop() lets the message in hand finish', async () => {
    await quoted();
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    const worker = workerWith({
      email: async (job) => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 150));
        await outboxJobHandlers({ db: db(), texts, mailer, google: null }).email(job);
      },
    });
    const run = worker.runOnce();
    await sending;
    await worker.stop();
    expect(await run).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
    expect((await rows())[0]?.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
  });

  it('on stop, mail it claimed but had not started goes back to the queue at once', async () => {
    await queueMany(3);
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    const worker = workerWith({
      email: async (job) => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await outboxJobHandlers({ db: db(), texts, mailer, google: null }).email(job);
      },
    });
    void worker.runOnce();
    await sending;
    await worker.stop();
    const statuses = (await rows()).map((row) => [row.status, row.attempts]);
    expect(statuses.filter(([status]) => status === 'sent')).toEqual([['sent', 1]]);
    expect(statuses.filter(([status]) => status === 'pending')).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });
});

describe('Drive saves through the same queue', () => {
  let standIn: GoogleStandIn;
  let google: GoogleWorkspace;
  let original: ReturnType<typeof notificationSettings>;

  beforeAll(async () => {
    // As the test app configured them (with its documents), read once it exists.
    original = notificationSettings();
    standIn = await startGoogleStandIn();
    const config = googleConfig(standIn.env);
    if (config.kind !== 'google') throw new Error('stand-in settings incomplete');
    google = new GoogleWorkspace(config);
    configureNotifications({ ...original, driveEnabled: true });
  });
  afterAll(async () => {
    configureNotifications(original);
    await standIn.close();
  });

  it('a Drive outage loses nothing: the quoted estimate is saved once Drive answers', async () => {
    const estimateId = await quoted();
    const worker = new OutboxWorker({
      db: db(),
      handlers: outboxJobHandlers({ db: db(), texts, mailer, google }),
    });
    standIn.failNext(503, 1, '/drive/');
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 1, failed: 0, cancelled: 0 });
    expect(standIn.files.size).toBe(0);
    const drive = (await rows()).find((row) => row.kind === 'drive_estimate');
    expect(drive).toMatchObject({ status: 'pending', attempts: 1 });
    expect(drive?.lastError).toMatch(/Google could not complete saving the estimate to Drive \(error 503\)/);

    await makeDue();
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
    const files = [...standIn.files.values()];
    expect(files.map((saved) => saved.mimeType).sort()).toEqual(['application/json', 'application/pdf']);
    const file = files.find((saved) => saved.mimeType === 'application/json');
    expect(file?.appProperties).toEqual({ estimateId });
    expect(JSON.parse(file?.content ?? '{}')).toMatchObject({
      estimate: { id: estimateId, estimatedAmount: '1250.00', status: 'quoted' },
      customer: { firstName: 'Alice', lastName: 'Adams' },
    });
  });

  it('a Drive save queued while connected waits if the settings go away', async () => {
    await quoted();
    const worker = new OutboxWorker({
      db: db(),
      handlers: outboxJobHandlers({ db: db(), texts, mailer, google: null }),
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 1, failed: 0, cancelled: 0 });
    const drive = (await rows()).find((row) => row.kind === 'drive_estimate');
    expect(drive?.lastError).toContain('Google is not connected');
  });
});
