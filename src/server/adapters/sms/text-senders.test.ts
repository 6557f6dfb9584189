import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioStandIn, type TwilioStandIn } from '#server/test-support/twilio-stand-in.ts';
import { createTextSender } from './create-text-sender.ts';
import { smsConfig, smsConfigProblem } from './sms-config.ts';
import { RecipientOptedOutError } from './text-sender.ts';

let twilio: TwilioStandIn;
beforeAll(async () => {
  twilio = await startTwilioStandIn();
});
afterAll(() => twilio.close());

const text = (fields: Partial<{ id: string; to: string; body: string }> = {}) => ({
  id: 'job-1',
  to: '+18135550101',
  body: 'Lakeside Family Collision: Your quote is ready. Reply STOP to opt out.',
  date: new Date('2026-03-02T14:05:09.123Z'),
  ...fields,
});

describe('texts through Twilio (the official SDK against a stand-in of its REST API)', () => {
  it('sends from the shop number and answers with the message SID', async () => {
    const sender = createTextSender(smsConfig(twilio.env, '/unused'));
    expect(sender.kind).toBe('twilio');
    const { providerId } = await sender.send(text());
    expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.sent.at(-1)).toMatchObject({
      sid: providerId,
      to: '+18135550101',
      from: twilio.credentials.from,
      body: text().body,
    });
  });

  it('sends through a Messaging Service when TWILIO_FROM is one', async () => {
    const sender = createTextSender(
      smsConfig({ ...twilio.env, TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef' }, '/x'),
    );
    await sender.send(text());
    expect(twilio.sent.at(-1)).toMatchObject({
      from: null,
      messagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
    });
  });

  it("fails with Twilio's reason on a refused number, wrong credentials or an outage", async () => {
    const sender = createTextSender(smsConfig(twilio.env, '/x'));
    await expect(sender.send(text({ to: '+1555' }))).rejects.toThrow(
      "The 'To' number +1555 is not a valid phone number.",
    );
    twilio.failNext(503);
    await expect(sender.send(text())).rejects.toThrow('Service unavailable');
    const wrongToken = createTextSender(smsConfig({ ...twilio.env, TWILIO_AUTH_TOKEN: 'wrong' }, '/x'));
    await expect(wrongToken.send(text())).rejects.toThrow('Authenticate');
  });

  it('tells a number that said STOP to Twilio itself (error 21610) apart from other refusals', async () => {
    const sender = createTextSender(smsConfig(twilio.env, '/x'));
    twilio.unsubscribed.add('+18135550109');
    const refused = sender.send(text({ to: '+18135550109' }));
    await expect(refused).rejects.toBeInstanceOf(RecipientOptedOutError);
    await expect(refused).rejects.toThrow('+18135550109 has opted out of texts at the provider');
    twilio.unsubscribed.clear();
  });
});

describe('texts as files, without Twilio', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shop-sms-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one file per text under DATA_DIR/sms, the same file when sent again', async () => {
    const config = smsConfig({}, dir);
    expect(config).toEqual({ kind: 'files', dir: path.join(dir, 'sms') });
    const sender = createTextSender(config);
    await sender.send(text());
    await sender.send(text());
    const files = await readdir(path.join(dir, 'sms'));
    expect(files).toEqual(['2026-03-02T14-05-09-123Z-job-1.txt']);
    expect(await readFile(path.join(dir, 'sms', files[0] ?? ''), 'utf8')).toBe(
      `To: +18135550101\nDate: 2026-03-02T14:05:09.123Z\n\n${text().body}\n`,
    );
  });
});

describe('smsConfigProblem', () => {
  it('names the missing settings when only some are set', () => {
    expect(smsConfigProblem({})).toBeNull();
    expect(
      smsConfigProblem({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+1' }),
    ).toBeNull();
    expect(smsConfigProblem({ TWILIO_ACCOUNT_SID: 'AC1' })).toBe(
      'TWILIO_AUTH_TOKEN, TWILIO_FROM: set every TWILIO_* setting to send texts through Twilio, or none to write them to files',
    );
  });
});
