import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { mailConfig } from '#server/adapters/mail/mail-config.ts';
import { outbox } from '#server/db/schema.ts';
import { clearOutbox } from '#server/test-support/outbox.ts';
import { type SmtpTestServer, startSmtpTestServer } from '#server/test-support/smtp-stand-in.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';
import { cancelQueuedMessage, queueEmail } from './outbox.ts';

/**
 * The outbox driven by the job queue (decision 067), in an app that runs the queue as a server does:
 * no test calls the sender here, the queue's jobs do.
 */
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.stop());

const METRICS_TOKEN = 'metrics-token-for-the-job-queue';
const t = setUpTestShop(() => ({
  workers: true,
  metricsToken: METRICS_TOKEN,
  mail: mailConfig({ SMTP_URL: smtp.url }, DEFAULT_SHOP, '/tmp/shop-outbox-queue-test'),
}));
beforeAll(() => t.app.ready());
beforeEach(async () => {
  await clearOutbox(t.db);
  smtp.received.length = 0;
  smtp.refuseWith(null);
});

const mail = (subject: string) => ({
  from: 'shop@shop.example',
  to: 'customer@example.com',
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
});

const queue = (subject: string, options: { notBefore?: Date; dedupeKey?: string } = {}) =>
  t.db.transaction((tx) =>
    queueEmail(tx, { topic: 'shop_message', estimateId: null, payload: mail(subject), ...options }),
  );

const rowOf = async (subject: string) => {
  const rows = await t.db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${subject}`);
  return rows[0];
};

/** The queue's outbox jobs waiting for their time, by the time they are for. */
const waitingJobs = async () => {
  const result = await t.db.execute(
    sql`select floor(extract(epoch from start_after) * 1000)::float8 as "startAfter" from job_queue.job
        where name = 'outbox' and state = 'created' and start_after > now()`,
  );
  return (result as unknown as { rows: { startAfter: number }[] }).rows.map((row) => row.startAfter);
};

const subjects = () => smtp.received.map((received) => /^Subject: (.*)$/m.exec(received.raw)?.[1]);

describe('the outbox on the job queue', () => {
  it('sends a message once its transaction commits; one rolled back is never sent', async () => {
    await queue('Right away');
    await expect.poll(subjects, { timeout: 10_000 }).toEqual(['Right away']);
    await expect.poll(async () => (await rowOf('Right away'))?.status).toBe('sent');
    expect((await rowOf('Right away'))?.attempts).toBe(1);

    await expect(
      t.db.transaction(async (tx) => {
        await queueEmail(tx, { topic: 'shop_message', estimateId: null, payload: mail('Rolled back') });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await queue('After the rollback');
    await expect.poll(subjects, { timeout: 10_000 }).toEqual(['Right away', 'After the rollback']);
    expect(await rowOf('Rolled back')).toBeUndefined();
  });

  it('holds a message for later until its time, then sends it', async () => {
    const notBefore = new Date(Date.now() + 2_500);
    await queue('Later', { notBefore });
    expect(await waitingJobs()).toContain(notBefore.getTime());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(subjects()).toEqual([]);
    await expect.poll(subjects, { timeout: 10_000 }).toEqual(['Later']);
    await expect.poll(async () => (await rowOf('Later'))?.status).toBe('sent');
    const row = await rowOf('Later');
    expect(row?.sentAt?.getTime()).toBeGreaterThanOrEqual(notBefore.getTime());
  });

  it("leaves a job for a refused message's retry, at the retry's time", async () => {
    smtp.refuseWith({ code: 451, message: 'Mailbox busy, try again later' });
    await queue('Refused');
    await expect
      .poll(
        async () => {
          const row = await rowOf('Refused');
          return [row?.status, row?.attempts];
        },
        { timeout: 10_000 },
      )
      .toEqual(['pending', 1]);
    const row = await rowOf('Refused');
    await expect.poll(waitingJobs, { timeout: 5_000 }).toContain(row?.nextAttemptAt.getTime());
  });

  it('cancels a message not yet sent: it stays as the record and is never sent', async () => {
    await queue('Reminder', { notBefore: new Date(Date.now() + 1_500), dedupeKey: 'reminder:1' });
    expect(await t.db.transaction((tx) => cancelQueuedMessage(tx, 'reminder:1'))).toBe(true);
    expect(await t.db.transaction((tx) => cancelQueuedMessage(tx, 'reminder:1'))).toBe(false);
    expect(await t.db.transaction((tx) => cancelQueuedMessage(tx, 'reminder:unknown'))).toBe(false);
    await queue('Sent', { dedupeKey: 'sent:1' });
    await expect.poll(subjects, { timeout: 10_000 }).toEqual(['Sent']);
    expect(await t.db.transaction((tx) => cancelQueuedMessage(tx, 'sent:1'))).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(subjects()).toEqual(['Sent']);
    expect(await rowOf('Reminder')).toMatchObject({ status: 'cancelled', attempts: 0, sentAt: null });
    expect(await rowOf('Sent')).toMatchObject({ status: 'sent' });
  });

  it('does not cancel a message being sent', async () => {
    await queue('Pending', { notBefore: new Date(Date.now() + 3600_000), dedupeKey: 'pending:1' });
    await t.db.update(outbox).set({ status: 'sending' }).where(eq(outbox.dedupeKey, 'pending:1'));
    expect(await t.db.transaction((tx) => cancelQueuedMessage(tx, 'pending:1'))).toBe(false);
    expect(await rowOf('Pending')).toMatchObject({ status: 'sending' });
  });

  it('reports its jobs to Prometheus by queue and state', async () => {
    await queue('Much later', { notBefore: new Date(Date.now() + 3600_000) });
    const scrape = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
    await expect
      .poll(
        async () =>
          Number(/^shop_job_queue_jobs\{queue="outbox",state="deferred"\} (\d+)$/m.exec(await scrape())?.[1]),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThanOrEqual(1);
    const body = await scrape();
    for (const queueName of ['outbox', 'delete-abandoned-photos', 'delete-expired-status-links']) {
      for (const state of ['deferred', 'ready', 'active', 'failed']) {
        expect(body).toMatch(
          new RegExp(`^shop_job_queue_jobs\\{queue="${queueName}",state="${state}"\\} \\d+$`, 'm'),
        );
      }
    }
    // The hourly clean-ups wait for their next hour, one job each.
    expect(body).toMatch(/^shop_job_queue_jobs\{queue="delete-expired-status-links",state="deferred"\} 1$/m);
  });
});
