// The one way to run the app's server as a child process, for the reliability tests, the benchmark,
// Lighthouse and the browser tests: a free port on 127.0.0.1, the environment, a wait until
// /api/health answers, and a stop. What the server writes is kept (its last lines) for the message
// of whatever fails.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** How many of the server's last output lines are kept. */
const KEPT_LINES = 200;
/** How long `stop()` waits after SIGTERM (a graceful shutdown) before SIGKILL. */
const STOP_GRACE_MS = 10_000;

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function isHealthy(baseUrl, healthPath = '/api/health') {
  const response = await fetch(`${baseUrl}${healthPath}`).catch(() => null);
  return response?.status === 200;
}

export async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

/**
 * Starts `node <args>` in `cwd` with HOST and PORT set (the given port, or a free one) over
 * process.env, then `env` over those, and resolves once `healthPath` answers 200. Throws with the
 * server's output when it exits or does not answer within `startTimeoutMs`, having killed it.
 */
export async function startServerProcess({
  args,
  cwd,
  env = {},
  port: requestedPort,
  healthPath = '/api/health',
  startTimeoutMs = 150_000,
}) {
  const port = requestedPort ?? (await freePort());
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const keep = (chunk) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = {
    port,
    baseUrl,
    child,
    exited,
    output: () => lines.join('\n'),
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (running()) child.kill('SIGTERM');
      const ended = await Promise.race([exited, sleep(STOP_GRACE_MS, null)]);
      if (!ended) await server.kill();
    },
  };

  const deadline = Date.now() + startTimeoutMs;
  try {
    while (!(await isHealthy(baseUrl, healthPath))) {
      if (!running()) throw new Error(`the server exited during start-up:\n${server.output()}`);
      if (Date.now() > deadline) {
        throw new Error(
          `the server did not answer on ${baseUrl} within ${startTimeoutMs / 1000} s:\n${server.output()}`,
        );
      }
      await sleep(100);
    }
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
