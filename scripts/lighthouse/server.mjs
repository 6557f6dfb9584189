// Starts the built server on a free 127.0.0.1 port with a fresh, throw-away embedded database, the
// demo shop in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../server-process.mjs';
import { seedDemoShop } from './demo-shop.mjs';

export async function startBuiltServer(root) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lighthouse-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  let server;
  try {
    seedDemoShop(root, dataDir);
    server = await startServerProcess({
      args: ['dist/server/main.js'],
      cwd: root,
      // DATABASE_URL empty: the embedded database even when the shell names a server.
      env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      healthPath: '/api/health/live',
      // A fresh embedded database migrates first: allow for a slow, busy machine.
      startTimeoutMs: 120_000,
    });
  } catch (error) {
    removeData();
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    async stop() {
      await server.stop();
      const output = server.output();
      if (output) console.log(`The server's output:\n${output}`);
      removeData();
    },
  };
}
