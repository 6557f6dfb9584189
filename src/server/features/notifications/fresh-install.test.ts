import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { googleConfig } from '#server/adapters/google/google-config.ts';
import { mailConfig } from '#server/adapters/mail/mail-config.ts';
import { createUploadedPhoto } from '#server/db/factories.ts';
import { type GoogleStandIn, startGoogleStandIn } from '#server/test-support/google-stand-in.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * The acceptance run, with the worker on as in production: no SMTP_URL, so mail lands as .eml
 * files in DATA_DIR/outbox; Google points at the stand-in, so the quote lands in Drive.
 */
let standIn: GoogleStandIn;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-fresh-'));
const outboxDir = path.join(dataDir, 'outbox');
const APP_URL = 'http://localhost:5000';
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  standIn = await startGoogleStandIn();
});
afterAll(() => standIn.close());
const t = setUpTestShop(() => ({
  workers: true,
  dataDir,
  appUrl: APP_URL,
  mail: mailConfig({}, DEFAULT_SHOP, dataDir),
  google: googleConfig(standIn.env),
}));
const { alice, admin } = setUpCast(t);

const emlFiles = () => {
  try {
    return readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};
const readEml = (name: string) => readFileSync(path.join(outboxDir, name), 'utf8');
/** Quoted-printable soft line breaks joined again, so long lines can be searched. */
const unfold = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('fresh install: a customer submits, the shop quotes', () => {
  it('writes the confirmation, the shop alert and the quote as .eml files, and saves the quote to Drive', async () => {
    const photo = await createUploadedPhoto(t.database.db, { uploaderId: alice.user.id });
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/estimates/batch-create',
      headers: as(alice),
      payload: {
        vehicleInfo: { year: '2021', make: 'Honda', model: 'Civic', licensePlate: 'FRS1993' },
        photos: [`/api/photos/${photo.id}`],
        vinNumber: '2HGFC2F57MH000001',
        odometerReading: '18000',
        email: 'alice@example.com',
        phone: '(813) 555-0100',
        insuranceCompany: 'GEICO',
        workDescription: 'Front bumper and headlight.',
        estimateType: 'insurance',
      },
    });
    expect(submitted.statusCode).toBe(201);
    const id = submitted.json().estimate.id as string;

    const quoted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${id}/quote`,
      headers: as(admin),
      payload: { estimatedAmount: '2450.50', customerDeductible: '500', insuranceCoverage: '1950.50' },
    });
    expect(quoted.statusCode).toBe(200);

    await expect.poll(() => emlFiles().length, { timeout: 10_000 }).toBe(3);
    await expect
      .poll(async () => (await queuedEmails(t.database.db, id)).map((row) => row.status), { timeout: 5_000 })
      .toEqual(['sent', 'sent', 'sent']);

    const mails = emlFiles().map((name) => unfold(readEml(name)));
    const received = mails.find((eml) => eml.includes('Subject: We received your estimate request'));
    const alert = mails.find((eml) => eml.includes('Subject: New estimate request'));
    const quote = mails.find((eml) => eml.includes('Subject: Your estimate is ready'));
    expect(received).toContain('To: alice@example.com');
    expect(received).toContain(`${APP_URL}/estimate/${id}`);
    expect(alert).toContain(`To: ${DEFAULT_SHOP.email}`);
    expect(alert).toContain(`${APP_URL}/admin/estimate/${id}`);
    expect(quote).toContain('Subject: Your estimate is ready: $2,450.50');
    expect(quote).toContain('Estimate total: $2,450.50');
    expect(quote).toContain('Your deductible: $500.00');
    expect(quote).toContain('Insurance coverage (GEICO): $1,950.50');
    expect(quote).toContain(`href="${APP_URL}/estimate/${id}"`);

    // The Drive copy (the JSON document and the estimate PDF beside it), saved by the same worker, is
    // what the admin's Google tab lists and shows.
    await expect.poll(() => standIn.files.size, { timeout: 5_000 }).toBe(2);
    const list = await t.app.inject({ method: 'GET', url: '/api/drive/estimates', headers: as(admin) });
    const [file] = list.json() as { id: string; name: string }[];
    expect(file?.name).toBe(`Estimate ${id.slice(0, 8).toUpperCase()} - 2021 Honda Civic - Alice Adams.json`);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/drive/estimates/${file?.id}`,
      headers: as(admin),
    });
    expect(detail.json()).toEqual({
      estimate: { id, status: 'quoted', estimatedAmount: '2450.50' },
      customer: {
        firstName: 'Alice',
        lastName: 'Adams',
        email: 'alice@example.com',
        phone: '(813) 555-0100',
      },
      vehicle: {
        year: 2021,
        make: 'Honda',
        model: 'Civic',
        licensePlate: 'FRS1993',
        vin: '2HGFC2F57MH000001',
      },
    });
  });
});
