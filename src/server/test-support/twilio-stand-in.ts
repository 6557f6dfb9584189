import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';

/**
 * A local stand-in for the part of Twilio's REST API the app uses — creating a message
 * (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP Basic auth with the account SID
 * and auth token) — so the official twilio SDK, pointed here, is tested without network or an
 * account. Answers and errors are shaped like Twilio's; the next requests can be made to fail.
 */

export interface StandInText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface TwilioStandIn {
  url: string;
  credentials: { accountSid: string; authToken: string; from: string };
  /** The TWILIO_* settings that connect an app to this stand-in. */
  env: Record<string, string>;
  sent: StandInText[];
  /** The next `count` message requests answer `status` with a Twilio error body. */
  failNext(status: number, count?: number): void;
  /** Numbers that replied STOP to Twilio itself: messages to them are refused with error 21610. */
  unsubscribed: Set<string>;
  /** The X-Twilio-Signature Twilio would send with a webhook to `url` carrying `params`. */
  sign(url: string, params: Record<string, string>): string;
  close(): Promise<void>;
}

const random = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const credentials = {
    accountSid: random('AC'),
    authToken: randomBytes(16).toString('hex'),
    from: '+18135550000',
  };
  const sent: StandInText[] = [];
  const unsubscribed = new Set<string>();
  let failures: { status: number; count: number } | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
  });

  function handle(req: IncomingMessage, res: ServerResponse, form: URLSearchParams) {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match || req.method !== 'POST')
      return twilioError(res, 404, 20404, 'The requested resource was not found');
    const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (user !== credentials.accountSid || password !== credentials.authToken || match[1] !== user) {
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return twilioError(
        res,
        failures.status,
        failures.status === 429 ? 20429 : 20500,
        'Service unavailable',
      );
    }
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    if (!/^\+[1-9]\d{7,14}$/.test(to)) {
      return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (unsubscribed.has(to)) {
      return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    }
    if (!from && !messagingServiceSid) {
      return twilioError(
        res,
        400,
        21603,
        "A 'From' or 'MessagingServiceSid' parameter is required to send a message",
      );
    }
    if (body.length === 0 || body.length > 1600) {
      return twilioError(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    }
    const text: StandInText = { sid: random('SM'), to, from, messagingServiceSid, body };
    sent.push(text);
    const now = new Date().toUTCString();
    send(res, 201, {
      account_sid: credentials.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: messagingServiceSid,
      num_media: '0',
      num_segments: String(Math.ceil(body.length / 153)),
      price: null,
      price_unit: 'USD',
      sid: text.sid,
      status: 'queued',
      subresource_uris: {
        media: `/2010-04-01/Accounts/${credentials.accountSid}/Messages/${text.sid}/Media.json`,
      },
      to,
      uri: `/2010-04-01/Accounts/${credentials.accountSid}/Messages/${text.sid}.json`,
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    credentials,
    env: {
      TWILIO_ACCOUNT_SID: credentials.accountSid,
      TWILIO_AUTH_TOKEN: credentials.authToken,
      TWILIO_FROM: credentials.from,
      TWILIO_API_BASE_URL: url,
    },
    sent,
    unsubscribed,
    failNext(status, count = 1) {
      failures = { status, count };
    },
    sign: (webhookUrl, params) => getExpectedTwilioSignature(credentials.authToken, webhookUrl, params),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function twilioError(res: ServerResponse, status: number, code: number, message: string) {
  send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
