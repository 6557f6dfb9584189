/**
 * A small HTTP client for the reliability tests: one signed-in person (its own session cookie),
 * every answer counted by kind in a shared TrafficLog, so a test can require "no 5xx at all".
 */

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** What a request is for ('register', 'upload-photo', …): the summary counts requests by kind. */
export type RequestKind = string;

export class TrafficLog {
  readonly byKind = new Map<RequestKind, number>();
  readonly byStatus = new Map<number, number>();
  /** Every 5xx answer, with its kind and body. */
  readonly serverErrors: string[] = [];
  /** Answers a journey did not expect (a 4xx where a 2xx was due…). */
  readonly unexpected: string[] = [];
  /** Requests that got no answer at all (the server was killed, or refused the connection). */
  networkErrors = 0;

  record(kind: RequestKind, status: number, body: unknown): void {
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    if (status >= 500) this.serverErrors.push(`${kind}: ${status} ${JSON.stringify(body).slice(0, 300)}`);
  }

  total(): number {
    let sum = 0;
    for (const n of this.byKind.values()) sum += n;
    return sum;
  }

  summary(title: string): string {
    const kinds = [...this.byKind.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, n]) => `  ${kind.padEnd(22)} ${n}`);
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    return [
      `${title}: ${this.total()} requests, ${this.serverErrors.length} answered 5xx, ` +
        `${this.unexpected.length} unexpected, ${this.networkErrors} without an answer`,
      ...kinds,
      `  statuses: ${statuses}`,
    ].join('\n');
  }
}

/** An answer a journey cannot go on from; the journey ends, the log keeps why. */
export class UnexpectedReply extends Error {}

/** The request never got an answer: the server is gone. */
export class NoAnswer extends Error {}

export class ApiClient {
  cookie = '';

  constructor(
    readonly baseUrl: string,
    private readonly log: TrafficLog,
  ) {}

  /** Another client on the same session (e.g. the same person through a second server). */
  withBaseUrl(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl, this.log);
    other.cookie = this.cookie;
    return other;
  }

  async send(
    kind: RequestKind,
    method: string,
    path: string,
    options: { json?: unknown; body?: Buffer; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
      body = new Uint8Array(options.body);
    }
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
      });
    } catch (error) {
      this.log.networkErrors += 1;
      throw new NoAnswer(`${kind}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => {
      this.log.networkErrors += 1;
      throw new NoAnswer(`${kind}: the answer was cut off`);
    });
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
      parsed = JSON.parse(text);
    }
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    this.log.record(kind, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** Like send, but any status outside `expected` ends the journey as unexpected. */
  async expect<T = unknown>(
    expected: number[],
    kind: RequestKind,
    method: string,
    path: string,
    options: Parameters<ApiClient['send']>[3] = {},
  ): Promise<{ status: number; headers: Headers; body: T }> {
    const reply = await this.send(kind, method, path, options);
    if (!expected.includes(reply.status)) {
      const detail = `${kind}: ${method} ${path} answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
      if (reply.status < 500) this.log.unexpected.push(detail);
      throw new UnexpectedReply(detail);
    }
    return reply as { status: number; headers: Headers; body: T };
  }
}
