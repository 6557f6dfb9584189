import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP, shopYear } from '#domain/shop.ts';
import { setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';

// A build's layout: dist/client, and beside it dist/prerender with the first pages' prerender.
const buildDir = mkdtempSync(path.join(tmpdir(), 'shop-build-'));
const clientDir = path.join(buildDir, 'client');
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  // Stands in for src/client/prerender.tsx's build; it runs in a worker thread at start.
  mkdirSync(path.join(buildDir, 'prerender'));
  writeFileSync(
    path.join(buildDir, 'prerender', 'prerender.js'),
    'export async function renderFirstScreen(pagePath, language, shop) {\n' +
      "  return '<main><h1>' + pagePath + ' ' + language + ': ' + shop.phone + '</h1></main>';\n}\n" +
      // A signed-in page, drawn with what the server's own routes answer the visitor.
      'export async function renderSignedInPage(pagePath, search, language, shop, fetchApi) {\n' +
      "  if (search === '?fail') throw new Error('the screen threw');\n" +
      "  const answer = await fetchApi('/api/auth/user');\n" +
      '  if (answer.status !== 200) return null;\n' +
      '  const user = await answer.json();\n' +
      "  const markup = '<main><h1>' + pagePath + search + ' ' + language + ' for ' + user.email + '</h1></main>';\n" +
      "  return { markup, state: { user, note: '</script><script>alert(1)</script>' } };\n}\n",
  );
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html><head><title>{{SHOP_NAME}} · Repairs</title>' +
      '<script type="module" crossorigin src="/assets/main-abc123.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.css'), '.hero{color:red}');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(path.join(clientDir, 'workbox-75c9e37e.js'), 'define([], () => {})');
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Shop","start_url":"/"}');
  // The build's compressed copies (scripts/vite/precompressed-assets.ts), 2 KB of code.
  const vendorCode = `export const words = ${JSON.stringify('repair '.repeat(300))};`;
  writeFileSync(path.join(clientDir, 'assets', 'vendor-abc123.js'), vendorCode);
  writeFileSync(
    path.join(clientDir, 'assets', 'vendor-abc123.js.br'),
    brotliCompressSync(vendorCode, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(path.join(clientDir, 'assets', 'vendor-abc123.js.gz'), gzipSync(vendorCode));
  writeFileSync(path.join(clientDir, 'manifest.webmanifest.br'), brotliCompressSync('{"name":"Shop"}'));
  // Vite's build manifest: the entry, and the sign-in screen's chunk with one import of its own.
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/main-abc123.js', isEntry: true, imports: ['_react-1.js'] },
      'landing-start.ts': { file: 'assets/landing-start-1.js', isEntry: true },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_input-1.js': { file: 'assets/input-1.js', imports: ['_react-1.js'] },
      'features/auth/auth-page.tsx': {
        file: 'assets/auth-page-1.js',
        isDynamicEntry: true,
        imports: ['index.html', '_react-1.js', '_input-1.js'],
      },
      'features/estimate-detail/estimate-detail-page.tsx': {
        file: 'assets/estimate-detail-page-1.js',
        isDynamicEntry: true,
        imports: ['index.html', '_react-1.js', '_input-1.js'],
      },
      'components/layout/nav-bar.tsx': { file: 'assets/nav-bar-1.js', isDynamicEntry: true },
      // One chunk per catalog and language (src/client/i18n/locales).
      ...Object.fromEntries(
        ['en', 'es'].flatMap((language) =>
          ['common', 'landing', 'auth', 'about', 'home', 'estimate', 'nav'].map((namespace) => [
            `i18n/locales/${language}/${namespace}.json`,
            { file: `assets/${namespace}-${language}1.js`, isDynamicEntry: true },
          ]),
        ),
      ),
    }),
  );
});
// Shop details come from configuration: the override must reach the page.
const shop = { ...DEFAULT_SHOP, name: 'Tom & Sons <Body>', phone: '(813) 555-0100' };
const t = setUpTestShop({ clientDir, shop });
const customer = setUpPerson(t, { email: 'drawn@example.com' });

/** A page without the time its first screen was drawn at (its root's data-drawn-at). */
const withoutDrawnAt = (page: string) => page.replace(/ data-drawn-at="[^"]*"/, '');
const drawnAt = (page: string) => /<div id="root" data-drawn-at="([^"]+)">/.exec(page)?.[1];

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

  it("writes the landing page, prerendered in the visitor's language, into a signed-out visitor's /", async () => {
    const english = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(withoutDrawnAt(english)).toContain(
      '<div id="root"><main><h1>/ en: (813) 555-0100</h1></main></div>',
    );
    const spanish = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es-US' } });
    expect(withoutDrawnAt(spanish.body)).toContain(
      '<div id="root"><main><h1>/ es: (813) 555-0100</h1></main></div>',
    );
    // Its first screen needs no script: the page loads the starter, which adds the app's code (kept
    // inert in a template) after the hero photo.
    const head = english.slice(0, english.indexOf('</head>'));
    expect(head).toContain('<script type="module" src="/assets/landing-start-1.js"></script>');
    expect(head).not.toMatch(/main-abc123\.js|modulepreload/);
    const appCode = /<template id="app-code">(.*?)<\/template><\/body>/.exec(english)?.[1];
    expect(appCode).toContain('<script type="module" crossorigin src="/assets/main-abc123.js"></script>');
    expect(appCode).toContain('<link rel="modulepreload" crossorigin href="/assets/common-en1.js">');
    expect(appCode).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-en1.js">');

    // Signed in, '/' is the customer's home, and the app draws every page.
    for (const url of ['/', '/about', '/auth']) {
      const signedIn = (await t.app.inject({ method: 'GET', url, cookies: { sid: 'anything' } })).body;
      expect(signedIn, url).toContain('<div id="root"></div>');
      expect(signedIn, url).not.toContain('app-code');
      expect(signedIn, url).toContain('<script type="module" crossorigin src="/assets/main-abc123.js">');
    }
    // Signed out, the pages other than the first ones are drawn by the app.
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).body).toContain(
      '<div id="root"></div>',
    );
  });

  it('prerenders /about and the sign-in form of /auth, whose code also waits for the first paint', async () => {
    const about = (await t.app.inject({ method: 'GET', url: '/about' })).body;
    expect(withoutDrawnAt(about)).toContain(
      '<div id="root"><main><h1>/about en: (813) 555-0100</h1></main></div>',
    );
    expect(about).toContain('<script type="module" src="/assets/landing-start-1.js"></script>');
    expect(about).toContain('<template id="app-code">');

    for (const url of ['/auth', '/auth?next=/estimate/12', '/auth?tab=login']) {
      const auth = (await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'es' } })).body;
      expect(withoutDrawnAt(auth), url).toContain(
        '<div id="root"><main><h1>/auth es: (813) 555-0100</h1></main></div>',
      );
      const head = auth.slice(0, auth.indexOf('</head>'));
      expect(head, url).toContain('<script type="module" src="/assets/landing-start-1.js"></script>');
      expect(head, url).not.toMatch(/main-abc123\.js|modulepreload/);
      const appCode = /<template id="app-code">(.*?)<\/template><\/body>/.exec(auth)?.[1];
      expect(appCode, url).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-page-1.js">');
    }
    // The sign-up tab and the set-password link are other forms: the app draws them.
    for (const url of ['/auth?tab=register', '/auth?token=abc&next=/estimate/12']) {
      const auth = (await t.app.inject({ method: 'GET', url })).body;
      expect(auth, url).toContain('<div id="root"></div>');
      expect(auth, url).toContain('<meta name="session" content="none">');
    }
  });

  it("carries the time the first pages were drawn at, and draws them again once the shop's year turns", async () => {
    const before = drawnAt((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(before).toBeDefined();
    const drawn = new Date(before ?? '');
    expect(Date.now() - drawn.getTime()).toBeLessThan(10 * 60_000);
    expect(drawnAt((await t.app.inject({ method: 'GET', url: '/about' })).body)).toBe(before);
    // New Year's Day at 00:30 in Land O' Lakes (05:30 UTC), the year after they were drawn.
    const newYear = new Date(`${shopYear(drawn) + 1}-01-01T05:30:00Z`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(newYear);
    try {
      // The visitor asking first gets the pages as they were (the app corrects the year); the next get
      // them drawn again.
      expect(drawnAt((await t.app.inject({ method: 'GET', url: '/' })).body)).toBe(before);
      await vi.waitFor(
        async () => {
          const page = (await t.app.inject({ method: 'GET', url: '/auth' })).body;
          expect(drawnAt(page)).toBe(newYear.toISOString());
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      vi.useRealTimers();
    }
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
    expect(home).not.toContain('auth-page-1.js');
  });

  it("writes the page in the lang cookie's language, else the browser's, else English", async () => {
    const langOf = async (headers: Record<string, string>, url = '/') =>
      /<html lang="(\w+)"/.exec((await t.app.inject({ method: 'GET', url, headers })).body)?.[1];
    expect(await langOf({})).toBe('en');
    expect(await langOf({ cookie: 'lang=es' })).toBe('es');
    expect(await langOf({ cookie: 'lang=es', 'accept-language': 'en-US' })).toBe('es');
    expect(await langOf({ cookie: 'lang=en', 'accept-language': 'es' })).toBe('en');
    // A cookie naming no language of the app's is ignored.
    expect(await langOf({ cookie: 'lang=fr', 'accept-language': 'es' })).toBe('es');
    for (const header of ['es-US', 'es-MX,es;q=0.9,en;q=0.8', 'es', 'es, en', 'fr-FR, es-419;q=0.5']) {
      expect(await langOf({ 'accept-language': header }), header).toBe('es');
    }
    for (const header of ['en-US,en;q=0.9,es;q=0.8', 'fr-FR', 'es;q=0', '*', 'en, es']) {
      expect(await langOf({ 'accept-language': header }), header).toBe('en');
    }
    expect(await langOf({ cookie: 'lang=es' }, '/estimate/123/review')).toBe('es');
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers.vary).toContain('Cookie');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it("remembers ?lang= as the visitor's choice and sends the same page without it", async () => {
    const chosen = await t.app.inject({ method: 'GET', url: '/?lang=es' });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/');
    const cookie = chosen.cookies.find((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax' });
    const next = await t.app.inject({ method: 'GET', url: '/', cookies: { lang: 'es' } });
    expect(next.body).toContain('<html lang="es"');

    // The page's other parameters stay; the path is never read as another host.
    const auth = await t.app.inject({ method: 'GET', url: '/auth?next=%2Fdashboard&lang=en' });
    expect(auth.headers.location).toBe('/auth?next=%2Fdashboard');
    const twoSlashes = await t.app.inject({ method: 'GET', url: '//evil.example//x?lang=es' });
    expect(twoSlashes.headers.location).not.toMatch(/^\/\//);
    // A language the app does not speak changes nothing.
    const unknown = await t.app.inject({ method: 'GET', url: '/about?lang=fr' });
    expect(unknown.headers.location).toBe('/about');
    expect(unknown.cookies).toEqual([]);
  });
  it("names the language's catalogs up front: common on every page, and the first screen's own", async () => {
    const preloads = async (url: string, cookie: string) => {
      const body = (await t.app.inject({ method: 'GET', url, headers: { cookie } })).body;
      return [...body.matchAll(/href="\/assets\/(\w+)-(en|es)1\.js"/g)].map(
        (match) => `${match[1]}-${match[2]}`,
      );
    };
    expect(await preloads('/', 'lang=es')).toEqual(['common-es', 'landing-es']);
    expect(await preloads('/', 'lang=en')).toEqual(['common-en', 'landing-en']);
    expect(await preloads('/auth', 'lang=es; sid=anything')).toEqual(['common-es', 'auth-es']);
    expect(await preloads('/about', 'lang=en')).toEqual(['common-en', 'about-en']);
    expect(await preloads('/dashboard', 'lang=es')).toEqual(['common-es']);
  });

  it("names a signed-in screen's code, words and first data up front, for a signed-in visitor only", async () => {
    const id = '0140a957-c853-4479-a42e-0c3fc77610e7';
    const signedIn = (await t.app.inject({ method: 'GET', url: `/estimate/${id}`, cookies: { sid: 'x' } }))
      .body;
    const preload = (href: string) =>
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    for (const tag of [
      preload('/api/auth/user'),
      preload(`/api/estimates/${id}`),
      preload(`/api/estimates/${id}/messages`),
      '<link rel="modulepreload" crossorigin href="/assets/estimate-detail-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/input-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/nav-bar-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/estimate-en1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/nav-en1.js">',
    ]) {
      expect(signedIn).toContain(tag);
    }
    // The entry's own imports are index.html's to name.
    expect(signedIn).not.toContain('href="/assets/react-1.js"');
    // Signed out, the page asks nothing of the server and names no signed-in code.
    const signedOut = (await t.app.inject({ method: 'GET', url: `/estimate/${id}` })).body;
    expect(signedOut).not.toMatch(/rel="preload" as="fetch"|estimate-detail-page-1|nav-bar-1/);
    // Another estimate path (the review page, an id that is not one) asks for no estimate.
    const review = (
      await t.app.inject({ method: 'GET', url: `/estimate/${id}/review`, cookies: { sid: 'x' } })
    ).body;
    expect(review).not.toContain('/api/estimates/');
    const odd = (
      await t.app.inject({ method: 'GET', url: '/estimate/%22%3E%3Cscript%3E', cookies: { sid: 'x' } })
    ).body;
    expect(odd).not.toContain('/api/estimates/');
    expect(odd).toContain(preload('/api/auth/user'));
  });

  it("draws a signed-in screen with the visitor's own answers, and the state it drew it with beside it", async () => {
    const id = '0140a957-c853-4479-a42e-0c3fc77610e7';
    const page = async (url: string, cookie = customer.cookie) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie } })).body;

    const answer = await t.app.inject({
      method: 'GET',
      url: `/estimate/${id}?tab=photos`,
      headers: { cookie: customer.cookie },
    });
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const drawn = answer.body;
    expect(drawn).toContain(
      `<div id="root"><main><h1>/estimate/${id}?tab=photos en for drawn@example.com</h1>`,
    );
    const state =
      drawn.match(/<script id="signed-in-state" type="application\/json">(.*?)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(state)).toMatchObject({ user: { email: 'drawn@example.com' } });
    // No text in the state can end its element, and the data it holds is not asked for again.
    expect(state).toContain('\\u003c/script>\\u003cscript>');
    expect(drawn).not.toContain('rel="preload" as="fetch"');
    expect(drawn).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/estimate-detail-page-1.js">',
    );
    expect(await page('/admin')).toContain('<h1>/admin en for drawn@example.com</h1>');

    // A screen the browser app draws, and a session that is not one: the page as it was.
    const photoCapture = await page('/photo-capture');
    expect(photoCapture).toContain('<div id="root"></div>');
    expect(photoCapture).not.toContain('signed-in-state');
    const notDrawn = await t.app.inject({
      method: 'GET',
      url: '/photo-capture',
      headers: { cookie: customer.cookie },
    });
    expect(notDrawn.headers['cache-control']).toBe('no-cache');
    // A renderer that fails: the page the browser app draws, as if the server drew none.
    const failed = await t.app.inject({
      method: 'GET',
      url: '/admin?fail',
      headers: { cookie: customer.cookie },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    const expired = await page(`/estimate/${id}`, 'sid=x');
    expect(expired).toContain('<div id="root"></div>');
    expect(expired).toContain(`href="/api/estimates/${id}"`);
  });

  it("writes the stylesheet into the signed-out first-visit pages, with the page's CSP nonce", async () => {
    for (const url of ['/', '/about', '/auth?next=/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      const nonce = /<style nonce="([^"]+)">\.hero\{color:red\}<\/style>/.exec(res.body)?.[1];
      expect(nonce, url).toBeTruthy();
      expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      // Linked for no media: fetched last and applying nothing, so the screens' lazily loaded code,
      // which names it, finds it there instead of adding it and waiting for it.
      expect(res.body, url).toContain(
        '<link rel="stylesheet" media="not all" crossorigin href="/assets/index-abc123.css">',
      );
      expect(res.body.match(/rel="stylesheet"/g), url).toHaveLength(1);
    }
    // A signed-in visitor's page (or any other page) links the stylesheet, which the browser has cached.
    const signedIn = (await t.app.inject({ method: 'GET', url: '/', cookies: { sid: 'anything' } })).body;
    const other = (await t.app.inject({ method: 'GET', url: '/estimate/123/review' })).body;
    for (const html of [signedIn, other]) {
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">');
      expect(html).not.toContain('<style');
      expect(html).not.toContain('media="not all"');
    }
  });

  it('preloads the hero photo, in the candidate its img will pick, where it is the largest element', async () => {
    const preload =
      '<link rel="preload" as="image" href="/images/hero-1600.webp"' +
      ' imagesrcset="/images/hero-800.webp 800w, /images/hero-1600.webp 1600w" imagesizes="100vw"' +
      ' fetchpriority="high">';
    for (const url of ['/', '/about']) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain(preload);
      // Before the scripts, so the browser asks for it first.
      expect(html.indexOf(preload), url).toBeLessThan(html.indexOf('<script type="module"'));
    }
    const signedIn = (await t.app.inject({ method: 'GET', url: '/', cookies: { sid: 'anything' } })).body;
    const auth = (await t.app.inject({ method: 'GET', url: '/auth' })).body;
    expect(signedIn).not.toContain('as="image"');
    expect(auth).not.toContain('as="image"');
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

  it("sends the build's Brotli or gzip copy of an asset as it is, and the file itself to other browsers", async () => {
    const asset = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/vendor-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes the build wrote, not compressed again.
    expect(br.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', 'vendor-abc123.js.br')))).toBe(
      true,
    );
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const words');
    expect((await asset('gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const words');
    // The copies have no addresses of their own.
    expect((await t.app.inject({ method: 'GET', url: '/assets/vendor-abc123.js.br' })).statusCode).toBe(404);
    // The manifest's copy keeps the manifest's own caching.
    const manifest = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'br' },
    });
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/unknown' });
  });
});
