import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { googleConfig } from '#server/adapters/google/google-config.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { type GoogleStandIn, startGoogleStandIn } from '#server/test-support/google-stand-in.ts';
import { as, createCast, type Person } from '#server/test-support/people.ts';

let connected: TestApp;
let notConnected: TestApp;
let standIn: GoogleStandIn;
let cast: { alice: Person; admin: Person };
let offlineAdmin: Person;

beforeAll(async () => {
  standIn = await startGoogleStandIn();
  connected = await createTestApp({ google: googleConfig(standIn.env) });
  notConnected = await createTestApp();
  cast = await createCast(connected);
  ({ admin: offlineAdmin } = await createCast(notConnected));
});
beforeEach(() => {
  standIn.messages.length = 0;
  standIn.files.clear();
});
afterAll(async () => {
  await connected.close();
  await notConnected.close();
  await standIn.close();
});

const get = (t: TestApp, url: string, person?: Person) =>
  t.app.inject({ method: 'GET', url, headers: as(person) });
const ROUTES = [
  '/api/google/status',
  '/api/gmail/inbox',
  '/api/drive/estimates',
  '/api/drive/estimates/abc123',
];

const savedEstimate = {
  estimate: {
    id: 'e1',
    reference: 'E1',
    status: 'quoted',
    estimatedAmount: '1250.00',
    createdAt: '2026-03-02T00:00:00Z',
  },
  customer: { firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.com', phone: '(813) 555-0142' },
  vehicle: { year: 2019, make: 'Toyota', model: 'Camry', licensePlate: 'ABC1234', vin: '4T1B11HKXKU000001' },
  savedAt: '2026-03-02T00:00:00Z',
};

describe('the Google panel routes', () => {
  it('are for the shop only: 401 anonymous, 403 customers', async () => {
    for (const url of ROUTES) {
      expect((await get(connected, url)).statusCode, url).toBe(401);
      const res = await get(connected, url, cast.alice);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('say plainly which settings are missing when Google is not connected', async () => {
    const status = await get(notConnected, '/api/google/status', offlineAdmin);
    expect(status.json()).toEqual({
      connected: false,
      missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN', 'GOOGLE_DRIVE_FOLDER_ID'],
    });
    for (const url of ROUTES.slice(1)) {
      const res = await get(notConnected, url, offlineAdmin);
      expect(res.statusCode, url).toBe(503);
      expect(res.json().message).toBe(
        "Google is not connected. Add GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN, GOOGLE_DRIVE_FOLDER_ID to the server's settings and restart it.",
      );
    }
  });

  it('list the inbox', async () => {
    expect((await get(connected, '/api/google/status', cast.admin)).json()).toEqual({
      connected: true,
      missing: [],
    });
    expect((await get(connected, '/api/gmail/inbox', cast.admin)).json()).toEqual([]);
    standIn.addMessage({
      subject: 'Supplement approved',
      from: 'adjuster@geico.example',
      date: new Date('2026-03-02T15:30:00Z'),
      snippet: 'The supplement for claim 123 is approved.',
    });
    const res = await get(connected, '/api/gmail/inbox', cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        subject: 'Supplement approved',
        from: 'adjuster@geico.example',
        date: '2026-03-02T15:30:00.000Z',
        snippet: 'The supplement for claim 123 is approved.',
      },
    ]);
  });

  it('list the saved estimates and show one, with only the fields the panel shows', async () => {
    const file = standIn.addFile({ name: 'Estimate E1.json', content: JSON.stringify(savedEstimate) });
    const list = await get(connected, '/api/drive/estimates', cast.admin);
    expect(list.json()).toEqual([{ id: file.id, name: 'Estimate E1.json', createdTime: file.createdTime }]);
    const detail = await get(connected, `/api/drive/estimates/${file.id}`, cast.admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      estimate: { id: 'e1', status: 'quoted', estimatedAmount: '1250.00' },
      customer: savedEstimate.customer,
      vehicle: savedEstimate.vehicle,
    });
  });

  it('answer a missing file 404, a bad id 400, and a Google failure 502, always as JSON', async () => {
    const missing = await get(connected, '/api/drive/estimates/nope123', cast.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Estimate not found in Drive.' });
    const elsewhere = standIn.addFile({ name: 'x.json', content: '{}', parents: ['someone-else'] });
    expect((await get(connected, `/api/drive/estimates/${elsewhere.id}`, cast.admin)).statusCode).toBe(404);
    const bad = await get(connected, '/api/drive/estimates/..%2Fsecrets', cast.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'That is not a Drive file id.' });

    standIn.failNext(500, 1, '/gmail/');
    const failed = await get(connected, '/api/gmail/inbox', cast.admin);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      message: 'Google could not complete reading the inbox (error 500). Try again in a minute.',
    });
  });
});
