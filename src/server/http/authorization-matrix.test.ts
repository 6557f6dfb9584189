import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleConfig } from '../adapters/google/google-config.js';
import { createObjectStore } from '../adapters/object-store/create-object-store.js';
import { type GoogleStandIn, startGoogleStandIn } from '../test-support/google-stand-in.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { as, type Person } from '../test-support/test-people.js';
import { MATRIX_ENTRIES, type MatrixRequest } from './authorization-matrix.entries.js';
import {
  CALLERS,
  createWorld,
  type MatrixContext,
  secretsOfA,
  snapshotOfA,
} from './authorization-matrix.world.js';

/**
 * Every API route, called by nobody, customer A, customer B and the shop, about A's things.
 * The routes come from the app's own route table, so a new route cannot slip past unlisted.
 */

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-authz-'));
let t: TestApp;
let google: GoogleStandIn;
let context: MatrixContext;
let cells = 0;

beforeAll(async () => {
  google = await startGoogleStandIn();
  const objectStore = { kind: 'disk' as const, dir: objectsDir };
  // Many sign-ins and registrations come from one address here; the limits are not what is tested.
  t = await createTestApp({ objectStore, google: googleConfig(google.env), authRateLimitScale: 1000 });
  await t.app.ready();
  context = { t, store: createObjectStore({ objectStore }), google };
});

afterAll(async () => {
  console.log(`authorization matrix: ${cells} cells`);
  await t?.close();
  await google?.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

function apiRoutes(): string[] {
  return t.app.routeTable
    .filter((route) => route.url.startsWith('/api/'))
    .map((route) => `${route.method} ${route.url}`);
}

function urlFor(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

function send(method: string, pattern: string, request: MatrixRequest, person: Person | undefined) {
  const headers: Record<string, string> = { ...as(person) };
  const url = urlFor(pattern, request.params);
  if (request.raw) {
    headers['content-type'] = request.raw.contentType;
    return t.app.inject({
      method: method as 'PUT',
      url,
      query: request.query,
      headers,
      payload: request.raw.payload,
    });
  }
  return t.app.inject({
    method: method as 'GET',
    url,
    query: request.query,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

describe('the authorization matrix', () => {
  it('has an entry for every API route, and no entry for a route that is gone', () => {
    const routes = apiRoutes();
    const missing = routes.filter((key) => !(key in MATRIX_ENTRIES)).map((key) => `no entry for ${key}`);
    const stale = Object.keys(MATRIX_ENTRIES)
      .filter((key) => !routes.includes(key))
      .map((key) => `entry for a route that does not exist: ${key}`);
    expect([...missing, ...stale]).toEqual([]);
  });

  for (const [key, entry] of Object.entries(MATRIX_ENTRIES)) {
    it(key, async () => {
      // The coverage test above names a route that is gone; its cells would only add noise.
      if (!apiRoutes().includes(key)) return;
      const [method = '', pattern = ''] = key.split(' ');
      const problems: string[] = [];
      for (const caller of CALLERS) {
        // A world of its own for each cell: what one caller changes, the next one does not see.
        const world = await createWorld(context, entry.world);
        const request = (await entry.request?.(world, caller)) ?? {};
        const outsider = caller === 'anonymous' || caller === 'customerB';
        const before = outsider ? await snapshotOfA(world) : '';
        const res = await send(method, pattern, request, world.person(caller));
        cells += 1;

        const cell = `${key} as ${caller}`;
        if (res.statusCode !== entry.expect[caller]) {
          problems.push(
            `${cell}: expected ${entry.expect[caller]}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
        if (res.statusCode >= 400) {
          const message = res.headers['content-type']?.toString().startsWith('application/json')
            ? res.json().message
            : undefined;
          if (typeof message !== 'string' || message === '') problems.push(`${cell}: no JSON message`);
        }
        if (!outsider) continue;
        if ((await snapshotOfA(world)) !== before) problems.push(`${cell}: changed A's data`);
        if (res.statusCode < 300) {
          const leaked = secretsOfA(world).filter((secret) => res.body.includes(secret));
          if (leaked.length > 0) problems.push(`${cell}: reply shows A's data (${leaked.join(', ')})`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
