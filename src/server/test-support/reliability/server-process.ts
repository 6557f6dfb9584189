import { type ServerProcess, startServerProcess as startServer } from '#scripts/server-process.mjs';
import { startCommand } from '#scripts/start-command.mjs';
import { projectPath } from '#server/project-path.ts';

export { freePort, isHealthy, type ServerProcess, waitFor } from '#scripts/server-process.mjs';

export interface ServerOptions {
  /** DATA_DIR: the embedded database (without databaseUrl), the disk photo store, the outbox files. */
  dataDir: string;
  /** PostgreSQL; unset runs the embedded database in dataDir. */
  databaseUrl?: string;
  port?: number;
  /** More environment variables (SMTP_URL, S3_*, …); they win over the defaults. */
  env?: Record<string, string>;
}

export const TEST_SESSION_SECRET = 'reliability-session-secret-0123456789';

/**
 * A real server process, the build in dist/ run as `npm start` runs it (package.json's start script:
 * its node options, scripts/start.mjs): its own event loop, its own database connections, killed and
 * restarted by signals. For the process tests, whose global set-up makes the build current
 * (built-app.ts). Run by tsx instead, the same server cost each start twice the CPU (~4.5 s against
 * ~2.2 s, measured side by side), on a machine whose two cores the process tests keep busy.
 */
export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  return startServer({
    args: startScriptArgs(),
    cwd: projectPath('.'),
    port: options.port,
    env: {
      NODE_ENV: 'test',
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
    // Starting (and migrating a fresh database) has taken over 30 s on a loaded 2-core machine.
    startTimeoutMs: 150_000,
  });
}

/** package.json's start script (`node <options> scripts/start.mjs`) without its `node`. */
function startScriptArgs(): string[] {
  const { nodeOptions, script } = startCommand(projectPath('.'));
  return [...nodeOptions, script];
}
