import type { drive_v3, gmail_v1 } from 'googleapis';
import {
  type DriveEstimateDetail,
  type DriveEstimateDocument,
  type DriveEstimateFile,
  driveEstimateDetailSchema,
  type GmailMessage,
} from '#domain/google.ts';
import type { GoogleConfig } from './google-config.ts';
import { GoogleApiError, toGoogleApiError } from './google-errors.ts';

export type ConnectedGoogleConfig = Extract<GoogleConfig, { kind: 'google' }>;

/** The inbox shows this many of the newest messages. */
export const INBOX_LIMIT = 20;
/** The Drive list shows this many of the newest saved estimates. */
export const DRIVE_LIST_LIMIT = 100;
const JSON_MIME = 'application/json';
const PDF_MIME = 'application/pdf';
/** Interactive calls fail fast (the panel polls again); the outbox retries Drive saves itself. */
const CALL_OPTIONS = { timeout: 20_000, retry: false } as const;

/**
 * The shop's Gmail and Drive through the official googleapis client, signed in with the shop's
 * refresh token (the library gets and renews access tokens by itself). The REST root and token URL
 * can point at a local stand-in for tests.
 */
export class GoogleWorkspace {
  private readonly callOptions: { timeout: number; retry: false; rootUrl?: string };
  private clients: Promise<{ gmail: gmail_v1.Gmail; drive: drive_v3.Drive }> | null = null;

  constructor(private readonly config: ConnectedGoogleConfig) {
    const rootUrl = config.apiRootUrl ? withSlash(config.apiRootUrl) : undefined;
    // The root goes on every call too: uploads build their URL from the call's options only.
    this.callOptions = { ...CALL_OPTIONS, ...(rootUrl ? { rootUrl } : {}) };
  }

  /** googleapis takes a second to load: only a server that uses Google pays for it, on first use. */
  private api(): Promise<{ gmail: gmail_v1.Gmail; drive: drive_v3.Drive }> {
    this.clients ??= this.connect().catch((error: unknown) => {
      this.clients = null;
      throw error;
    });
    return this.clients;
  }

  private async connect() {
    const { google } = await import('googleapis');
    const { config } = this;
    const auth = new google.auth.OAuth2({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      // An access token Google stopped accepting early (revoked, password changed) is renewed once.
      forceRefreshOnFailure: true,
      ...(config.tokenUrl ? { endpoints: { oauth2TokenUrl: config.tokenUrl } } : {}),
    });
    auth.setCredentials({ refresh_token: config.refreshToken });
    const root = this.callOptions.rootUrl ? { rootUrl: this.callOptions.rootUrl } : {};
    return {
      gmail: google.gmail({ version: 'v1', auth, ...root }),
      drive: google.drive({ version: 'v3', auth, ...root }),
    };
  }

  /** The newest messages in the inbox: subject, sender, date and Gmail's snippet. */
  async listInbox(limit = INBOX_LIMIT): Promise<GmailMessage[]> {
    return this.call('reading the inbox', async () => {
      const { gmail } = await this.api();
      const list = await gmail.users.messages.list(
        { userId: 'me', maxResults: limit, labelIds: ['INBOX'] },
        this.callOptions,
      );
      const ids = (list.data.messages ?? []).flatMap((m) => (m.id ? [m.id] : []));
      return Promise.all(ids.map((id) => this.inboxMessage(gmail, id)));
    });
  }

  private async inboxMessage(gmail: gmail_v1.Gmail, id: string): Promise<GmailMessage> {
    const { data } = await gmail.users.messages.get(
      { userId: 'me', id, format: 'metadata', metadataHeaders: ['Subject', 'From', 'Date'] },
      this.callOptions,
    );
    const header = (name: string) =>
      data.payload?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value ?? '';
    return {
      id: data.id ?? id,
      subject: header('Subject') || '(no subject)',
      from: header('From'),
      date: messageDate(data.internalDate, header('Date')),
      snippet: decodeEntities(data.snippet ?? ''),
    };
  }

  /** The estimates saved in the shop's folder, newest first. */
  async listDriveEstimates(): Promise<DriveEstimateFile[]> {
    return this.call('listing the Drive estimates', async () => {
      const { drive } = await this.api();
      const { data } = await drive.files.list(
        {
          q: `'${quote(this.config.driveFolderId)}' in parents and mimeType = '${JSON_MIME}' and trashed = false`,
          orderBy: 'createdTime desc',
          pageSize: DRIVE_LIST_LIMIT,
          fields: 'files(id, name, createdTime)',
        },
        this.callOptions,
      );
      return (data.files ?? []).flatMap((file) =>
        file.id ? [{ id: file.id, name: file.name ?? file.id, createdTime: file.createdTime ?? null }] : [],
      );
    });
  }

  /** One saved estimate, only if it lives in the shop's folder: no other Drive file is readable here. */
  async getDriveEstimate(fileId: string): Promise<DriveEstimateDetail> {
    return this.call('reading the Drive estimate', async () => {
      const { drive } = await this.api();
      const { data: file } = await drive.files.get(
        { fileId, fields: 'id, parents, trashed' },
        this.callOptions,
      );
      if (file.trashed || !file.parents?.includes(this.config.driveFolderId)) {
        throw new GoogleApiError(404, 'Not found in Google Drive.');
      }
      const { data } = await drive.files.get(
        { fileId, alt: 'media' },
        { ...this.callOptions, responseType: 'text' },
      );
      const parsed = driveEstimateDetailSchema.safeParse(parseJson(String(data)));
      if (!parsed.success) {
        throw new GoogleApiError(502, 'That Drive file is not a saved estimate this app can read.');
      }
      return parsed.data;
    });
  }

  /**
   * Saves an estimate as a JSON document in the folder; an estimate saved before (quoted again, or a
   * save retried after a crash) has its document replaced, so the folder holds one per estimate.
   */
  async saveDriveEstimate(name: string, document: DriveEstimateDocument): Promise<{ fileId: string }> {
    return this.call('saving the estimate to Drive', () =>
      this.saveEstimateFile(document.estimate.id, name, JSON_MIME, `${JSON.stringify(document, null, 2)}\n`),
    );
  }

  /** The written estimate as a PDF beside its JSON document: one per estimate, replaced when quoted again. */
  async saveDriveEstimatePdf(estimateId: string, name: string, pdf: Buffer): Promise<{ fileId: string }> {
    return this.call('saving the estimate PDF to Drive', async () => {
      const { Readable } = await import('node:stream');
      return this.saveEstimateFile(estimateId, name, PDF_MIME, Readable.from(pdf));
    });
  }

  /** Creates the estimate's file of this type in the folder, or replaces the one saved before. */
  private async saveEstimateFile(
    estimateId: string,
    name: string,
    mimeType: string,
    body: string | NodeJS.ReadableStream,
  ): Promise<{ fileId: string }> {
    const { drive } = await this.api();
    const { data: found } = await drive.files.list(
      {
        q: `'${quote(this.config.driveFolderId)}' in parents and mimeType = '${mimeType}' and appProperties has { key='estimateId' and value='${quote(estimateId)}' } and trashed = false`,
        fields: 'files(id)',
        pageSize: 1,
      },
      this.callOptions,
    );
    const media = { mimeType, body };
    const existing = found.files?.[0]?.id;
    if (existing) {
      await drive.files.update(
        { fileId: existing, requestBody: { name }, media, fields: 'id' },
        this.callOptions,
      );
      return { fileId: existing };
    }
    const { data } = await drive.files.create(
      {
        requestBody: { name, mimeType, parents: [this.config.driveFolderId], appProperties: { estimateId } },
        media,
        fields: 'id',
      },
      this.callOptions,
    );
    if (!data.id) throw new GoogleApiError(502, 'Google Drive did not return the saved file.');
    return { fileId: data.id };
  }

  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toGoogleApiError(error, what);
    }
  }
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Drive query strings are single-quoted; a quote or backslash inside is escaped. */
const quote = (value: string) => value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Gmail's receive time (ms since epoch) when present, else the Date header. */
function messageDate(internalDate: string | null | undefined, header: string): string | null {
  const fromInternal = internalDate ? new Date(Number(internalDate)) : null;
  if (fromInternal && !Number.isNaN(fromInternal.getTime())) return fromInternal.toISOString();
  const fromHeader = header ? new Date(header) : null;
  return fromHeader && !Number.isNaN(fromHeader.getTime()) ? fromHeader.toISOString() : null;
}

/** Gmail snippets come HTML-escaped ("Don&#39;t"); the panel shows them as text. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
