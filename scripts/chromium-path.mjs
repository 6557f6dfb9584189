import { existsSync } from 'node:fs';

/** The Debian Chromium the browser tests drive (never a downloaded browser); CHROMIUM_PATH overrides it. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function chromiumIsInstalled() {
  return existsSync(chromiumPath());
}
