import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectPath } from '#server/project-path.ts';
import { freePort, waitFor } from './server-process.ts';

/**
 * Caddy in front of a server process, as deploy/Caddyfile sets it up in production: that file's site
 * block, with its name and upstream swapped for `localhost:<free port>` and the server's port, and
 * certificates from Caddy's own internal CA (kept, with everything else Caddy writes, in a temporary
 * folder). Listens on loopback only.
 */
export interface Caddy {
  port: number;
  /** `https://localhost:<port>`: APP_URL of the app behind it. */
  origin: string;
  /** Caddy's internal root CA, the only one the test client trusts. */
  rootCa: string;
  request(method: string, path: string, options?: RequestOptions): Promise<HttpsReply>;
  output(): string;
  stop(): Promise<void>;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface HttpsReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

/**
 * The address the test client connects to Caddy from. Caddy itself reaches the app from 127.0.0.1 (the
 * trusted proxy), so the app can learn 127.0.0.2 only from the X-Forwarded-For header Caddy set.
 */
export const CLIENT_ADDRESS = '127.0.0.2';

const DEPLOYED_SITE = 'shop.example.com {';
const DEPLOYED_UPSTREAM = 'reverse_proxy 127.0.0.1:5000';

/** Caddy's version, or null when `caddy` is not installed. */
export function caddyVersion(): string | null {
  const result = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** `port`: Caddy's HTTPS port (a free one unless given: the app's APP_URL may need it first). */
export async function startCaddy(options: { upstreamPort: number; port?: number }): Promise<Caddy> {
  const home = mkdtempSync(path.join(tmpdir(), 'shop-caddy-'));
  const port = options.port ?? (await freePort());
  const httpPort = await freePort();
  const deployed = readFileSync(projectPath('deploy/Caddyfile'), 'utf8');
  if (!deployed.includes(DEPLOYED_SITE) || !deployed.includes(DEPLOYED_UPSTREAM)) {
    throw new Error(`deploy/Caddyfile no longer has "${DEPLOYED_SITE}" and "${DEPLOYED_UPSTREAM}"`);
  }
  const config = [
    '{',
    '\tadmin off',
    // Certificates from Caddy's own CA; never touch the machine's trust store.
    '\tlocal_certs',
    '\tskip_install_trust',
    // No plain-HTTP redirect listener on port 80, and nothing on any interface but loopback.
    '\tauto_https disable_redirects',
    `\thttp_port ${httpPort}`,
    '\tdefault_bind 127.0.0.1',
    '}',
    '',
    deployed
      .replace(DEPLOYED_SITE, `localhost:${port} {`)
      .replace(DEPLOYED_UPSTREAM, `reverse_proxy 127.0.0.1:${options.upstreamPort}`),
  ].join('\n');
  const configFile = path.join(home, 'Caddyfile');
  writeFileSync(configFile, config);

  const child = spawn('caddy', ['run', '--config', configFile, '--adapter', 'caddyfile'], {
    cwd: home,
    // Caddy keeps its CA, certificates and autosaved config under these.
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 100) lines.splice(0, lines.length - 100);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });

  const rootCaFile = path.join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const origin = `https://localhost:${port}`;
  const caddy: Caddy = {
    port,
    origin,
    rootCa: '',
    request: (method, requestPath, requestOptions) =>
      send(port, caddy.rootCa, method, requestPath, requestOptions),
    output: () => lines.join('\n'),
    async stop() {
      await stopProcess(child, exited);
      rmSync(home, { recursive: true, force: true });
    },
  };

  try {
    // The CA is made at start; the site's certificate is issued just after, so ask until it answers.
    await waitFor(async () => {
      if (ended) throw new Error(`caddy exited during start-up:\n${caddy.output()}`);
      if (!existsSync(rootCaFile)) return false;
      caddy.rootCa = readFileSync(rootCaFile, 'utf8');
      const reply = await caddy.request('GET', '/api/health').catch(() => null);
      return reply?.status === 200;
    }, 30_000);
  } catch (error) {
    await caddy.stop();
    throw new Error(`${(error as Error).message}\ncaddy's output:\n${caddy.output()}`);
  }
  return caddy;
}

/** One HTTPS request to Caddy from CLIENT_ADDRESS, trusting only Caddy's root CA. */
function send(
  port: number,
  rootCa: string,
  method: string,
  requestPath: string,
  options: RequestOptions = {},
): Promise<HttpsReply> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        servername: 'localhost',
        localAddress: CLIENT_ADDRESS,
        ca: rootCa,
        method,
        path: requestPath,
        headers: { host: `localhost:${port}`, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: () => body.toString('utf8'),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${requestPath}: no answer in 30 s`)));
    req.end(options.body);
  });
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
