import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import {
  PROMISED_DATE_CLOSED,
  PROMISED_DATE_REASON_REQUIRED,
  STAGES_ONLY_IN_PROGRESS,
  unknownStage,
} from '#domain/repair-progress.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { estimates, outbox } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const STAGES = ['Parts ordered', 'Body repair', 'Paint', 'Ready for pickup'];

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-progress-'));

afterAll(() => rmSync(objectsDir, { recursive: true, force: true }));
const t = setUpTestShop({ repairStages: STAGES, objectStore: { kind: 'disk', dir: objectsDir } });
const { alice, bob, admin } = setUpCast(t);

/** An uploaded photo of the shop's, its bytes in the store. */
async function shopPhoto() {
  const photo = await createUploadedPhoto(db(), { uploaderId: admin.user.id });
  const file = path.join(objectsDir, photo.objectKey);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'progress photo');
  return photo;
}

const db = () => t.database.db;
const get = async (id: string, person: Person) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/estimates/${id}`, headers: as(person) })
  ).json() as EstimateDetail;
const patch = (id: string, payload: object, person: Person) =>
  t.app.inject({ method: 'PATCH', url: `/api/estimates/${id}`, headers: as(person), payload });
const stage = (id: string, payload: object, person: Person = admin) =>
  t.app.inject({ method: 'POST', url: `/api/estimates/${id}/stages`, headers: as(person), payload });
const inProgress = () =>
  createEstimate(db(), { userId: alice.user.id, status: 'in_progress', estimatedAmount: '900.00' });

describe('the timeline', () => {
  it('has every status change, oldest first, whoever made it', async () => {
    const estimate = await createEstimate(db(), {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '500.00',
    });
    expect((await patch(estimate.id, { status: 'approved' }, alice)).statusCode).toBe(200);
    expect((await patch(estimate.id, { status: 'in_progress' }, admin)).statusCode).toBe(200);
    // A write that keeps the status adds nothing.
    await db().update(estimates).set({ status: 'in_progress' }).where(eq(estimates.id, estimate.id));
    const { timeline } = await get(estimate.id, alice);
    expect(timeline.map((entry) => [entry.kind, entry.name])).toEqual([
      ['status', 'quoted'],
      ['status', 'approved'],
      ['status', 'in_progress'],
    ]);
    const times = timeline.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describe('POST /api/estimates/{id}/stages', () => {
  it('records a stage with its note and progress photos; the customer sees them', async () => {
    const estimate = await inProgress();
    const photo = await shopPhoto();
    const res = await stage(estimate.id, {
      stage: 'body repair',
      note: 'Bumper is off.',
      photos: [`/api/photos/${photo.id}`],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { timeline, photos } = await get(estimate.id, alice);
    expect(timeline.at(-1)).toEqual({
      kind: 'stage',
      name: 'Body repair',
      at: expect.any(String),
      note: 'Bumper is off.',
      photos: [`/api/photos/${photo.id}`],
    });
    // A progress photo is not a damage photo.
    expect(photos).not.toContain(`/api/photos/${photo.id}`);
    const seen = await t.app.inject({ method: 'GET', url: `/api/photos/${photo.id}`, headers: as(alice) });
    expect(seen.statusCode).toBe(200);
    const outsider = await t.app.inject({ method: 'GET', url: `/api/photos/${photo.id}`, headers: as(bob) });
    expect(outsider.statusCode).toBe(404);
  });

  it('shows a stage’s photos in the order the shop sent them', async () => {
    const estimate = await inProgress();
    const shots = [await shopPhoto(), await shopPhoto(), await shopPhoto()];
    const urls = [shots[2], shots[0], shots[1]].map((photo) => `/api/photos/${photo?.id}`);
    const res = await stage(estimate.id, { stage: 'Paint', photos: urls });
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(estimate.id, alice)).timeline.at(-1)?.photos).toEqual(urls);
  });

  it('keeps internal stages and their photos from the customer', async () => {
    const estimate = await inProgress();
    const photo = await shopPhoto();
    const res = await stage(estimate.id, {
      stage: 'Paint',
      note: 'Color match off; redo.',
      internal: true,
      photos: [`/api/photos/${photo.id}`],
    });
    expect(res.statusCode).toBe(201);
    expect((await get(estimate.id, alice)).timeline.some((entry) => entry.kind === 'stage')).toBe(false);
    expect((await get(estimate.id, admin)).timeline.at(-1)).toMatchObject({ name: 'Paint', internal: true });
    const seen = await t.app.inject({ method: 'GET', url: `/api/photos/${photo.id}`, headers: as(alice) });
    expect(seen.statusCode).toBe(404);
  });

  it('texts an opted-in customer for each stage the customer may see', async () => {
    const estimate = await inProgress();
    await db().update(estimates).set({ smsPhone: '+18135550142' }).where(eq(estimates.id, estimate.id));
    await stage(estimate.id, { stage: 'Paint', internal: true });
    await stage(estimate.id, { stage: 'Ready for pickup' });
    const texts = await db().select().from(outbox).where(eq(outbox.estimateId, estimate.id));
    const updates = texts.flatMap((row) => (row.payload as { updates: string[] }).updates);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toContain('Ready for pickup.');
  });

  it('refuses unknown stages, other statuses, customers, and photos already used', async () => {
    const estimate = await inProgress();
    const unknown = await stage(estimate.id, { stage: 'Detailing' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: unknownStage(STAGES) });

    const approved = await createEstimate(db(), {
      userId: alice.user.id,
      status: 'approved',
      estimatedAmount: '1.00',
    });
    const early = await stage(approved.id, { stage: 'Paint' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: STAGES_ONLY_IN_PROGRESS });

    expect((await stage(estimate.id, { stage: 'Paint' }, alice)).statusCode).toBe(403);
    const damage = await createUploadedPhoto(db(), { uploaderId: admin.user.id, estimateId: estimate.id });
    expect(
      (await stage(estimate.id, { stage: 'Paint', photos: [`/api/photos/${damage.id}`] })).statusCode,
    ).toBe(400);
    expect((await stage(estimate.id, { stage: 'Paint', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await get(estimate.id, admin)).timeline.filter((entry) => entry.kind === 'stage')).toEqual([]);
  });
});

describe('PATCH /api/estimates/{id} {promisedDate}', () => {
  it('sets the date, and moves it only with a reason the customer reads', async () => {
    const estimate = await inProgress();
    expect((await patch(estimate.id, { promisedDate: '2026-12-11' }, admin)).statusCode).toBe(200);
    const unexplained = await patch(estimate.id, { promisedDate: '2026-12-15' }, admin);
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json()).toEqual({ message: PROMISED_DATE_REASON_REQUIRED });
    const moved = await patch(
      estimate.id,
      { promisedDate: '2026-12-15', promisedDateReason: 'Waiting on a back-ordered bumper' },
      admin,
    );
    expect(moved.statusCode).toBe(200);
    const seen = await get(estimate.id, alice);
    expect(seen.promisedDate).toBe('2026-12-15');
    expect(seen.promisedDateHistory.map(({ date, reason }) => [date, reason])).toEqual([
      ['2026-12-11', null],
      ['2026-12-15', 'Waiting on a back-ordered bumper'],
    ]);
  });

  it('is the shop’s: customers get 403, bad dates 400, closed estimates 409', async () => {
    const estimate = await inProgress();
    expect((await patch(estimate.id, { promisedDate: '2026-12-11' }, alice)).statusCode).toBe(403);
    expect((await patch(estimate.id, { promisedDate: '2026-02-30' }, admin)).statusCode).toBe(400);
    expect((await patch(estimate.id, { promisedDate: '2026-12-11', extra: 1 }, admin)).statusCode).toBe(400);
    const done = await createEstimate(db(), {
      userId: alice.user.id,
      status: 'completed',
      estimatedAmount: '1.00',
    });
    const closed = await patch(done.id, { promisedDate: '2026-12-11' }, admin);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ message: PROMISED_DATE_CLOSED });
  });
});
