import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { flowsChromiumPath, TEST_CHROMIUM_ARGS } from './scripts/chromium-path.mjs';

const port = Number(process.env.E2E_PORT ?? 5107);
// The app's data folder during the run: its outbox holds the e-mails it sent (tests/e2e/mailbox.ts).
// Set here so the test workers, which load this file too, see the same folder.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `shop-e2e-${port}`);

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  // Two test files at a time against the one server (the machine has two cores); a file's tests
  // run in order in one worker. Every test makes its own customers and estimates, and looks only at
  // them, so files never wait on each other's data. Measured: a third worker, or the process tests
  // run alongside, only made both slower; the cores are busy with two (Chromium is most of it).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // Room for a page to draw on a busy machine; a passing test never waits for it.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    // Each test's fresh browser context would install the service worker and precache the whole app:
    // a fifth of the suite's CPU. Only the flows about the installed app (installed-app.spec.ts)
    // allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: flowsChromiumPath(),
      args: [
        ...TEST_CHROMIUM_ARGS,
        // Compositing in the browser process instead of a GPU process of its own (software either
        // way), one raster thread, scrolls without animation: the same 21 flows took 7 % less CPU and
        // time (three runs without against two with, 29 Nov: 153 s of CPU against 142, 92 s against 86).
        '--in-process-gpu',
        '--num-raster-threads=1',
        '--disable-smooth-scrolling',
      ],
    },
  },
  projects: [{ name: 'chromium', use: chromium }],
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
