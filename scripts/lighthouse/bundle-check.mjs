// Tells which built chunks hold code a public page must never load (Stripe, Uppy, admin screens),
// using Vite's build manifest (dist/client/.vite/manifest.json).
import { readFileSync } from 'node:fs';

const FORBIDDEN = {
  Stripe: (key, chunk) =>
    chunk.name === 'vendor-stripe' || key === 'features/payments/stripe-checkout-form.tsx',
  Uppy: (key, chunk) => chunk.name === 'vendor-uppy' || key === 'features/photos/photo-uploader.tsx',
  admin: (key) => /^features\/(admin-[a-z-]+|calendar)\//.test(key),
};

/** Every manifest key reachable from `starts` (static and dynamic imports), never entering `blocked` keys. */
function reachable(manifest, starts, blocked) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || blocked.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const key of starts) visit(key);
  return seen;
}

/**
 * For each forbidden kind, the asset files (JS and CSS, as '/assets/…' paths) only that kind of code
 * uses: its own chunks plus whatever they alone import. Shared chunks (React, utilities) are not in it.
 */
export function forbiddenAssets(manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const keys = Object.keys(manifest);
  const entries = keys.filter((key) => manifest[key].isEntry);
  const result = {};
  for (const [kind, matches] of Object.entries(FORBIDDEN)) {
    const targets = new Set(keys.filter((key) => matches(key, manifest[key])));
    const elsewhere = reachable(manifest, entries, targets);
    const own = [...reachable(manifest, targets, new Set())].filter((key) => !elsewhere.has(key));
    const files = new Set();
    for (const key of own) {
      files.add(`/${manifest[key].file}`);
      for (const css of manifest[key].css ?? []) files.add(`/${css}`);
    }
    result[kind] = { files: [...files], found: targets.size > 0 };
  }
  return result;
}

/** Stripe.js is also fetched from Stripe's servers at run time. */
export function isStripeHost(url) {
  const host = new URL(url).hostname;
  return host === 'stripe.com' || host.endsWith('.stripe.com') || host.endsWith('.stripe.network');
}
