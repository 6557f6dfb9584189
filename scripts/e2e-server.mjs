// Starts the built app for the browser tests on a fresh embedded database with one admin account.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from './server-process.mjs';

// Must match ADMIN in tests/e2e/helpers.ts.
const E2E_ADMIN = { email: 'owner@e2e.test', password: 'owner-pass-1993' };
const root = path.resolve(import.meta.dirname, '..');

// Playwright's config names the folder so tests can read what the app "sent" (DATA_DIR/outbox);
// started by hand it is a fresh temporary one.
const named = process.env.E2E_DATA_DIR;
if (named) {
  rmSync(named, { recursive: true, force: true });
  mkdirSync(named, { recursive: true });
}
const env = {
  DATA_DIR: named || mkdtempSync(path.join(tmpdir(), 'shop-e2e-')),
  // Empty: the embedded database even when the shell names a server.
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  // Every browser test signs in from 127.0.0.1: allow them what a busy shop's shared address would need.
  RATE_LIMIT_SCALE: '50',
  // The flows book drop-offs days ahead of whatever day they run: a holiday must not fail them at random.
  SHOP_FEDERAL_HOLIDAYS: 'false',
  // The thank-you page after the survey offers this review link (tests/e2e/survey.spec.ts).
  GOOGLE_REVIEW_URL: 'https://g.page/r/e2e-body-shop/review',
  // The flows wait for the e-mails and texts the app sends: the job queue's shortest poll.
  JOB_QUEUE_POLL_SECONDS: '0.5',
};

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
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
);
if (created.status !== 0) process.exit(created.status ?? 1);

// Playwright's config gives the port; started by hand, a free one.
const server = await startServerProcess({
  args: ['dist/server/main.js'],
  cwd: root,
  env,
  ...(process.env.PORT ? { port: Number(process.env.PORT) } : {}),
});
server.child.stderr.pipe(process.stderr);
console.log(`The app for the browser tests answers on ${server.baseUrl}`);
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, async () => {
    stopping = true;
    await server.stop();
    process.exit(0);
  });
}
const { code, signal } = await server.exited;
if (!stopping) {
  console.error(`The server ended on its own (${signal ?? `exit code ${code}`}):\n${server.output()}`);
  process.exit(code ?? 1);
}
