import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';

const clientDir = mkdtempSync(path.join(tmpdir(), 'shop-client-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html><head><title>{{SHOP_NAME}} · Repairs</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(path.join(clientDir, 'workbox-75c9e37e.js'), 'define([], () => {})');
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Shop","start_url":"/"}');
  // Vite's build manifest: the entry, and the sign-in screen's chunk with one import of its own.
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/main-abc123.js', isEntry: true, imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_input-1.js': { file: 'assets/input-1.js', imports: ['_react-1.js'] },
      'features/auth/auth-page.tsx': {
        file: 'assets/auth-page-1.js',
        isDynamicEntry: true,
        imports: ['index.html', '_react-1.js', '_input-1.js'],
      },
    }),
  );
  // Shop details come from configuration: the override must reach the page.
  const shop = { ...DEFAULT_SHOP, name: 'Tom & Sons <Body>', phone: '(813) 555-0100' };
  t = await createTestApp({ clientDir, shop });
});

afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the browser app', () => {
  it('serves the service worker, its runtime and the manifest to be checked on every visit', async () => {
    for (const url of ['/sw.js', '/workbox-75c9e37e.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['content-type']).toContain('javascript');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers each page path with index.html carrying the configured shop details', async () => {
    for (const url of ['/', '/about', '/auth', '/admin/estimate/ABC1234', '/estimate/123/review']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<title>Tom &amp; Sons &lt;Body&gt; · Repairs</title>');
    const json = /<script id="shop-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<Body>');
    expect(JSON.parse(json)).toMatchObject({ name: 'Tom & Sons <Body>', phone: '(813) 555-0100' });
  });

  it('tells the page when the browser sent no session cookie, so it need not ask who is signed in', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/' });
    expect(signedOut.body).toContain('<meta name="session" content="none">');
    expect(signedOut.headers.vary).toContain('Cookie');
    const withCookie = await t.app.inject({ method: 'GET', url: '/', cookies: { sid: 'anything' } });
    expect(withCookie.body).not.toContain('<meta name="session"');
  });

  it("names the sign-in screen's own chunks on /auth, so they load alongside the entry", async () => {
    for (const cookies of [{}, { sid: 'anything' }] as Record<string, string>[]) {
      const auth = (await t.app.inject({ method: 'GET', url: '/auth?next=/dashboard', cookies })).body;
      expect(auth).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-page-1.js">');
      expect(auth).toContain('<link rel="modulepreload" crossorigin href="/assets/input-1.js">');
      // The entry's own imports are index.html's to name.
      expect(auth).not.toContain('href="/assets/react-1.js"');
    }
    const home = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(home).not.toContain('modulepreload');
  });

  it('answers unknown paths with the app (its not-found page) and a 404 status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/unknown' });
  });
});
