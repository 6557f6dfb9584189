import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** An e-mail the app wrote to its outbox (no SMTP_URL in the browser tests), decoded. */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'outbox');
}

/** Every message sent to `address`, oldest first. */
export function mailsTo(address: string): SentMail[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((name) => parseEml(readFileSync(path.join(outboxDir(), name), 'latin1')))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/**
 * The small part of MIME nodemailer's messages use: headers, nested multiparts (mixed with an
 * attachment around alternative text and HTML), quoted-printable or base64 bodies.
 */
function parseEml(raw: string): SentMail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const parts: Record<string, string> = {};
  collectTextParts(raw, parts);
  return {
    to: headers.to ?? '',
    subject: decodeWords(headers.subject ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

/** Adds the first text/plain and text/html bodies found in `entity` (headers, blank line, body). */
function collectTextParts(entity: string, parts: Record<string, string>): void {
  const [head = '', ...rest] = entity.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const body = rest.join('\r\n\r\n');
  const type = (headers['content-type'] ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`)) {
      // The preamble and the closing "--" are not parts: a part starts with its own headers.
      if (/content-type:/i.test(chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/)[0] ?? '')) {
        collectTextParts(chunk, parts);
      }
    }
  } else if (type.startsWith('text/')) {
    parts[type] ??= decodeBody(body, headers);
  }
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, headers: Record<string, string>): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body)
        : Buffer.from(body, 'latin1');
  return bytes.toString('utf8').trim();
}

function quotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 words ("=?UTF-8?Q?Su_presupuesto?="), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : quotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}
