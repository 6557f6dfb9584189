// The signed-in pages Lighthouse audits need a shop with something in it: the demo shop
// (`npm run seed:demo`) in the throw-away data directory, and a session for one of its customers and
// for its staff.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The demo shop's accounts (src/server/cli/demo-data.ts). */
const DEMO_PASSWORD = 'demo-shop-1993';
export const DEMO_STAFF = 'admin@demo.shop';
export const DEMO_CUSTOMER = 'james@demo.shop';

/** Fills the (not yet running) embedded database in `dataDir` with the demo shop. */
export function seedDemoShop(root, dataDir) {
  const seeded = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['src/server/cli/seed-demo.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding the demo shop failed:\n${seeded.stderr}${seeded.stdout}`);
}

/** The `Cookie` header of a session for `email`. */
export async function signIn(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in as ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The customer's quoted estimate: the page with the most on it (photos, the quote, the messages). */
export async function quotedEstimatePath(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}/api/estimates`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/estimates answered ${response.status}`);
  const estimates = await response.json();
  const quoted = estimates.find((estimate) => estimate.status === 'quoted') ?? estimates[0];
  if (!quoted) throw new Error(`the demo customer ${DEMO_CUSTOMER} has no estimate`);
  return `/estimate/${quoted.id}`;
}
