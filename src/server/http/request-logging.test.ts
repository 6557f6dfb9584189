import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openTestDatabase, type TestApp, testConfig } from '#server/test-support/app.ts';
import { createPerson, type Person } from '#server/test-support/people.ts';
import { REQUEST_ID_LENGTH } from './request-id.ts';

const lines: string[] = [];
let t: TestApp;
let alice: Person;

beforeAll(async () => {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig({ logLevel: 'info' }),
    database,
    logStream: { write: (line) => lines.push(line) },
  });
  app.get('/api/test/boom/:id', async () => {
    throw new Error('the disk caught fire');
  });
  t = {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
  alice = await createPerson(t, { email: 'alice.logged@example.com', firstName: 'Alice' });
});
afterAll(() => t.close());

/** The parsed log lines of one request. */
const linesOf = (requestId: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === requestId);

describe('the request log', () => {
  it('writes one info line per request: route pattern, status, time and user id; no cookie, e-mail or body', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/estimates/4b1c2d3e-0000-4000-8000-000000000001?email=alice.logged@example.com',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(404);
    const requestId = String(res.headers['x-request-id']);
    expect(requestId).toMatch(new RegExp(`^[0-9a-z]{${REQUEST_ID_LENGTH}}$`));
    const logged = linesOf(requestId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      route: '/api/estimates/:id',
      statusCode: 404,
      userId: alice.user.id,
    });
    expect(typeof logged[0]?.ms).toBe('number');
    const text = lines.join('\n');
    expect(text).not.toContain('alice.logged@example.com');
    expect(text).not.toContain(alice.cookie.split('=')[1]);
    expect(text).not.toMatch(/cookie/i);
    expect(text).not.toContain('4b1c2d3e-0000-4000-8000-000000000001');
  });

  it('names the user on the unchanged-list poll too, whose route reads the session itself', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/estimates',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [line] = linesOf(String(res.headers['x-request-id']));
    expect(line).toMatchObject({ route: '/api/estimates', statusCode: 200, userId: alice.user.id });
  });

  it('gives every request its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      ids.add(
        String((await t.app.inject({ method: 'GET', url: '/api/health/live' })).headers['x-request-id']),
      );
    }
    expect(ids.size).toBe(50);
  });
});

describe('a failed request', () => {
  it('answers 500 with a reference: the request id of its X-Request-Id header and of its log lines', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom/7' });
    expect(res.statusCode).toBe(500);
    const requestId = String(res.headers['x-request-id']);
    expect(res.json()).toEqual({
      message: `Something went wrong on our side. Please try again. (reference: ${requestId})`,
      reference: requestId,
    });
    expect(res.body).not.toContain('the disk caught fire');
    const logged = linesOf(requestId);
    expect(logged.map((line) => line.msg)).toEqual(['request failed', 'request completed']);
    expect(JSON.stringify(logged[0])).toContain('the disk caught fire');
    expect(logged[1]).toMatchObject({ route: '/api/test/boom/:id', statusCode: 500, userId: null });
  });

  it('has its request line written as pino writes the request’s other lines: same leading fields, same values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom/8' });
    const [failed, completed] = linesOf(String(res.headers['x-request-id']));
    const leading = ['level', 'time', 'pid', 'hostname', 'reqId'];
    expect(Object.keys(failed ?? {}).slice(0, 5)).toEqual(leading);
    expect(Object.keys(completed ?? {})).toEqual([
      ...leading,
      'method',
      'route',
      'statusCode',
      'ms',
      'userId',
      'msg',
    ]);
    for (const key of ['pid', 'hostname', 'reqId']) expect(completed?.[key]).toBe(failed?.[key]);
    expect(Number(completed?.time) - Number(failed?.time)).toBeGreaterThanOrEqual(0);
  });

  it('makes a request’s own logger only when the request logs through it (decision 076)', async () => {
    const children = vi.spyOn(t.app.log, 'child');
    try {
      const quiet = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(linesOf(String(quiet.headers['x-request-id']))).toHaveLength(1);
      expect(children).not.toHaveBeenCalled();
      const failing = await t.app.inject({ method: 'GET', url: '/api/test/boom/9' });
      expect(linesOf(String(failing.headers['x-request-id']))).toHaveLength(2);
      expect(children).toHaveBeenCalledTimes(1);
    } finally {
      children.mockRestore();
    }
  });
});

describe('the request log above info', () => {
  it.each(['warn', 'silent'])('writes no request lines when LOG_LEVEL is %s', async (logLevel) => {
    const quiet: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ logLevel }),
      database,
      logStream: { write: (line) => quiet.push(line) },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect(quiet.filter((line) => line.includes('request completed'))).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
