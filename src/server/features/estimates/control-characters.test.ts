import { describe, expect, it } from 'vitest';
import { multiLineTextMessage, oneLineTextMessage } from '#domain/plain-text.ts';
import { spanishProblem } from '#domain/problem-messages.ts';
import { createEstimate, createUploadedPhoto, createVehicle } from '#server/db/factories.ts';
import { estimates, messages } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * Security probe finding 4: control characters print as garbage in the PDFs and break the lines of
 * texts and plain e-mails. The API refuses them, customer and shop alike, with a message naming the
 * field; descriptions, notes and messages keep their line breaks.
 */

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
const lucia = setUpPerson(t, { email: 'lucia@example.com', firstName: 'Lucía', language: 'es' });
const db = () => t.database.db;

async function batchCreate(
  person: Person,
  fields: Record<string, unknown>,
  vehicle: Record<string, unknown> = {},
) {
  const photo = await createUploadedPhoto(db(), { uploaderId: person.user.id });
  return t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(person),
    payload: {
      vehicleInfo: { year: 2020, make: 'Kia', model: 'Soul', licensePlate: 'CTL100', ...vehicle },
      photos: [`/api/photos/${photo.id}`],
      vinNumber: 'KNDJN2A24L7000001',
      odometerReading: '31000',
      ...(person.user.isAdmin ? { customerId: alice.user.id } : {}),
      ...fields,
    },
  });
}

const say = (person: Person, estimateId: string, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/estimates/${estimateId}/messages`,
    headers: as(person),
    payload: { content },
  });

describe('security: control characters in vehicles, VINs, descriptions and messages', () => {
  it('refuses them in an estimate request, from a customer or the shop, storing nothing', async () => {
    const before = (await db().select().from(estimates)).length;
    for (const person of [alice, admin]) {
      for (const [fields, vehicle, message] of [
        [{}, { make: 'K\ria' }, oneLineTextMessage('Make')],
        [{}, { model: 'So\tul' }, oneLineTextMessage('Model')],
        [{}, { licensePlate: 'CTL\n100' }, oneLineTextMessage('License plate')],
        [{ vinNumber: 'KNDJN2A20\u001bL7000' }, {}, oneLineTextMessage('VIN')],
        [{ workDescription: 'Dent on the door\r\nScratch' }, {}, multiLineTextMessage('Description')],
        [{ insuranceCompany: 'Acme\u0000Mutual' }, {}, null],
      ] as const) {
        const res = await batchCreate(person, fields, vehicle);
        expect(res.statusCode, JSON.stringify([fields, vehicle])).toBe(400);
        if (message) expect(res.json()).toEqual({ message });
      }
    }
    expect(await db().select().from(estimates)).toHaveLength(before);
  });

  it('keeps line breaks in the description', async () => {
    const res = await batchCreate(alice, { workDescription: 'Dent on the door\nScratch on the bumper' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().estimate.damageDescription).toBe('Dent on the door\nScratch on the bumper');
  });

  it('tells a Spanish-speaking customer in Spanish', async () => {
    const res = await batchCreate(lucia, {}, { make: 'K\ria' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: spanishProblem(oneLineTextMessage('Make')) });
    expect(res.json().message).toMatch(/^Marca: use una sola línea/);
  });

  it('refuses them in a plate change, from the owner or the shop', async () => {
    const vehicle = await createVehicle(db(), alice.user.id, { licensePlate: 'CTL 200' });
    for (const person of [alice, admin]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/vehicles/${vehicle.id}`,
        headers: as(person),
        payload: { licensePlate: 'CTL\t200' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: oneLineTextMessage('License plate') });
    }
  });

  it('refuses them in messages and the shop’s status notes, and keeps line breaks', async () => {
    const estimate = await createEstimate(db(), { userId: alice.user.id });
    for (const person of [alice, admin]) {
      for (const bad of ['See you\r\nFriday', 'Tab\there', 'Bell\u0007']) {
        const res = await say(person, estimate.id, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: multiLineTextMessage('Message') });
      }
      expect((await say(person, estimate.id, 'See you\nFriday')).statusCode).toBe(201);
    }
    expect((await db().select().from(messages)).map((row) => row.content)).toEqual([
      'See you\nFriday',
      'See you\nFriday',
    ]);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimate.id}/status`,
      headers: as(admin),
      payload: { status: 'quoted', note: 'Call\tback' },
    });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual({ message: multiLineTextMessage('Notes') });
  });
});
