import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_IN_ANGLES, missingAngles } from '#domain/check-in.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { photoUrl } from '#domain/photos.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { checkInBody } from '#server/test-support/signature.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);
const db = () => t.database.db;

const approved = () =>
  createEstimate(db(), { userId: alice.user.id, status: 'approved', estimatedAmount: '900.00' });
/** Photos this person uploaded through the app, not yet attached to anything. */
async function uploaded(person: Person, count: number = DEFAULT_CHECK_IN_ANGLES.length): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++)
    urls.push(photoUrl((await createUploadedPhoto(db(), { uploaderId: person.user.id })).id));
  return urls;
}
const checkIn = (id: string, payload: object, person: Person = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/estimates/${id}/check-in`, headers: as(person), payload });
const read = (id: string, person: Person) =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}/check-in`, headers: as(person) });

describe('POST /api/admin/estimates/{id}/check-in', () => {
  it('records odometer, fuel, keys, notes and a photo of every angle; the customer sees it and its timeline entry', async () => {
    const estimate = await approved();
    const urls = await uploaded(admin);
    const res = await checkIn(estimate.id, checkInBody(urls, { keys: '2 keys, 1 fob' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ odometer: 48210, fuel: '1/2', keys: '2 keys, 1 fob' });
    expect(created.photos.map((photo: { angle: string }) => photo.angle)).toEqual([
      ...DEFAULT_CHECK_IN_ANGLES,
    ]);

    const seen = await read(estimate.id, alice);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().checkIn.photos.map((photo: { url: string }) => photo.url)).toEqual(urls);
    // The check-in is on the customer's timeline with its photos (the status link shows the same entry).
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/estimates/${estimate.id}`, headers: as(alice) })
    ).json() as EstimateDetail;
    const entry = detail.timeline.find((item) => item.kind === 'check_in');
    expect(entry).toMatchObject({
      name: 'checked_in',
      photos: urls,
      note: 'Scratch on the rear bumper, left side.',
    });
    expect((await read(estimate.id, bob)).statusCode).toBe(404);

    // The status link shows the same entry, its photos served through the link's token.
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/estimates/${estimate.id}/status-link`,
      headers: as(alice),
    });
    const token = String(link.json().url).split('/status/')[1];
    const page = await t.app.inject({ method: 'GET', url: `/api/status/${token}` });
    const shown = page.json().timeline.find((item: { kind: string }) => item.kind === 'check_in');
    expect(shown.photos).toHaveLength(DEFAULT_CHECK_IN_ANGLES.length);
    expect(shown.photos[0].url).toContain(`/api/status/${token}/photos/`);
  });

  it('is 400 naming every required angle without a photo', async () => {
    const estimate = await approved();
    const urls = await uploaded(admin, 3);
    const res = await checkIn(estimate.id, {
      odometer: 1000,
      photos: [
        { angle: 'Front', photoURL: urls[0] },
        { angle: 'rear', photoURL: urls[1] },
        { angle: 'left', photoURL: urls[2] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(missingAngles(['right', 'odometer']));
    expect((await read(estimate.id, admin)).json().checkIn).toBeNull();
  });

  it('takes only photos uploaded through the app by the caller, never an outside URL', async () => {
    const estimate = await approved();
    const urls = await uploaded(admin);
    const outside = checkInBody(['https://example.com/front.jpg', ...urls.slice(1)]);
    expect((await checkIn(estimate.id, outside)).statusCode).toBe(400);
    const someoneElses = checkInBody([...(await uploaded(alice, 1)), ...urls.slice(1)]);
    expect((await checkIn(estimate.id, someoneElses)).statusCode).toBe(400);
  });

  it('is refused on a closed estimate', async () => {
    const estimate = await createEstimate(db(), {
      userId: alice.user.id,
      status: 'completed',
      estimatedAmount: '10.00',
    });
    expect((await checkIn(estimate.id, checkInBody(await uploaded(admin)))).statusCode).toBe(409);
  });
});
