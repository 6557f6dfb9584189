import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '#server/test-support/smtp-stand-in.ts';
import { EmlFileMailer, emlFileName } from './eml-file-mailer.ts';
import type { OutgoingMail } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  messageId: '<5b9c7a10-0000-4000-8000-000000000001@shop.example>',
  from: '"Lakeside Family Collision" <estimates@shop.example>',
  to: 'maria@example.com',
  replyTo: 'estimates@shop.example',
  subject: 'Your estimate is ready: $1,250.00',
  text: 'Estimate total: $1,250.00\n',
  html: '<p>Estimate total: <strong>$1,250.00</strong></p>',
  date: new Date('2026-03-02T14:05:09.123Z'),
  ...overrides,
});

describe('SMTP mailer', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp.stop());

  it('delivers a multipart message with its Message-ID to the SMTP server', async () => {
    const mailer = new SmtpMailer(smtp.url);
    await mailer.send(mail());
    await mailer.close();
    const [received] = smtp.received;
    expect(received?.to).toEqual(['maria@example.com']);
    expect(received?.from).toBe('estimates@shop.example');
    expect(received?.raw).toContain('Message-ID: <5b9c7a10-0000-4000-8000-000000000001@shop.example>');
    expect(received?.raw).toContain('Content-Type: multipart/alternative');
    expect(received?.raw).toContain('Reply-To: estimates@shop.example');
  });

  it('throws with the reason when the server refuses, and when it is down', async () => {
    const mailer = new SmtpMailer(smtp.url);
    smtp.refuseWith({ code: 451, message: 'Try again later' });
    await expect(mailer.send(mail())).rejects.toThrow(/451|Try again later/);
    smtp.refuseWith(null);
    await mailer.close();

    const nowhere = new SmtpMailer('smtp://127.0.0.1:9');
    await expect(nowhere.send(mail())).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});

describe('.eml file mailer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-eml-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as an .eml file named by time and id; sending again rewrites the same file', async () => {
    const mailer = new EmlFileMailer(path.join(dir, 'outbox'));
    await mailer.send(mail());
    await mailer.send(mail());
    const files = readdirSync(path.join(dir, 'outbox'));
    expect(files).toEqual(['2026-03-02T14-05-09-123Z-5b9c7a10-0000-4000-8000-000000000001.eml']);
    const eml = readFileSync(path.join(dir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: maria@example.com');
    expect(eml).toContain('Subject: Your estimate is ready: $1,250.00');
    expect(eml).toContain('Message-ID: <5b9c7a10-0000-4000-8000-000000000001@shop.example>');
    expect(eml).toContain('text/html');
  });

  it('makes file names safe whatever the id holds', () => {
    expect(emlFileName({ date: new Date('2026-01-01T00:00:00Z'), messageId: '<a/../b@x>' })).toBe(
      '2026-01-01T00-00-00-000Z-ab.eml',
    );
  });
});
