import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '#domain/canonical-json.ts';
import { DEFAULT_CHECK_IN_ANGLES } from '#domain/check-in.ts';
import { CONSUMER_SIGN } from '#domain/consumer-rights.ts';
import { photoUrl } from '#domain/photos.ts';
import {
  ALREADY_SIGNED,
  LIMIT_AMOUNT_REQUIRED,
  limitBelowApproved,
  NOT_YET_APPROVED,
  SIGNATURE_NOT_PNG,
  SIGNATURE_PREFIX,
  SIGNATURE_REQUIRED,
  SIGNATURE_UNREADABLE,
} from '#domain/repair-authorization.ts';
import { buildApp } from '#server/app.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { estimates, messages, renderedDocuments, repairAuthorizations } from '#server/db/schema.ts';
import { testConfig } from '#server/test-support/app.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { authorizationBody, blankSignature, checkInBody } from '#server/test-support/signature.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-authorization-'));
afterAll(() => rmSync(objectsDir, { recursive: true, force: true }));
const t = setUpTestShop({ objectStore: { kind: 'disk', dir: objectsDir } });
const { alice, bob, admin } = setUpCast(t);
const db = () => t.database.db;

const estimateIn = (status: 'approved' | 'quoted' | 'completed' = 'approved') =>
  createEstimate(db(), { userId: alice.user.id, status, estimatedAmount: '900.00' });
const sign = (id: string, payload: object, person: Person = alice) =>
  t.app.inject({ method: 'POST', url: `/api/estimates/${id}/authorization`, headers: as(person), payload });
const REPLACE_REASON = 'Customer now wants the old parts.';
/** The counter signs again in place of the current authorisation, giving the reason. */
const signReplacement = async (id: string) =>
  sign(id, await authorizationBody({ returnReplacedParts: true, replaceReason: REPLACE_REASON }), admin);
const pdf = (id: string, person: Person) =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}/authorization.pdf`, headers: as(person) });
/** The desk checks the car in with a real photo of every default angle. */
async function checkedIn(estimateId: string, overrides: Record<string, unknown> = {}): Promise<void> {
  const urls: string[] = [];
  for (const [index] of DEFAULT_CHECK_IN_ANGLES.entries()) {
    const photo = await createUploadedPhoto(db(), { uploaderId: admin.user.id });
    const file = path.join(objectsDir, photo.objectKey);
    mkdirSync(path.dirname(file), { recursive: true });
    const colour = { r: 40 * index, g: 90, b: 160 };
    writeFileSync(
      file,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
    urls.push(photoUrl(photo.id));
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimateId}/check-in`,
    headers: as(admin),
    payload: checkInBody(urls, { keys: '2 keys', ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Bob reads the app in Spanish; his approved estimate. */
async function spanishSpeakersEstimate() {
  await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/user',
    headers: as(bob),
    payload: { language: 'es' },
  });
  return createEstimate(db(), { userId: bob.user.id, status: 'approved', estimatedAmount: '90.00' });
}

const rows = (id: string) =>
  db().select().from(repairAuthorizations).where(eq(repairAuthorizations.estimateId, id));

describe('POST /api/estimates/{id}/authorization: what it refuses', () => {
  it('refuses a missing signature, a blank canvas, a non-PNG and an undecodable PNG, with clear messages', async () => {
    const estimate = await estimateIn();
    const refused = async (signature: unknown) => {
      const res = await sign(estimate.id, await authorizationBody({ signature }));
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    const { signature: _omitted, ...withoutSignature } = await authorizationBody();
    const res = await sign(estimate.id, withoutSignature);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(SIGNATURE_REQUIRED);
    expect(await refused('')).toContain(SIGNATURE_REQUIRED);
    expect(await refused(await blankSignature())).toBe(SIGNATURE_REQUIRED);
    expect(await refused('data:image/jpeg;base64,/9j/4AAQSkZJRg==')).toContain(SIGNATURE_NOT_PNG);
    expect(await refused(`${SIGNATURE_PREFIX}${Buffer.from('GIF89a not a png').toString('base64')}`)).toBe(
      SIGNATURE_NOT_PNG,
    );
    // The PNG signature and then garbage: it must decode, not merely look like a PNG.
    const truncated = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    expect(await refused(`${SIGNATURE_PREFIX}${truncated.toString('base64')}`)).toBe(SIGNATURE_UNREADABLE);
    expect(await refused(`${SIGNATURE_PREFIX}!!!`)).toBe(SIGNATURE_UNREADABLE);
    expect(await rows(estimate.id)).toHaveLength(0);
  });

  it('asks for the amount of a limit, and refuses an amount without the limit choice', async () => {
    const estimate = await estimateIn();
    const noAmount = await sign(estimate.id, await authorizationBody({ estimateChoice: 'limit' }));
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().message).toContain(LIMIT_AMOUNT_REQUIRED);
    const stray = await sign(estimate.id, await authorizationBody({ limitAmount: '500.00' }));
    expect(stray.statusCode).toBe(400);
    const limited = await sign(
      estimate.id,
      await authorizationBody({ estimateChoice: 'limit', limitAmount: '1,250.5' }),
    );
    expect(limited.statusCode, limited.body).toBe(201);
    expect(limited.json()).toMatchObject({ estimateChoice: 'limit', limitAmount: '1250.50' });
  });

  it('answers a Spanish-speaking customer in Spanish', async () => {
    const estimate = await spanishSpeakersEstimate();
    const res = await sign(estimate.id, await authorizationBody({ signature: await blankSignature() }), bob);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/firme/i);
  });

  it('waits for the approval and refuses a closed estimate', async () => {
    const quoted = await sign((await estimateIn('quoted')).id, await authorizationBody());
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json().message).toBe(NOT_YET_APPROVED);
    expect((await sign((await estimateIn('completed')).id, await authorizationBody())).statusCode).toBe(409);
  });

  it("is 404 for someone else's estimate", async () => {
    const estimate = await estimateIn();
    expect((await sign(estimate.id, await authorizationBody(), bob)).statusCode).toBe(404);
  });
});

describe('the limit the customer signs (F.S. 559.905)', () => {
  /** Quoted at $1,000.00 and approved by its owner. */
  async function approvedAt1000(person: Person = alice) {
    const estimate = await createEstimate(db(), {
      userId: person.user.id,
      status: 'quoted',
      estimatedAmount: '1000.00',
    });
    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${estimate.id}`,
      headers: as(person),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return estimate;
  }

  it('may not be less than what the customer approved, in their language', async () => {
    const estimate = await approvedAt1000();
    const below = await sign(
      estimate.id,
      await authorizationBody({ estimateChoice: 'limit', limitAmount: '999.99' }),
    );
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(limitBelowApproved('$1,000.00'));
    expect(await rows(estimate.id)).toHaveLength(0);

    await spanishSpeakersEstimate();
    const his = await approvedAt1000(bob);
    const spanish = await sign(
      his.id,
      await authorizationBody({ estimateChoice: 'limit', limitAmount: '500' }),
      bob,
    );
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().message).toBe(
      'El límite no puede ser menor que los $1,000.00 que usted aprobó. Escriba al menos esa cantidad, o escoja un presupuesto escrito.',
    );
  });

  it('holds the charge to it, within the tolerance F.S. 559.909 would allow', async () => {
    const estimate = await approvedAt1000();
    const signed = await sign(
      estimate.id,
      await authorizationBody({ estimateChoice: 'limit', limitAmount: '1,020' }),
    );
    expect(signed.statusCode, signed.body).toBe(201);
    // A total raised behind the approval's back, $40 over: the tolerance ($50) allows it, the limit does not.
    await db().update(estimates).set({ estimatedAmount: '1040.00' }).where(eq(estimates.id, estimate.id));
    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/estimates/${estimate.id}/status`,
        headers: as(admin),
        payload: { status: 'completed' },
      });
    const refused = await complete();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The total $1,040.00 is more than the $1,020.00 limit the customer signed on the repair authorization ' +
        'allows without their consent: send a supplement for the difference.',
    );
    await db().update(estimates).set({ estimatedAmount: '1020.00' }).where(eq(estimates.id, estimate.id));
    expect((await complete()).statusCode).toBe(200);
  });
});

describe('a second authorisation', () => {
  it('is 409 without a reason; with one it replaces the first, which stays on record', async () => {
    const estimate = await estimateIn();
    const first = await sign(estimate.id, await authorizationBody());
    expect(first.statusCode).toBe(201);
    const again = await sign(estimate.id, await authorizationBody({ returnReplacedParts: true }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_SIGNED);

    const replaced = await signReplacement(estimate.id);
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({
      returnReplacedParts: true,
      atCounter: true,
      replaceReason: REPLACE_REASON,
    });
    const stored = await rows(estimate.id);
    expect(stored).toHaveLength(2);
    expect(stored.find((row) => row.id === first.json().id)?.replacedAt).not.toBeNull();
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimate.id}/authorization`,
      headers: as(alice),
    });
    expect(current.json().id).toBe(replaced.json().id);
  });
});

describe('a replaced authorisation is told in the conversation', () => {
  const thread = async (id: string, person: Person) =>
    (
      (
        await t.app.inject({ method: 'GET', url: `/api/estimates/${id}/messages`, headers: as(person) })
      ).json() as { content: string; isFromAdmin: boolean }[]
    ).map((message) => message.content);
  const mailsAbout = async (id: string, topic: string) =>
    (await queuedEmails(db(), id)).filter((mail) => mail.topic === topic);

  it("staff replacing the customer's signed limit at the counter: the customer reads the old and new choice and why, and is e-mailed", async () => {
    const estimate = await estimateIn();
    const first = await sign(
      estimate.id,
      await authorizationBody({ estimateChoice: 'limit', limitAmount: '1200' }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(await thread(estimate.id, alice)).toEqual([]);

    const replaced = await sign(
      estimate.id,
      await authorizationBody({ replaceReason: 'Customer asked for a written estimate instead.' }),
      admin,
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    const note =
      'Your repair authorization was replaced by a new one.\n' +
      'Estimate: before, no written estimate, limit $1,200.00; now, written estimate.\n' +
      'Reason: Customer asked for a written estimate instead.\n' +
      'If this is not what you agreed to, reply here or call the shop.';
    expect(await thread(estimate.id, alice)).toEqual([note]);
    expect(await thread(estimate.id, admin)).toEqual([note]);
    const [mail, ...more] = await mailsAbout(estimate.id, 'shop_message');
    expect(more).toHaveLength(0);
    expect(mail?.payload.text).toContain('limit $1,200.00; now, written estimate.');

    // The parts line shows only when that choice changed.
    expect((await signReplacement(estimate.id)).statusCode).toBe(201);
    expect((await thread(estimate.id, alice)).at(-1)).toBe(
      'Your repair authorization was replaced by a new one.\n' +
        'Estimate: before, written estimate; now, written estimate.\n' +
        'Replaced parts: before, not returned; now, returned to you.\n' +
        `Reason: ${REPLACE_REASON}\n` +
        'If this is not what you agreed to, reply here or call the shop.',
    );
  });

  it('is written in a Spanish-speaking customer’s language, and a first signature writes nothing', async () => {
    const estimate = await spanishSpeakersEstimate();
    expect(
      (await sign(estimate.id, await authorizationBody({ estimateChoice: 'waived' }), bob)).statusCode,
    ).toBe(201);
    expect(await thread(estimate.id, bob)).toEqual([]);
    const replaced = await sign(
      estimate.id,
      await authorizationBody({
        estimateChoice: 'limit',
        limitAmount: '95',
        replaceReason: 'Lo pidió el cliente.',
      }),
      admin,
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    const spanish =
      'Su autorización de reparación fue reemplazada por una nueva.\n' +
      'Presupuesto: antes, sin presupuesto escrito; ahora, sin presupuesto escrito, límite de $95.00.\n' +
      'Motivo: Lo pidió el cliente.\n' +
      'Si esto no es lo que usted acordó, responda aquí o llame al taller.';
    expect(await thread(estimate.id, bob)).toEqual([spanish]);
    expect((await mailsAbout(estimate.id, 'shop_message'))[0]?.payload.text).toContain(
      'ahora, sin presupuesto escrito, límite de $95.00.',
    );
  });

  it('the customer replacing their own: the shop hears of it, and it waits for no answer', async () => {
    const estimate = await estimateIn();
    expect((await sign(estimate.id, await authorizationBody())).statusCode).toBe(201);
    const replaced = await sign(
      estimate.id,
      await authorizationBody({ estimateChoice: 'limit', limitAmount: '950', replaceReason: 'Set a limit.' }),
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(await thread(estimate.id, admin)).toEqual([
      expect.stringContaining('Estimate: before, written estimate; now, no written estimate, limit $950.00.'),
    ]);
    expect(await mailsAbout(estimate.id, 'shop_customer_message')).toHaveLength(1);
    const [row] = await db().select().from(messages).where(eq(messages.estimateId, estimate.id));
    expect(row).toMatchObject({
      isFromAdmin: false,
      awaitingReply: false,
      noteKind: 'authorization_replaced',
    });
  });
});

describe("the estimate's authorizedAt", () => {
  const detail = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/estimates/${id}`, headers: as(alice) })).json();

  it("is null until signed, then the current signature's time, the replacement's after a replacement", async () => {
    const estimate = await estimateIn();
    expect((await detail(estimate.id)).authorizedAt).toBeNull();
    const first = await sign(estimate.id, await authorizationBody());
    expect((await detail(estimate.id)).authorizedAt).toBe(first.json().signedAt);
    const replaced = await signReplacement(estimate.id);
    expect(replaced.json().signedAt).not.toBe(first.json().signedAt);
    expect((await detail(estimate.id)).authorizedAt).toBe(replaced.json().signedAt);
  });
});

describe('GET /api/estimates/{id}/authorization.pdf', () => {
  it("names the fuel and the walk-around's angles in a Spanish-speaking customer's language", async () => {
    const estimate = await spanishSpeakersEstimate();
    await checkedIn(estimate.id, { fuel: 'full' });
    const signed = await sign(estimate.id, await authorizationBody(), bob);
    expect(signed.statusCode, signed.body).toBe(201);
    const text = await pdfText((await pdf(estimate.id, bob)).rawPayload);
    expect(text).toMatch(/millaje 48,210 mi · combustible lleno · llaves 2 keys/);
    for (const angle of ['Frente', 'Parte trasera', 'Lado izquierdo', 'Lado derecho', 'Odómetro']) {
      expect(text).toContain(angle);
    }
    expect(text).not.toMatch(/\b(Rear|Left side|Right side|Odometer)\b/);
  });

  it('prints the SHA-256 of exactly the signed content, the choices, the signer, the check-in and the 559.916 sign', async () => {
    const estimate = await estimateIn();
    await checkedIn(estimate.id);
    const signed = await sign(
      estimate.id,
      await authorizationBody({
        estimateChoice: 'limit',
        limitAmount: '1500',
        returnReplacedParts: true,
        directionToPay: { insurer: 'Sunshine Mutual', claimNumber: 'CLM-4471' },
      }),
    );
    expect(signed.statusCode, signed.body).toBe(201);
    const [row] = await rows(estimate.id);
    if (!row) throw new Error('no authorization stored');
    // The stored text is canonical JSON, and its digest is the one answered and printed.
    expect(canonicalJson(JSON.parse(row.signedContent))).toBe(row.signedContent);
    const digest = createHash('sha256').update(row.signedContent).digest('hex');
    expect(signed.json().contentHash).toBe(digest);
    expect(JSON.parse(row.signedContent)).toMatchObject({
      storageTerms: null,
      signedWhere: expect.any(String),
    });

    for (const reader of [alice, admin]) {
      const res = await pdf(estimate.id, reader);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      const printed = /SHA-256 of the signed content\s+([0-9a-f]{64})/i.exec(text)?.[1];
      expect(printed).toBe(digest);
      expect(text).toContain('Signed by Alice');
      expect(text).toContain('$1,500.00');
      expect(text).toContain('CLM-4471');
      expect(text).toContain('I want the replaced parts returned to me.');
      expect(text).toContain('Signed online from IP address');
      expect(text).toContain(CONSUMER_SIGN.en);
      expect(text).toContain('Check-in photos');
      expect(text).toMatch(/odometer 48,210 mi · fuel 1\/2 · keys 2 keys/);
      for (const angle of ['Front', 'Rear', 'Left side', 'Right side', 'Odometer']) {
        expect(text).toContain(angle);
      }
    }
    expect((await pdf(estimate.id, bob)).statusCode).toBe(404);
  });

  it('is 404 before anything is signed', async () => {
    expect((await pdf((await estimateIn()).id, alice)).statusCode).toBe(404);
  });

  it('is drawn once and served from the stored copy until the authorisation is replaced', async () => {
    const estimate = await estimateIn();
    expect((await sign(estimate.id, await authorizationBody())).statusCode).toBe(201);
    const stored = () =>
      db()
        .select()
        .from(renderedDocuments)
        .where(
          and(eq(renderedDocuments.estimateId, estimate.id), eq(renderedDocuments.kind, 'authorization')),
        );

    const first = await pdf(estimate.id, alice);
    expect(first.statusCode).toBe(200);
    const [copy] = await stored();
    if (!copy) throw new Error('the first download stored no copy');
    expect(Buffer.compare(copy.pdf, first.rawPayload)).toBe(0);
    const again = await pdf(estimate.id, admin);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(await stored()).toHaveLength(1);

    const replaced = await signReplacement(estimate.id);
    expect(replaced.statusCode, replaced.body).toBe(201);
    const redrawn = await pdf(estimate.id, alice);
    expect(await pdfText(redrawn.rawPayload)).toContain(REPLACE_REASON);
    const [renewed] = await stored();
    expect(renewed?.contentHash).not.toBe(copy.contentHash);
    expect(Buffer.compare(renewed?.pdf ?? Buffer.alloc(0), redrawn.rawPayload)).toBe(0);
  });
});

describe('GET /api/estimates/{id}/authorization.pdf after the shop changes its terms', () => {
  /** The same shop (its database) started again with other SHOP_STORAGE_DAILY_RATE and registration. */
  const restarted = (storageDailyRate: string | null, registrationNumber: string | null = null) =>
    buildApp({
      config: testConfig({
        objectStore: { kind: 'disk', dir: objectsDir },
        shop: { ...testConfig().shop, storageDailyRate, registrationNumber },
      }),
      database: t.database,
    });
  const printed = async (app: Awaited<ReturnType<typeof restarted>>, id: string) => {
    const res = await app.inject({ url: `/api/estimates/${id}/authorization.pdf`, headers: as(alice) });
    expect(res.statusCode).toBe(200);
    return pdfText(res.rawPayload);
  };

  it('prints no storage notice (nor a registration) that was not on what the customer signed', async () => {
    const estimate = await estimateIn();
    expect((await sign(estimate.id, await authorizationBody())).statusCode).toBe(201);
    const later = await restarted('35.00', 'MV99887');
    try {
      const text = await printed(later, estimate.id);
      expect(text).not.toContain('Storage is charged');
      expect(text).not.toContain('$35.00');
      expect(text).not.toContain('MV99887');
    } finally {
      await later.close();
    }
  });

  it('prints the storage rate signed, not the one charged now', async () => {
    const estimate = await estimateIn();
    const before = await restarted('25.00');
    try {
      const signed = await before.inject({
        method: 'POST',
        url: `/api/estimates/${estimate.id}/authorization`,
        headers: as(alice),
        payload: await authorizationBody(),
      });
      expect(signed.statusCode, signed.body).toBe(201);
    } finally {
      await before.close();
    }
    const later = await restarted('35.00');
    try {
      const text = await printed(later, estimate.id);
      expect(text).toContain('Storage is charged at $25.00 a day');
      expect(text).not.toContain('$35.00');
    } finally {
      await later.close();
    }
  });
});
