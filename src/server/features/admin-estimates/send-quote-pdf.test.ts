import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '#server/adapters/mail/mailer.ts';
import { FileTextSender } from '#server/adapters/sms/file-text-sender.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { renderedDocuments } from '#server/db/schema.ts';
import { outboxJobHandlers } from '#server/features/notifications/job-handlers.ts';
import { OutboxWorker } from '#server/features/notifications/worker.ts';
import { clearOutbox, queuedEmails } from '#server/test-support/outbox.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
const db = () => t.database.db;

/** The mail job as a server runs it, its e-mail kept instead of sent. */
function mailJob() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (mail) => {
      sent.push(mail);
    },
    close: async () => undefined,
  };
  const texts = new FileTextSender('/tmp/shop-send-quote-pdf-test-sms');
  const worker = new OutboxWorker({
    db: db(),
    handlers: outboxJobHandlers({ db: db(), mailer, texts, google: null }),
  });
  return { sent, run: () => worker.runOnce() };
}

const storedCopies = (estimateId: string) =>
  db().select().from(renderedDocuments).where(eq(renderedDocuments.estimateId, estimateId));

beforeEach(async () => {
  await clearOutbox(db());
});

describe('sending a quote (decision 075: PDFs off the request path)', () => {
  it('answers without drawing the PDF; the mail job draws it, attaches it and keeps it for downloads', async () => {
    const vehicle = await createVehicle(db(), alice.user.id);
    const estimate = await createEstimate(db(), { userId: alice.user.id, vehicleId: vehicle.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/quote`,
      headers: as(admin),
      payload: { estimatedAmount: '1874.25' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // Right after the answer: nothing drawn (a drawing is stored), the e-mail waits with the document's content.
    expect(await storedCopies(estimate.id)).toEqual([]);
    const [queued] = (await queuedEmails(db(), estimate.id)).filter((mail) => mail.topic === 'quote_ready');
    expect(queued?.payload.attachments).toBeUndefined();
    expect(queued?.payload.pdfs).toHaveLength(1);

    // The job draws it and the e-mail carries it.
    const job = mailJob();
    await job.run();
    const mail = job.sent.find((sent) => sent.subject.includes('$1,874.25'));
    const [attachment] = mail?.attachments ?? [];
    expect(attachment).toMatchObject({
      filename: `estimate-${estimate.id.slice(0, 8).toUpperCase()}.pdf`,
      contentType: 'application/pdf',
    });
    const mailed = Buffer.from(attachment?.content ?? '', 'base64');
    const text = await pdfText(mailed);
    expect(text).toContain('Written Repair Estimate');
    expect(text).toContain('$1,874.25');
    const [copy] = await storedCopies(estimate.id);
    expect(copy).toMatchObject({ kind: 'estimate', language: 'en' });
    expect(copy?.pdf.equals(mailed)).toBe(true);

    // The customer's download is the copy the job drew: nothing is drawn again.
    const download = await t.app.inject({
      url: `/api/estimates/${estimate.id}/estimate.pdf`,
      headers: as(alice),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(mailed)).toBe(true);
    expect((await storedCopies(estimate.id)).map((stored) => stored.renderedAt)).toEqual([copy?.renderedAt]);
  });
});
