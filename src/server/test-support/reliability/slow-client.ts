import http from 'node:http';
import net from 'node:net';

/**
 * Requests the shutdown tests need and fetch cannot make: a body sent a piece at a time with a pause
 * in the middle, on a keep-alive connection, and a bare connection attempt.
 */

export interface SlowRequest {
  /** Resolves once the first part of the body was sent and the sender waits for `resume`. */
  paused: Promise<void>;
  resume(): void;
  done: Promise<{ status: number; body: string; connection: string | undefined }>;
}

export function sendSlowly(
  url: string,
  options: { method: string; headers: Record<string, string>; body: Buffer; agent: http.Agent },
): SlowRequest {
  let reachedPause = () => {};
  const paused = new Promise<void>((resolve) => {
    reachedPause = resolve;
  });
  let resume = () => {};
  const resumed = new Promise<void>((resolve) => {
    resume = resolve;
  });
  const done = new Promise<{ status: number; body: string; connection: string | undefined }>(
    (resolve, reject) => {
      const request = http.request(url, {
        method: options.method,
        agent: options.agent,
        headers: { ...options.headers, 'content-length': String(options.body.length) },
      });
      request.once('error', reject);
      request.once('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            connection: response.headers.connection,
          }),
        );
      });
      void (async () => {
        const piece = 64 * 1024;
        const pieces = Math.ceil(options.body.length / piece);
        for (let i = 0; i < pieces; i++) {
          if (i === Math.floor(pieces / 4)) {
            reachedPause();
            await resumed;
          }
          request.write(options.body.subarray(i * piece, (i + 1) * piece));
          await new Promise((r) => setTimeout(r, 20));
        }
        request.end();
      })();
    },
  );
  return { paused, resume, done };
}

/** Whether a new TCP connection to the port is refused (nothing listens there any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A GET on the given agent (keep-alive), answered in full. */
export function getOn(agent: http.Agent, url: string, cookie = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: cookie ? { cookie } : {} }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
  });
}
