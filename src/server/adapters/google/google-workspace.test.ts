import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DriveEstimateDocument } from '#domain/google.ts';
import { type GoogleStandIn, startGoogleStandIn } from '#server/test-support/google-stand-in.ts';
import { googleConfig } from './google-config.ts';
import { GoogleApiError } from './google-errors.ts';
import { type ConnectedGoogleConfig, GoogleWorkspace } from './google-workspace.ts';

let standIn: GoogleStandIn;
let config: ConnectedGoogleConfig;

beforeAll(async () => {
  standIn = await startGoogleStandIn();
  const parsed = googleConfig(standIn.env);
  if (parsed.kind !== 'google') throw new Error('stand-in settings incomplete');
  config = parsed;
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.messages.length = 0;
  standIn.files.clear();
});

const document = (id: string, amount = '1250.00'): DriveEstimateDocument => ({
  estimate: {
    id,
    reference: id.slice(0, 8).toUpperCase(),
    status: 'quoted',
    estimatedAmount: amount,
    customerDeductible: '500.00',
    insuranceCoverage: '750.00',
    insuranceCompany: 'GEICO',
    damageDescription: 'Rear bumper',
    createdAt: '2026-03-02T14:00:00.000Z',
  },
  customer: { firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.com', phone: '(813) 555-0142' },
  vehicle: { year: 2019, make: 'Toyota', model: 'Camry', licensePlate: 'ABC1234', vin: null },
  savedAt: '2026-03-02T15:00:00.000Z',
});

async function failure(promise: Promise<unknown>): Promise<GoogleApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleApiError);
  return error as GoogleApiError;
}

describe('Gmail inbox', () => {
  it('lists the newest messages with subject, sender, date and a readable snippet', async () => {
    standIn.addMessage({
      subject: 'Older',
      from: 'a@example.com',
      date: new Date('2026-03-01T10:00:00Z'),
      snippet: 'first',
    });
    standIn.addMessage({
      subject: 'Claim #123',
      from: 'Claims <claims@geico.example>',
      date: new Date('2026-03-02T15:30:00Z'),
      snippet: "Don't forget <the photos> & the VIN",
    });
    const inbox = await new GoogleWorkspace(config).listInbox();
    expect(inbox).toEqual([
      {
        id: expect.any(String),
        subject: 'Claim #123',
        from: 'Claims <claims@geico.example>',
        date: '2026-03-02T15:30:00.000Z',
        snippet: "Don't forget <the photos> & the VIN",
      },
      expect.objectContaining({ subject: 'Older', date: '2026-03-01T10:00:00.000Z' }),
    ]);
  });

  it('answers an empty list for an empty inbox', async () => {
    expect(await new GoogleWorkspace(config).listInbox()).toEqual([]);
  });

  it('gets an access token with the refresh token, reuses it, and gets a new one once it stops working', async () => {
    const google = new GoogleWorkspace(config);
    const before = standIn.tokenGrants();
    await google.listInbox();
    await google.listInbox();
    expect(standIn.tokenGrants()).toBe(before + 1);
    standIn.expireAccessTokens();
    await google.listInbox();
    expect(standIn.tokenGrants()).toBe(before + 2);
  });

  it('turns an API failure into a clear 502', async () => {
    standIn.failNext(500, 1, '/gmail/');
    const error = await failure(new GoogleWorkspace(config).listInbox());
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      'Google could not complete reading the inbox (error 500). Try again in a minute.',
    );
  });

  it('says which setting to fix when Google refuses the refresh token', async () => {
    const google = new GoogleWorkspace({ ...config, refreshToken: '1//revoked' });
    const error = await failure(google.listInbox());
    expect(error.status).toBe(502);
    expect(error.message).toContain('GOOGLE_REFRESH_TOKEN');
  });

  it('answers 503 when Google cannot be reached', async () => {
    const google = new GoogleWorkspace({
      ...config,
      apiRootUrl: 'http://127.0.0.1:9/',
      tokenUrl: 'http://127.0.0.1:9/token',
    });
    const error = await failure(google.listInbox());
    expect(error.status).toBe(503);
    expect(error.message).toBe('Google could not be reached for reading the inbox. Try again in a minute.');
  });
});

describe('Drive estimates', () => {
  const estimateId = '6f1c2d3e-4a5b-4c6d-8e7f-001122334455';

  it('saves an estimate as a JSON document in the folder, and replaces it when saved again', async () => {
    const google = new GoogleWorkspace(config);
    const first = await google.saveDriveEstimate('Estimate 6F1C2D3E.json', document(estimateId));
    const again = await google.saveDriveEstimate(
      'Estimate 6F1C2D3E (v2).json',
      document(estimateId, '1400.00'),
    );
    expect(again.fileId).toBe(first.fileId);
    expect(standIn.files.size).toBe(1);
    const file = standIn.files.get(first.fileId);
    expect(file).toMatchObject({
      name: 'Estimate 6F1C2D3E (v2).json',
      mimeType: 'application/json',
      parents: [config.driveFolderId],
      appProperties: { estimateId },
    });
    expect(JSON.parse(file?.content ?? '')).toEqual(document(estimateId, '1400.00'));
  });

  it('saves the estimate PDF beside its JSON document, one per estimate, out of the estimate list', async () => {
    const google = new GoogleWorkspace(config);
    const json = await google.saveDriveEstimate('Estimate 6F1C2D3E.json', document(estimateId));
    const pdf = Buffer.from('%PDF-1.3\nestimate bytes\n%%EOF\n');
    const first = await google.saveDriveEstimatePdf(estimateId, 'Estimate 6F1C2D3E.pdf', pdf);
    const again = await google.saveDriveEstimatePdf(estimateId, 'Estimate 6F1C2D3E (v2).pdf', pdf);
    expect(again.fileId).toBe(first.fileId);
    expect(first.fileId).not.toBe(json.fileId);
    expect(standIn.files.size).toBe(2);
    expect(standIn.files.get(first.fileId)).toMatchObject({
      name: 'Estimate 6F1C2D3E (v2).pdf',
      mimeType: 'application/pdf',
      parents: [config.driveFolderId],
      appProperties: { estimateId },
      content: pdf.toString(),
    });
    expect((await google.listDriveEstimates()).map((file) => file.id)).toEqual([json.fileId]);
    // Saving the JSON again still replaces the JSON, not the PDF.
    expect((await google.saveDriveEstimate('Estimate 6F1C2D3E.json', document(estimateId))).fileId).toBe(
      json.fileId,
    );
  });

  it('lists the JSON files of the folder only, newest first', async () => {
    const google = new GoogleWorkspace(config);
    const older = standIn.addFile({
      name: 'older.json',
      content: '{}',
      createdTime: '2026-03-01T10:00:00.000Z',
    });
    const newer = standIn.addFile({
      name: 'newer.json',
      content: '{}',
      createdTime: '2026-03-02T10:00:00.000Z',
    });
    standIn.addFile({ name: 'elsewhere.json', content: '{}', parents: ['other-folder'] });
    standIn.addFile({ name: 'notes.txt', content: 'x', mimeType: 'text/plain' });
    standIn.addFile({ name: 'trashed.json', content: '{}', trashed: true });
    expect(await google.listDriveEstimates()).toEqual([
      { id: newer.id, name: 'newer.json', createdTime: '2026-03-02T10:00:00.000Z' },
      { id: older.id, name: 'older.json', createdTime: '2026-03-01T10:00:00.000Z' },
    ]);
  });

  it('reads a saved estimate back as the detail the panel shows', async () => {
    const google = new GoogleWorkspace(config);
    const { fileId } = await google.saveDriveEstimate('e.json', document(estimateId));
    expect(await google.getDriveEstimate(fileId)).toEqual({
      estimate: { id: estimateId, status: 'quoted', estimatedAmount: '1250.00' },
      customer: {
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'maria@example.com',
        phone: '(813) 555-0142',
      },
      vehicle: { year: 2019, make: 'Toyota', model: 'Camry', licensePlate: 'ABC1234', vin: null },
    });
  });

  it('reads no file outside the folder, and says so when a file is not a saved estimate', async () => {
    const google = new GoogleWorkspace(config);
    const elsewhere = standIn.addFile({ name: 'x.json', content: '{}', parents: ['other-folder'] });
    expect((await failure(google.getDriveEstimate(elsewhere.id))).status).toBe(404);
    expect((await failure(google.getDriveEstimate('missingFile123'))).status).toBe(404);
    const junk = standIn.addFile({ name: 'junk.json', content: '{"hello": "world"}' });
    const error = await failure(google.getDriveEstimate(junk.id));
    expect(error.status).toBe(502);
    expect(error.message).toBe('That Drive file is not a saved estimate this app can read.');
  });

  it('fails a save during a Drive outage, so the queue retries it', async () => {
    standIn.failNext(503, 1, '/drive/');
    const error = await failure(
      new GoogleWorkspace(config).saveDriveEstimate('e.json', document(estimateId)),
    );
    expect(error.status).toBe(502);
    expect(standIn.files.size).toBe(0);
  });
});
