import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { rateLimits } from '#server/db/schema.ts';
import {
  type BackingDatabase,
  openBackingDatabase,
} from '#server/test-support/reliability/backing-database.ts';
import {
  type Caddy,
  CLIENT_ADDRESS,
  caddyVersion,
  type HttpsReply,
  startCaddy,
} from '#server/test-support/reliability/caddy.ts';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
} from '#server/test-support/reliability/server-process.ts';

/**
 * The deployment in deploy/: Caddy with deploy/Caddyfile's site block (its own internal CA instead of
 * Let's Encrypt) in front of the built app, started as `npm start` starts it, with the settings of
 * deploy/collision-shop.env.example (HOST=127.0.0.1, TRUST_PROXY=127.0.0.1, APP_URL the public HTTPS
 * address). The client talks HTTPS to Caddy from 127.0.0.2, trusting only Caddy's root certificate.
 */
const version = caddyVersion();
if (!version) {
  console.warn(
    'behind-caddy.test.ts is SKIPPED: `caddy` is not installed. Install it with  sudo apt-get install -y caddy  (CI does).',
  );
}
const title = version
  ? `the built app behind Caddy ${version.split(' ')[0]} over HTTPS (deploy/Caddyfile)`
  : 'the built app behind Caddy (SKIPPED: caddy is not installed; sudo apt-get install -y caddy)';

const HSTS = 'max-age=31536000; includeSubDomains';
const PASSWORD = 'behind-caddy-1993';

describe.skipIf(!version)(title, () => {
  let database: BackingDatabase;
  let server: ServerProcess;
  let caddy: Caddy;
  let customer = '';

  // Migrating and starting two processes is slow on a busy machine.
  beforeAll(async () => {
    database = await openBackingDatabase('postgres');
    const appPort = await freePort();
    const caddyPort = await freePort();
    server = await startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      port: appPort,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        TRUST_PROXY: '127.0.0.1',
        APP_URL: `https://localhost:${caddyPort}`,
        // As a real shop counts: one allowance per address.
        RATE_LIMIT_SCALE: '1',
        // Stripe configured (never called here), so the payment page has a policy of its own.
        STRIPE_SECRET_KEY: 'sk_test_behind_caddy',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_behind_caddy',
      },
    });
    caddy = await startCaddy({ upstreamPort: appPort, port: caddyPort });
  }, 120_000);
  afterAll(async () => {
    await caddy?.stop();
    await server?.kill();
    await database?.dispose();
  });

  /** A request through Caddy as the shop's own page would send it (same origin, the customer's cookie). */
  function viaCaddy(
    method: string,
    path: string,
    options: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { origin: caddy.origin, ...options.headers };
    if (customer) headers.cookie = customer;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    return caddy.request(method, path, {
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    });
  }

  function cookies(reply: HttpsReply): string[] {
    return reply.headers['set-cookie'] ?? [];
  }

  it('answers over HTTPS with HSTS, which the app sets only because its trusted proxy said HTTPS', async () => {
    const proxied = await caddy.request('GET', '/api/health');
    expect(proxied.status).toBe(200);
    expect(proxied.json()).toEqual({ status: 'ok' });
    expect(proxied.headers['strict-transport-security']).toBe(HSTS);
    expect(proxied.headers['x-content-type-options']).toBe('nosniff');
    // The Caddyfile drops Caddy's own Server header.
    expect(proxied.headers.server).toBeUndefined();

    const direct = await fetch(`${server.baseUrl}/api/health`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });

  it('marks the session cookie Secure after registering and after signing in', async () => {
    const email = `caddy-${Date.now()}@example.com`;
    const registered = await viaCaddy('POST', '/api/register', {
      json: { email, password: PASSWORD, firstName: 'Behind', lastName: 'Caddy' },
    });
    expect(registered.status, registered.text()).toBe(201);
    const session = cookies(registered).find((cookie) => cookie.startsWith('sid='));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    for (const cookie of cookies(registered)) expect(cookie).toMatch(/; Secure/);

    const signedIn = await viaCaddy('POST', '/api/login', { json: { email, password: PASSWORD } });
    expect(signedIn.status, signedIn.text()).toBe(200);
    const again = cookies(signedIn).find((cookie) => cookie.startsWith('sid='));
    expect(again).toMatch(/; Secure/);
    for (const cookie of cookies(signedIn)) expect(cookie).toMatch(/; Secure/);
    customer = (again ?? '').split(';')[0] ?? '';

    const me = await viaCaddy('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ email });
  });

  it('takes a phone-sized photo through the proxy: the upload ticket, then the bytes PUT to its URL', async () => {
    const photo = await largeJpeg();
    // Far past the 1 MB many proxies allow by default (nginx's client_max_body_size).
    expect(photo.length).toBeGreaterThan(6_000_000);
    expect(photo.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);

    const ticket = await viaCaddy('POST', '/api/objects/upload', { json: {} });
    expect(ticket.status, ticket.text()).toBe(200);
    const { uploadURL, photoURL } = ticket.json<{ uploadURL: string; photoURL: string }>();
    const put = await viaCaddy('PUT', uploadURL, { body: photo, headers: { 'content-type': 'image/jpeg' } });
    expect(put.status, put.text()).toBe(200);

    const served = await viaCaddy('GET', photoURL);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.body).metadata()).format).toBe('jpeg');
  });

  it("delivers the payment page's Content-Security-Policy as the app made it", async () => {
    const path = '/payment?estimate=00000000-0000-4000-8000-000000000000';
    const proxied = await caddy.request('GET', path);
    const direct = await fetch(`${server.baseUrl}${path}`);
    expect(proxied.status).toBe(200);
    expect(proxied.headers['content-type']).toContain('text/html');

    const policy = String(proxied.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain("frame-ancestors 'none'");
    // Each page has its own nonce; apart from it, the policy is the app's own, byte for byte…
    const withoutNonce = (csp: string | null) => (csp ?? '').replace(/'nonce-[^']+'/, "'nonce-…'");
    expect(withoutNonce(policy)).toBe(withoutNonce(direct.headers.get('content-security-policy')));
    // …and the page it came with carries the same nonce.
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(proxied.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(proxied.headers['permissions-policy']).toBe(direct.headers.get('permissions-policy'));
    expect(proxied.headers['strict-transport-security']).toBe(HSTS);
  });

  it('cannot be reached but through the proxy: with HOST=127.0.0.1 the app listens on loopback only', async () => {
    const listening = listeningAddresses(server.port);
    if (listening) {
      expect(listening.length).toBeGreaterThan(0);
      expect(listening.every((address) => address === '127.0.0.1')).toBe(true);
    }
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
      .map((entry) => entry?.address ?? '');
    for (const address of outside) {
      expect(await connectError(address, server.port), address).toBe('ECONNREFUSED');
    }
    // Without either check there would be nothing to show.
    expect(Boolean(listening) || outside.length > 0).toBe(true);
  });

  // Last: with the embedded database the server must stop before the test may read its tables.
  it("counts rate limits by the client's address as Caddy saw it, never by an X-Forwarded-For the client wrote", async () => {
    const refused = await caddy.request('POST', '/api/login', {
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
    });
    expect(refused.status).toBe(401);

    if (database.kind === 'embedded') {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
    const keys = await database.withDb(async (db) =>
      (await db.select().from(rateLimits)).map((row) => row.key),
    );
    expect(keys).toContain(`login-ip:${CLIENT_ADDRESS}`);
    expect(keys).toContain(`register-ip:${CLIENT_ADDRESS}`);
    // Neither what the client claimed nor the proxy's own address.
    expect(keys.join(' ')).not.toContain('6.6.6.6');
    expect(keys.filter((key) => key.endsWith(':127.0.0.1'))).toEqual([]);
  });
});

/** A real 8-megapixel JPEG of about 7 MB (noise does not compress), as a phone camera makes. */
async function largeJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 3264,
      height: 2448,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * The local addresses of the IPv4 and IPv6 sockets listening on `port`, from the kernel's tables
 * (Linux); null where /proc/net is not there.
 */
function listeningAddresses(port: number): string[] | null {
  const tables: [string, (hex: string) => string][] = [
    ['/proc/net/tcp', ipv4FromHex],
    ['/proc/net/tcp6', (hex) => (hex === '00000000000000000000000001000000' ? '::1' : `ipv6:${hex}`)],
  ];
  const found: string[] = [];
  let readAny = false;
  for (const [file, decode] of tables) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
      readAny = true;
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [hexAddress, hexPort] = (local ?? '').split(':');
      // 0A: LISTEN
      if (state === '0A' && hexAddress && hexPort && Number.parseInt(hexPort, 16) === port) {
        found.push(decode(hexAddress));
      }
    }
  }
  return readAny ? found : null;
}

function ipv4FromHex(hex: string): string {
  // Little-endian: 0100007F is 127.0.0.1.
  return [6, 4, 2, 0].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join('.');
}

/** The error code of a TCP connection to address:port, or 'connected'. */
function connectError(address: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 5_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
