import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Chromium as the tests start it: no sandbox (root in CI), no GPU, nothing that calls home. */
export const TEST_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The Debian Chromium the browser tests drive (never a downloaded browser); CHROMIUM_PATH overrides it. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || CHROMIUM;
}

export function chromiumIsInstalled() {
  return existsSync(chromiumPath());
}

/**
 * The browser flows' Chromium: Debian's chromium-headless-shell when it is installed, the same engine
 * without the full browser's own interface (its hidden tab strip and side-panel pages took a fifth of
 * the flows' CPU: measured, the same 20 flows in 61 s instead of 78 s); else chromiumPath(). The
 * installability flow keeps the full browser, whose install checks are what it tests.
 */
export function flowsChromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}
