import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Google the app uses — the OAuth token endpoint, Gmail's
 * messages.list/get and Drive's files list/get/create/update (multipart uploads) — so the real
 * googleapis client, pointed here by its rootUrl option, is tested without network or an account.
 * Answers are shaped like Google's; access tokens expire when told to, the refresh token can be
 * revoked, and the next requests can be made to fail.
 */

export interface StandInGmailMessage {
  id: string;
  subject: string;
  from: string;
  date: Date;
  snippet: string;
}

export interface StandInDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
  createdTime: string;
  content: string;
  trashed: boolean;
}

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface GoogleStandIn {
  url: string;
  credentials: { clientId: string; clientSecret: string; refreshToken: string; driveFolderId: string };
  /** The GOOGLE_* settings that connect an app to this stand-in. */
  env: Record<string, string>;
  messages: StandInGmailMessage[];
  files: Map<string, StandInDriveFile>;
  requests: StandInRequest[];
  /** How many access tokens were handed out. */
  tokenGrants(): number;
  addMessage(message: Omit<StandInGmailMessage, 'id'> & { id?: string }): StandInGmailMessage;
  addFile(file: Partial<StandInDriveFile> & { name: string; content: string }): StandInDriveFile;
  /** Every access token handed out so far stops working (the client must refresh). */
  expireAccessTokens(): void;
  /** The refresh token is no longer accepted (the account owner revoked the app). */
  revokeRefreshToken(): void;
  /** The next `times` API calls (not token calls) whose path starts with `prefix` answer this status. */
  failNext(status: number, times?: number, prefix?: string): void;
  close(): Promise<void>;
}

const newId = () => randomBytes(9).toString('base64url');

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const credentials = {
    clientId: 'stand-in-client.apps.googleusercontent.com',
    clientSecret: 'stand-in-secret',
    refreshToken: `1//stand-in-${newId()}`,
    driveFolderId: `folder${newId()}`,
  };
  const messages: StandInGmailMessage[] = [];
  const files = new Map<string, StandInDriveFile>();
  const requests: StandInRequest[] = [];
  const accessTokens = new Set<string>();
  let grants = 0;
  let refreshTokenValid = true;
  const failures: { status: number; prefix: string }[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        send(res, 500, { error: { code: 500, message: String(error), status: 'INTERNAL' } });
      }
    });
  });

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method, path: url.pathname, query });

    if (method === 'POST' && url.pathname === '/token') return token(res, new URLSearchParams(body));

    const failure = failures.findIndex((f) => url.pathname.startsWith(f.prefix));
    if (failure >= 0) {
      const status = failures.splice(failure, 1)[0]?.status ?? 500;
      return googleError(res, status, status >= 500 ? 'Backend Error' : 'Request failed', 'FAILED');
    }
    const auth = req.headers.authorization ?? '';
    if (!accessTokens.has(auth.replace(/^Bearer /, ''))) {
      return googleError(res, 401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    }

    if (url.pathname.startsWith('/gmail/v1/users/me/messages')) return gmail(res, url);
    if (url.pathname.startsWith('/upload/drive/v3/files')) return upload(req, res, url, body);
    if (url.pathname.startsWith('/drive/v3/files')) return drive(res, url);
    return googleError(res, 404, `Not found: ${method} ${url.pathname}`, 'NOT_FOUND');
  }

  function token(res: ServerResponse, form: URLSearchParams) {
    if (
      form.get('client_id') !== credentials.clientId ||
      form.get('client_secret') !== credentials.clientSecret
    ) {
      return send(res, 401, {
        error: 'invalid_client',
        error_description: 'The OAuth client was not found.',
      });
    }
    if (
      form.get('grant_type') !== 'refresh_token' ||
      form.get('refresh_token') !== credentials.refreshToken ||
      !refreshTokenValid
    ) {
      return send(res, 400, {
        error: 'invalid_grant',
        error_description: 'Token has been expired or revoked.',
      });
    }
    const accessToken = `ya29.stand-in-${newId()}`;
    accessTokens.add(accessToken);
    grants += 1;
    send(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: '' });
  }

  function gmail(res: ServerResponse, url: URL) {
    const id = /^\/gmail\/v1\/users\/me\/messages\/([^/]+)$/.exec(url.pathname)?.[1];
    const newestFirst = [...messages].sort((a, b) => b.date.getTime() - a.date.getTime());
    if (!id) {
      const max = Number(url.searchParams.get('maxResults') ?? 100);
      const page = newestFirst.slice(0, max);
      return send(res, 200, {
        ...(page.length ? { messages: page.map((m) => ({ id: m.id, threadId: m.id })) } : {}),
        resultSizeEstimate: page.length,
      });
    }
    const message = messages.find((m) => m.id === decodeURIComponent(id));
    if (!message) return googleError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
    const wanted = url.searchParams.getAll('metadataHeaders').map((h) => h.toLowerCase());
    const headers = [
      { name: 'Subject', value: message.subject },
      { name: 'From', value: message.from },
      { name: 'Date', value: message.date.toUTCString() },
    ].filter((h) => wanted.length === 0 || wanted.includes(h.name.toLowerCase()));
    send(res, 200, {
      id: message.id,
      threadId: message.id,
      labelIds: ['INBOX'],
      snippet: escapeSnippet(message.snippet),
      internalDate: String(message.date.getTime()),
      payload: { mimeType: 'multipart/alternative', headers },
    });
  }

  function drive(res: ServerResponse, url: URL) {
    const id = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!id) {
      const matches = fileQuery(url.searchParams.get('q') ?? '');
      if (!matches) return googleError(res, 400, 'Invalid Value', 'INVALID_ARGUMENT');
      const list = [...files.values()].filter(matches);
      if (url.searchParams.get('orderBy') === 'createdTime desc') {
        list.sort((a, b) => b.createdTime.localeCompare(a.createdTime));
      }
      const size = Number(url.searchParams.get('pageSize') ?? 100);
      return send(res, 200, { files: list.slice(0, size).map(describeFile) });
    }
    const file = files.get(decodeURIComponent(id));
    if (!file) return googleError(res, 404, `File not found: ${id}.`, 'NOT_FOUND');
    if (url.searchParams.get('alt') === 'media') {
      res.writeHead(200, { 'content-type': file.mimeType });
      return res.end(file.content);
    }
    send(res, 200, describeFile(file));
  }

  function upload(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    if (url.searchParams.get('uploadType') !== 'multipart') {
      return googleError(res, 400, 'Only multipart uploads are supported here.', 'INVALID_ARGUMENT');
    }
    const parts = multipartParts(req.headers['content-type'] ?? '', body);
    if (!parts) return googleError(res, 400, 'Malformed multipart body.', 'INVALID_ARGUMENT');
    const [metadataText, content] = parts;
    const metadata = JSON.parse(metadataText) as Partial<StandInDriveFile>;
    const id = /^\/upload\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === 'POST' && !id) {
      const file = addFile({ ...metadata, name: metadata.name ?? 'Untitled', content });
      return send(res, 200, describeFile(file));
    }
    const file = id ? files.get(decodeURIComponent(id)) : undefined;
    if (!file || req.method !== 'PATCH') return googleError(res, 404, 'File not found.', 'NOT_FOUND');
    file.content = content;
    if (metadata.name) file.name = metadata.name;
    send(res, 200, describeFile(file));
  }

  /** Understands the clauses the app sends; anything else is refused, so a wrong query shows up. */
  function fileQuery(q: string): ((file: StandInDriveFile) => boolean) | null {
    const tests: ((file: StandInDriveFile) => boolean)[] = [];
    let rest = q;
    const take = (pattern: RegExp, test: (match: RegExpExecArray) => (file: StandInDriveFile) => boolean) => {
      const match = pattern.exec(rest);
      if (!match) return;
      tests.push(test(match));
      rest = rest.replace(match[0], '');
    };
    take(/'((?:[^'\\]|\\.)+)' in parents/, (m) => (f) => f.parents.includes(unquote(m[1] ?? '')));
    take(/mimeType = '([^']+)'/, (m) => (f) => f.mimeType === m[1]);
    take(/trashed = false/, () => (f) => !f.trashed);
    take(
      /appProperties has \{ key='((?:[^'\\]|\\.)+)' and value='((?:[^'\\]|\\.)+)' \}/,
      (m) => (f) => f.appProperties[unquote(m[1] ?? '')] === unquote(m[2] ?? ''),
    );
    if (rest.replace(/\band\b/g, '').trim() !== '') return null;
    return (file) => tests.every((test) => test(file));
  }

  function addFile(file: Partial<StandInDriveFile> & { name: string; content: string }): StandInDriveFile {
    const stored: StandInDriveFile = {
      id: file.id ?? newId(),
      name: file.name,
      mimeType: file.mimeType ?? 'application/json',
      parents: file.parents ?? [credentials.driveFolderId],
      appProperties: file.appProperties ?? {},
      // Strictly increasing, so "newest first" is well defined even within one millisecond.
      createdTime: file.createdTime ?? nextCreatedTime(),
      content: file.content,
      trashed: file.trashed ?? false,
    };
    files.set(stored.id, stored);
    return stored;
  }

  let lastCreated = 0;
  function nextCreatedTime(): string {
    lastCreated = Math.max(Date.now(), lastCreated + 1);
    return new Date(lastCreated).toISOString();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    credentials,
    env: {
      GOOGLE_CLIENT_ID: credentials.clientId,
      GOOGLE_CLIENT_SECRET: credentials.clientSecret,
      GOOGLE_REFRESH_TOKEN: credentials.refreshToken,
      GOOGLE_DRIVE_FOLDER_ID: credentials.driveFolderId,
      GOOGLE_API_ROOT_URL: `${url}/`,
      GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
    },
    messages,
    files,
    requests,
    tokenGrants: () => grants,
    addMessage(message) {
      const stored = { ...message, id: message.id ?? newId() };
      messages.push(stored);
      return stored;
    },
    addFile,
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshToken: () => {
      refreshTokenValid = false;
      accessTokens.clear();
    },
    failNext(status, times = 1, prefix = '/') {
      for (let i = 0; i < times; i++) failures.push({ status, prefix });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function describeFile(file: StandInDriveFile) {
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    parents: file.parents,
    createdTime: file.createdTime,
    trashed: file.trashed,
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function googleError(res: ServerResponse, code: number, message: string, status: string) {
  send(res, code, { error: { code, message, errors: [{ message, reason: status }], status } });
}

/** The parts of a multipart/related body, as googleapis writes them. */
function multipartParts(contentType: string, body: string): [string, string] | null {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return null;
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const start = part.indexOf('\r\n\r\n');
      return start < 0 ? '' : part.slice(start + 4).replace(/\r\n$/, '');
    });
  return parts.length === 2 ? [parts[0] ?? '', parts[1] ?? ''] : null;
}

const unquote = (value: string) => value.replace(/\\(.)/g, '$1');
const escapeSnippet = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
