import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * Whatever arrives — broken JSON, wrong types, huge strings, unknown or prototype-polluting keys —
 * every write answers a 4xx with a JSON {message}, never a 5xx, and nothing leaks into objects.
 */
let routes: { method: 'POST' | 'PATCH' | 'PUT'; url: string }[];

const t = setUpTestShop();
const { alice } = setUpCast(t);
beforeAll(async () => {
  const car = await createVehicle(t.database.db, alice.user.id);
  const estimate = await createEstimate(t.database.db, { userId: alice.user.id, vehicleId: car.id });
  routes = [
    { method: 'POST', url: '/api/estimates/batch-create' },
    { method: 'PATCH', url: `/api/estimates/${estimate.id}` },
    { method: 'PUT', url: `/api/estimates/${estimate.id}/photos` },
    { method: 'POST', url: `/api/estimates/${estimate.id}/messages` },
    { method: 'PATCH', url: `/api/vehicles/${car.id}` },
  ];
});

async function send(
  route: { method: 'POST' | 'PATCH' | 'PUT'; url: string },
  body: string,
  contentType = 'application/json',
) {
  const res = await t.app.inject({
    method: route.method,
    url: route.url,
    headers: { ...as(alice), 'content-type': contentType },
    payload: body,
  });
  const where = `${route.method} ${route.url} ${body.slice(0, 40)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  const json = res.json();
  expect(typeof json.message, where).toBe('string');
  expect(json.message.length, where).toBeGreaterThan(0);
  return res;
}

const BODIES: Record<string, string> = {
  'malformed JSON': '{"status": "approved"',
  'not JSON at all': 'status=approved',
  'an empty body': '',
  null: 'null',
  'a number': '42',
  'a string': '"approved"',
  'an array': '[{"status":"approved"}]',
  'wrong types':
    '{"status": 1, "estimatedAmount": {}, "photos": 7, "photoURL": false, "content": [], "licensePlate": {}, "vehicleInfo": "car"}',
  '__proto__ key':
    '{"__proto__": {"isAdmin": true}, "status": "approved", "content": "hi", "licensePlate": "X1"}',
  'constructor.prototype key':
    '{"constructor": {"prototype": {"isAdmin": true}}, "content": "hi", "licensePlate": "X1"}',
  'extra keys':
    '{"status": "approved", "content": "hi", "licensePlate": "X1", "photoURL": "/api/photos/x", "isAdmin": true, "userId": "x"}',
  'deep nesting': `${'['.repeat(5000)}${']'.repeat(5000)}`,
  'a 200 KB string': JSON.stringify({
    status: 'x'.repeat(200_000),
    content: 'x'.repeat(200_000),
    licensePlate: 'x'.repeat(200_000),
    photoURL: 'x'.repeat(200_000),
  }),
};

describe('bad input on every write route', () => {
  for (const [name, body] of Object.entries(BODIES)) {
    it(`answers ${name} with a 4xx JSON message`, async () => {
      for (const route of routes) await send(route, body);
    });
  }

  it('answers 1 MB and more with 413', async () => {
    const huge = JSON.stringify({ content: 'x'.repeat(1024 * 1024) });
    for (const route of routes) expect((await send(route, huge)).statusCode).toBe(413);
  });

  it('answers a body of another type with 415, or 400 for plain text (a string is no valid body)', async () => {
    for (const route of routes) {
      expect((await send(route, '<status>approved</status>', 'application/xml')).statusCode).toBe(415);
      expect((await send(route, 'hello', 'text/plain')).statusCode).toBe(400);
    }
  });

  it('leaves Object.prototype untouched after prototype-polluting bodies', async () => {
    for (const route of routes) await send(route, BODIES['__proto__ key'] ?? '');
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });
});
