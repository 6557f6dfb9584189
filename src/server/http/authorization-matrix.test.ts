import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppVariant,
  apiRouteKeys,
  type MatrixApps,
  startMatrixApps,
} from '#server/test-support/authorization-matrix-apps.ts';
import { MATRIX_ENTRIES, type MatrixRequest } from '#server/test-support/authorization-matrix-entries.ts';
import {
  CALLERS,
  createWorld,
  paymentTokenFor,
  secretsOfA,
  snapshotOfA,
} from '#server/test-support/authorization-matrix-world.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { surveyTokenFor } from '#server/test-support/survey-tokens.ts';

/**
 * Every API route, called by nobody, customer A, customer B and the shop, about A's things.
 * The routes come from the apps' own route tables, so a new route cannot slip past unlisted.
 */

let apps: MatrixApps;
let cells = 0;

beforeAll(async () => {
  apps = await startMatrixApps();
});

afterAll(async () => {
  console.log(`authorization matrix: ${cells} cells`);
  await apps?.close();
});

const variantOf = (key: string): AppVariant => MATRIX_ENTRIES[key]?.app ?? 'default';

function urlFor(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

function send(
  app: FastifyInstance,
  method: string,
  pattern: string,
  request: MatrixRequest,
  person: Person | undefined,
) {
  const headers: Record<string, string> = { ...request.headers, ...as(person) };
  const common = { method: method as 'POST', url: urlFor(pattern, request.params), query: request.query };
  if (request.raw) {
    headers['content-type'] = request.raw.contentType;
    return app.inject({ ...common, headers, payload: request.raw.payload });
  }
  return app.inject({
    ...common,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

describe('the authorization matrix', () => {
  it('has an entry for every API route, and no entry for a route that is gone', () => {
    const routes = {
      default: apiRouteKeys(apps.contexts.default),
      stripe: apiRouteKeys(apps.contexts.stripe),
    };
    const missing = [...new Set([...routes.default, ...routes.stripe])]
      .filter((key) => !(key in MATRIX_ENTRIES))
      .map((key) => `no entry for ${key}`);
    const stale = Object.keys(MATRIX_ENTRIES)
      .filter((key) => !routes[variantOf(key)].includes(key))
      .map((key) => `entry for a route that does not exist: ${key}`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it("notices any change to A's data (the outsider checks below would otherwise prove nothing)", async () => {
    const context = apps.contexts.default;
    const world = await createWorld(context);
    const before = await snapshotOfA(world);
    const res = await context.t.app.inject({
      method: 'POST',
      url: `/api/estimates/${world.estimate.id}/messages`,
      headers: as(world.admin),
      payload: { content: 'Noticed?' },
    });
    expect(res.statusCode).toBe(201);
    expect(await snapshotOfA(world)).not.toBe(before);
  });

  it("lets customer B succeed on no route that names one of A's things in its path", () => {
    // The receipt shows a reference and a status only: the confirmation page opens without signing in.
    const publicByDesign = ['GET /api/estimates/:id/receipt'];
    const open = Object.entries(MATRIX_ENTRIES)
      .filter(([key, entry]) => key.includes('/:') && entry.expect.customerB < 400)
      .map(([key]) => key);
    expect(open).toEqual(publicByDesign);
  });

  it('a payment link shows the shop, the vehicle and the amount due, and nothing else of A', async () => {
    const context = apps.contexts.default;
    const world = await createWorld(context, { status: 'approved' });
    const token = await paymentTokenFor(world, 'customerA');
    const res = await context.t.app.inject({ method: 'GET', url: `/api/pay/${token}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['amountDue', 'expiresAt', 'shop', 'vehicle']);
    expect(secretsOfA(world).filter((secret) => res.body.includes(secret))).toEqual([]);
    expect(res.body).not.toContain(world.a.user.firstName ?? 'Alice');
  });

  it('a survey link shows the shop, the vehicle and whether it was answered, and nothing else of A', async () => {
    const context = apps.contexts.default;
    const world = await createWorld(context, { status: 'completed' });
    const token = await surveyTokenFor(world, 'customerA');
    const res = await context.t.app.inject({ method: 'GET', url: `/api/surveys/${token}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([
      'answered',
      'language',
      'reviewUrl',
      'shopName',
      'vehicle',
    ]);
    expect(secretsOfA(world).filter((secret) => res.body.includes(secret))).toEqual([]);
    expect(res.body).not.toContain(world.a.user.firstName ?? 'Alice');
  });

  for (const [key, entry] of Object.entries(MATRIX_ENTRIES)) {
    it(key, async () => {
      const context = apps.contexts[variantOf(key)];
      // The coverage test above names a route that is gone; its cells would only add noise.
      if (!apiRouteKeys(context).includes(key)) return;
      const [method = '', pattern = ''] = key.split(' ');
      const problems: string[] = [];
      for (const caller of CALLERS) {
        // A world of its own for each cell: what one caller changes, the next one does not see.
        const world = await createWorld(context, entry.world);
        const request = (await entry.request?.(world, caller)) ?? {};
        const outsider = caller === 'anonymous' || caller === 'customerB';
        const before = outsider ? await snapshotOfA(world) : '';
        const res = await send(context.t.app, method, pattern, request, world.person(caller));
        cells += 1;

        const cell = `${key} as ${caller}`;
        if (res.statusCode !== entry.expect[caller]) {
          problems.push(
            `${cell}: expected ${entry.expect[caller]}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
        if (res.statusCode >= 400) {
          const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
          const message = json ? res.json().message : undefined;
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
