import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

const port = Number(process.env.E2E_PORT ?? 5107);
// The app's data folder during the run: its outbox holds the e-mails it sent (tests/e2e/mailbox.ts).
// Set here so the test workers, which load this file too, see the same folder.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `shop-e2e-${port}`);

/**
 * Tests that change what every page of the server gets: run alone, once all the others are done.
 * A project's dependencies run in full: `--project=alone --no-deps` runs these by themselves.
 */
const ALONE = 'app-update.spec.ts';

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  // Three test files at a time against the one server; a file's tests run in order in one worker.
  // A flow spends most of its time waiting on pages and the server, so on two cores a third worker
  // still finds one free (measured: two workers kept the cores less than half busy). Every test makes
  // its own customers and estimates, and looks only at them, so files never wait on each other's data.
  fullyParallel: false,
  workers: 3,
  retries: 0,
  // Room for pages to draw while three flows and the process tests (scripts/test.mjs runs them
  // alongside) share the machine; a passing test never waits for these.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: ALONE },
    { name: 'alone', use: chromium, testMatch: ALONE, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
