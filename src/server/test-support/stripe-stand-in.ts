import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API the app uses (payment intents), so the real
 * Stripe adapter — the official SDK pointed here with its host/port/protocol options — is tested
 * without network access or an account. It answers with Stripe-shaped JSON, keeps Idempotency-Key
 * semantics (same key, same intent) and records every request. Tests move intents along with
 * succeed()/decline(), as the customer's browser and the card network would.
 */

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; message: string } | null;
  latest_charge: string | null;
  payment_method: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  created: number;
  livemode: false;
}

interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  paid: true;
  status: 'succeeded';
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
}

export interface StripeStandIn {
  host: string;
  port: number;
  apiKey: string;
  intents: Map<string, StandInIntent>;
  requests: RecordedRequest[];
  /** The customer paid: the intent succeeds with a charge on this card. */
  succeed(id: string, card?: { brand?: string; last4?: string }): StandInIntent;
  /** The card was refused: the intent goes back to waiting for a payment method, with the reason. */
  decline(id: string, message?: string): StandInIntent;
  /** The next `times` API calls answer this error instead (the SDK retries 5xx by itself). */
  failNextRequests(
    statusCode: number,
    error: { type: string; message: string; code?: string },
    times?: number,
  ): void;
  /** A Stripe-shaped event about an intent, as a webhook delivers it. */
  event(type: string, intent: StandInIntent): { id: string; payload: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn(apiKey = 'sk_test_stand_in'): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, StandInCharge>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  let failure: { statusCode: number; error: { type: string; message: string; code?: string } } | null = null;
  let failuresLeft = 0;

  function present(intent: StandInIntent, expand: string[]) {
    if (expand.includes('latest_charge') && intent.latest_charge) {
      return { ...intent, latest_charge: charges.get(intent.latest_charge) ?? null };
    }
    return intent;
  }

  function route(method: string, path: string, params: Record<string, string>, key: string | null) {
    const expand = Object.entries(params)
      .filter(([name]) => name.startsWith('expand'))
      .map(([, value]) => value);

    if (method === 'POST' && path === '/v1/payment_intents') {
      const replayed = key ? byIdempotencyKey.get(key) : undefined;
      if (replayed) return { status: 200, body: intents.get(replayed), replayed: true };
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small');
      }
      const intentId = id('pi');
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(params)) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent: StandInIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: params.currency ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        metadata,
        last_payment_error: null,
        latest_charge: null,
        payment_method: null,
        automatic_payment_methods:
          params['automatic_payment_methods[enabled]'] === 'true' ? { enabled: true } : null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(intentId, intent);
      if (key) byIdempotencyKey.set(key, intentId);
      return { status: 200, body: intent };
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    const intent = match?.[1] ? intents.get(decodeURIComponent(match[1])) : undefined;
    if (match && !intent) {
      return error(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
    }
    if (intent && method === 'GET' && !match?.[2]) return { status: 200, body: present(intent, expand) };
    if (intent && method === 'POST' && match?.[2]) {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const params = Object.fromEntries([...url.searchParams, ...form]);
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, idempotencyKey: key, params });

    let result: { status: number; body: unknown; replayed?: boolean };
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      result = error(401, 'invalid_request_error', 'Invalid API Key provided.');
    } else if (failure && failuresLeft > 0) {
      failuresLeft -= 1;
      result = { status: failure.statusCode, body: { error: failure.error } };
    } else {
      result = route(method, url.pathname, params, key);
    }
    res.writeHead(result.status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(key && { 'idempotency-key': key }),
      ...(result.replayed && { 'idempotent-replayed': 'true' }),
    });
    res.end(JSON.stringify(result.body));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function mustFind(intentId: string): StandInIntent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`stand-in: no intent ${intentId}`);
    return intent;
  }

  return {
    host: '127.0.0.1',
    port,
    apiKey,
    intents,
    requests,
    succeed(intentId, card = {}) {
      const intent = mustFind(intentId);
      const charge: StandInCharge = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        currency: intent.currency,
        paid: true,
        status: 'succeeded',
        payment_intent: intent.id,
        payment_method_details: {
          type: 'card',
          card: { brand: card.brand ?? 'visa', last4: card.last4 ?? '4242' },
        },
      };
      charges.set(charge.id, charge);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: charge.id,
        payment_method: id('pm'),
        last_payment_error: null,
      });
      return intent;
    },
    decline(intentId, message = 'Your card was declined.') {
      const intent = mustFind(intentId);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message },
      });
      return intent;
    },
    failNextRequests(statusCode, error, times = 1) {
      failure = { statusCode, error };
      failuresLeft = times;
    },
    event(type, intent) {
      const eventId = id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: intent },
      });
      return { id: eventId, payload };
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

function error(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code && { code }) } } };
}
