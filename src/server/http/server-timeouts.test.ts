import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { openTestDatabase, testConfig } from '#server/test-support/app.ts';
import { SERVER_TIMEOUTS, serverTimeoutOptions } from './server-timeouts.ts';

let app: FastifyInstance;
let database: Database;
let port: number;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    timeouts: { requestMs: 800, headersMs: 500, checkEveryMs: 100 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  port = address.port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/**
 * Sends `text` on a raw connection and then nothing more; resolves with what the server answered and
 * how long it kept the connection open, or with `closed: false` if it still had not closed it after
 * `giveUpMs`.
 */
function sendAndStall(text: string, giveUpMs = 5_000) {
  return new Promise<{ closed: boolean; ms: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closed: false, ms: Date.now() - started, answer });
    }, giveUpMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closed: true, ms: Date.now() - started, answer });
    });
  });
}

describe('security: stalled requests are timed out', () => {
  it('closes a connection that sent headers and part of a body, then stalled', async () => {
    const result = await sendAndStall(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":',
    );
    expect(result.closed).toBe(true);
    expect(result.ms).toBeLessThan(3_000);
    // Either a 408 before closing or a bare close: never a request left hanging.
    if (result.answer !== '') expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never finished its headers', async () => {
    const result = await sendAndStall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(result.closed).toBe(true);
    expect(result.ms).toBeLessThan(3_000);
  });

  it('still answers requests that arrive in time', async () => {
    const result = await sendAndStall(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('limits real requests to 30 seconds, headers to 15, checked every 2', () => {
    expect(serverTimeoutOptions(SERVER_TIMEOUTS)).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 15_000,
      connectionsCheckingInterval: 2_000,
    });
  });
});
