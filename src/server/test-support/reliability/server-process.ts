import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { startCommand } from '#scripts/start-command.mjs';
import { projectPath } from '#server/project-path.ts';

/**
 * A real server process (`src/server/main.ts` run by tsx), as production runs it: its own event loop,
 * its own database connections, killed and restarted by signals. For the reliability tests.
 */
export interface ServerProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process has ended, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines the process wrote, for the message of a failing test. */
  output(): string;
  /** SIGKILL if still running; never throws. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  /** DATA_DIR: the embedded database (without databaseUrl), the disk photo store, the outbox files. */
  dataDir: string;
  /** PostgreSQL; unset runs the embedded database in dataDir. */
  databaseUrl?: string;
  port?: number;
  /** More environment variables (SMTP_URL, S3_*, …); they win over the defaults. */
  env?: Record<string, string>;
  /**
   * Run the build in dist/ as `npm start` does (package.json's start script: its node options,
   * scripts/start.mjs) instead of src/server/main.ts with tsx. The caller makes sure the build is there
   * and current (built-app.ts).
   */
  built?: boolean;
}

export const TEST_SESSION_SECRET = 'reliability-session-secret-0123456789';

export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const args = options.built ? startScriptArgs() : ['--import', 'tsx', projectPath('src/server/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: projectPath('.'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      // Empty means unset to the configuration: the embedded database.
      DATABASE_URL: options.databaseUrl ?? '',
      SESSION_SECRET: TEST_SESSION_SECRET,
      // Every simulated customer comes from 127.0.0.1, and the shop's few accounts do a day's work in
      // minutes: the per-address and per-person allowances are scaled up.
      RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      S3_FORCE_PATH_STYLE: '',
      STRIPE_SECRET_KEY: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    port,
    baseUrl,
    child,
    exited,
    output: () => lines.join('\n'),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };

  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  try {
    await waitFor(async () => {
      if (ended) throw new Error(`the server exited during start-up:\n${server.output()}`);
      return isHealthy(baseUrl);
      // Loading the server's code under tsx alone has taken over 30 s on a loaded 2-core machine.
    }, 150_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** package.json's start script (`node <options> scripts/start.mjs`) without its `node`. */
function startScriptArgs(): string[] {
  const { nodeOptions, script } = startCommand(projectPath('.'));
  return [...nodeOptions, script];
}

export async function isHealthy(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/health`).catch(() => null);
  return response?.status === 200;
}

export function freePort(): Promise<number> {
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

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
