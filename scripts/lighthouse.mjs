// `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on the public pages of the
// built app, plus what each page loads: its JS and CSS as a phone downloads them, and whether any Stripe, Uppy or admin
// code came along. Builds first when dist/ is missing or older than its sources. Prints PASS/FAIL
// per target and writes bench-results/lighthouse-latest.json; exits non-zero only if the run broke.
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumIsInstalled, chromiumPath, TEST_CHROMIUM_ARGS } from './chromium-path.mjs';
import { ensureBuild } from './lighthouse/build.mjs';
import { forbiddenAssets, isStripeHost } from './lighthouse/bundle-check.mjs';
import { DEMO_CUSTOMER, DEMO_STAFF, quotedEstimatePath, signIn } from './lighthouse/demo-shop.mjs';
import { startBuiltServer } from './lighthouse/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The pages measured, each by its label in the table. The landing page twice: in English and, asked
 * for by a Spanish-speaking browser that chose Spanish before (the `lang` cookie), in Spanish, which
 * loads the Spanish messages instead.
 */
const PAGES = [
  { label: '/', path: '/' },
  { label: '/ (es)', path: '/', headers: { Cookie: 'lang=es', 'Accept-Language': 'es-US,es;q=0.9' } },
  { label: '/about', path: '/about' },
  { label: '/auth', path: '/auth' },
];

/**
 * The pages behind the sign-in, audited with a session of the demo shop (scripts/lighthouse/demo-shop.mjs):
 * the customer's quoted estimate, where an e-mailed quote leads, and the staff's dashboard, which the
 * front desk opens all day. Each may load only its own kind of code.
 */
async function signedInPages(baseUrl) {
  const customer = await signIn(baseUrl, DEMO_CUSTOMER);
  const staff = await signIn(baseUrl, DEMO_STAFF);
  return [
    {
      label: '/estimate/:id',
      path: await quotedEstimatePath(baseUrl, customer),
      headers: { Cookie: customer },
      allowed: [],
    },
    { label: '/admin', path: '/admin', headers: { Cookie: staff }, allowed: ['admin'] },
  ];
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/**
 * Targets per page: the landing page, where a customer arrives from a search or a link, and the
 * sign-in page, where an e-mailed estimate link sends a signed-out customer. Every page is measured
 * and shown, and none may load Stripe, Uppy or admin code.
 */
const LANDING_TARGETS = {
  performance: 100,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
  /** Largest Contentful Paint on the mobile preset, in ms. */
  lcpMs: 1500,
  /** First-load JavaScript as the phone downloads it (compressed), in KB. */
  jsKb: 90,
};
/**
 * A signed-in page: search engines never see it, and a phone on a slow line still gets it at once. It
 * comes drawn by the server (decision 079), so the work of taking it over follows its first paint and
 * counts as blocking time: performance 80, not 90.
 */
const SIGNED_IN_TARGETS = { performance: 80, accessibility: 100, 'best-practices': 95, lcpMs: 2500 };
const TARGETS = {
  '/': LANDING_TARGETS,
  '/ (es)': LANDING_TARGETS,
  '/about': { performance: 98, accessibility: 100, 'best-practices': 95, seo: 95, jsKb: 90 },
  '/auth': { performance: 98, accessibility: 100, 'best-practices': 95, seo: 95, jsKb: 90 },
  // First-load JS as it stands (29 Nov 2026: 182.4 and 184.9 KB), so that what a change adds is seen.
  '/estimate/:id': { ...SIGNED_IN_TARGETS, jsKb: 185 },
  '/admin': { ...SIGNED_IN_TARGETS, jsKb: 190 },
};
const CHROME_FLAGS = ['--headless', ...TEST_CHROMIUM_ARGS];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** What a phone's Chrome asks for: every encoding it reads. */
const PHONE_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The bytes of the file's body as the server sends it to a phone's browser: compressed, as the build
 * compressed it (fetch() would undo the encoding before it could be counted).
 */
function downloadSize(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': PHONE_ACCEPT_ENCODING } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The language the server wrote into the page's `<html lang>` for these request headers. */
async function pageLanguage(url, headers) {
  const html = await (await fetch(url, { headers })).text();
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? null;
}

const outDir = path.join(root, 'bench-results');
const reportDir = path.join(outDir, 'lighthouse-reports');

async function audit(baseUrl, { label, path: pagePath, headers, allowed = [] }, chromePort, forbidden) {
  const url = `${baseUrl}${pagePath}`;
  let lhr;
  // On a busy machine Chromium now and then fails to record the trace (NO_NAVSTART…): try once more.
  for (let attempt = 1; attempt <= 2; attempt++) {
    ({ lhr } = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(headers ? { extraHeaders: headers } : {}),
    }));
    if (!lhr.runtimeError) break;
    if (attempt === 2) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    console.log(`  ${lhr.runtimeError.code}; running it again`);
  }
  // The full report, for finding out why an audit failed (open it in https://googlechrome.github.io/lighthouse/viewer/).
  const reportName =
    label === '/' ? 'home' : label === '/ (es)' ? 'home-es' : label.replaceAll(/[/:]/g, '') || 'page';
  writeFileSync(path.join(reportDir, `${reportName}.json`), JSON.stringify(lhr));

  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const assets = { js: [], css: [] };
  for (const request of requests) {
    const kind =
      request.resourceType === 'Script' ? 'js' : request.resourceType === 'Stylesheet' ? 'css' : null;
    if (!kind || !request.url.startsWith(baseUrl)) continue;
    assets[kind].push({ path: new URL(request.url).pathname, bytes: await downloadSize(request.url) });
  }
  const loadedPaths = new Set(requests.map((request) => new URL(request.url).pathname));
  const forbiddenLoaded = {};
  for (const [kind, { files }] of Object.entries(forbidden)) {
    if (allowed.includes(kind)) continue;
    forbiddenLoaded[kind] = files.filter((file) => loadedPaths.has(file));
  }
  forbiddenLoaded.Stripe?.push(...requests.map((request) => request.url).filter(isStripeHost));

  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const failedAudits = Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
    ]),
  );
  const sum = (list) => list.reduce((total, asset) => total + asset.bytes, 0);
  return {
    page: label,
    language: await pageLanguage(url, headers),
    scores,
    metrics: {
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    },
    jsBytes: sum(assets.js),
    cssBytes: sum(assets.css),
    assets,
    forbiddenLoaded,
    failedAudits,
  };
}

function checks(result) {
  const list = [];
  const targets = TARGETS[result.page];
  if (targets) {
    for (const id of CATEGORIES) {
      const min = targets[id];
      if (min === undefined) continue;
      list.push({ name: `${id} ${min === 100 ? '= 100' : `≥ ${min}`}`, pass: result.scores[id] >= min });
    }
    if (targets.lcpMs) {
      list.push({
        name: `LCP ≤ ${targets.lcpMs} ms`,
        pass: result.metrics.lcpMs <= targets.lcpMs,
        detail: `${result.metrics.lcpMs} ms`,
      });
    }
    if (result.page.endsWith('(es)')) {
      list.push({ name: 'page in Spanish', pass: result.language === 'es', detail: result.language });
    }
    if (targets.jsKb) {
      list.push({
        name: `first-load JS ≤ ${targets.jsKb} KB`,
        pass: kb(result.jsBytes) <= targets.jsKb,
      });
    }
  }
  for (const [kind, files] of Object.entries(result.forbiddenLoaded)) {
    list.push({ name: `no ${kind} code`, pass: files.length === 0, detail: files.join(', ') });
  }
  return list;
}

function printTable(results) {
  const header = ['page', 'perf', 'a11y', 'best-pr', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'CSS KB'];
  const rows = results.map((r) => [
    r.page,
    ...CATEGORIES.map((id) => r.scores[id]),
    r.metrics.lcpMs,
    r.metrics.tbtMs,
    r.metrics.cls,
    kb(r.jsBytes),
    kb(r.cssBytes),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padStart(widths[i])).join('  ');
  console.log(`\n${line(header)}`);
  for (const row of rows) console.log(line(row));
}

async function main() {
  if (!chromiumIsInstalled()) {
    console.error(
      `Chromium was not found at ${chromiumPath()}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(2);
  }
  ensureBuild(root);
  const forbidden = forbiddenAssets(path.join(root, 'dist/client/.vite/manifest.json'));
  for (const [kind, { found }] of Object.entries(forbidden)) {
    if (!found)
      throw new Error(
        `the build manifest names no ${kind} chunk; update scripts/lighthouse/bundle-check.mjs`,
      );
  }

  mkdirSync(reportDir, { recursive: true });
  const server = await startBuiltServer(root);
  let chrome;
  const results = [];
  try {
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
    for (const page of [...PAGES, ...(await signedInPages(server.baseUrl))]) {
      console.log(`Lighthouse (mobile) on ${page.label}…`);
      results.push(await audit(server.baseUrl, page, chrome.port, forbidden));
    }
  } finally {
    await chrome?.kill();
    await server.stop();
  }

  printTable(results);
  let failures = 0;
  for (const result of results) {
    console.log(`\n${result.page}`);
    if (!TARGETS[result.page])
      console.log('  (scores and JS in the table above: no score or JS targets for this page)');
    for (const check of checks(result)) {
      if (!check.pass) failures++;
      console.log(
        `  ${check.pass ? 'PASS' : 'FAIL'}  ${check.name}${check.detail ? `: ${check.detail}` : ''}`,
      );
    }
    for (const [id, audits] of Object.entries(result.failedAudits)) {
      if (audits.length > 0) console.log(`        ${id} audits below 90: ${audits.join(', ')}`);
    }
  }

  const outFile = path.join(outDir, 'lighthouse-latest.json');
  writeFileSync(
    outFile,
    `${JSON.stringify({ date: new Date().toISOString(), preset: 'mobile', targets: TARGETS, results }, null, 2)}\n`,
  );
  console.log(
    `\n${failures === 0 ? 'All targets met.' : `${failures} target(s) missed.`} Details: ${path.relative(root, outFile)}, full reports in ${path.relative(root, reportDir)}/`,
  );
}

main().catch((error) => {
  console.error(`lighthouse run failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
