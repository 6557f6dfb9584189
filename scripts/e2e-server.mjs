// Starts the built app for the browser tests on a fresh embedded database with one admin account.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Must match ADMIN in tests/e2e/helpers.ts.
const E2E_ADMIN = { email: 'owner@e2e.test', password: 'owner-pass-1993' };

// Playwright's config names the folder so tests can read what the app "sent" (DATA_DIR/outbox);
// started by hand it is a fresh temporary one.
const named = process.env.E2E_DATA_DIR;
if (named) {
  rmSync(named, { recursive: true, force: true });
  mkdirSync(named, { recursive: true });
}
process.env.DATA_DIR = named || mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL = 'warn';
// Every browser test signs in from 127.0.0.1: allow them what a busy shop's shared address would need.
process.env.RATE_LIMIT_SCALE = '50';

const created = spawnSync(
  'npm',
  [
    'run',
    '--silent',
    'create-admin',
    '--',
    '--email',
    E2E_ADMIN.email,
    '--password',
    E2E_ADMIN.password,
    '--first-name',
    'Dana',
  ],
  { stdio: 'inherit', env: process.env },
);
if (created.status !== 0) process.exit(created.status ?? 1);
await import('../dist/server/main.js');
