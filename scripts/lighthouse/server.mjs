// Starts the built server on a free 127.0.0.1 port with a fresh, throw-away embedded database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health/live`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer on ${baseUrl} within ${timeoutMs / 1000} s`);
}

export async function startBuiltServer(root) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lighthouse-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  env.NODE_ENV = 'production';
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, env, stdio: 'inherit' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A fresh embedded database migrates first: allow for a slow, busy machine.
    await waitUntilHealthy(baseUrl, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
