import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SURVEY_ALREADY_ANSWERED, SURVEY_LINK_NOT_VALID } from '#domain/surveys.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { recoveryTasks, surveys } from '#server/db/schema.ts';
import { clearOutbox, queuedEmails } from '#server/test-support/outbox.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { surveyUrl } from './survey-link.ts';

const REVIEW_URL = 'https://g.page/r/land-o-lakes-collision/review';
const t = setUpTestShop({
  surveys: { delayHours: 24, googleReviewUrl: REVIEW_URL },
  rateLimitScale: 10,
});
const { alice, admin } = setUpCast(t);
const db = () => t.db;

beforeEach(async () => {
  await db().delete(surveys);
  await clearOutbox(db());
});

let plates = 0;
/** A picked-up repair (paid in full) and the token its survey e-mail carries. */
async function surveyToken(): Promise<{ token: string; estimateId: string }> {
  plates += 1;
  const vehicle = await createVehicle(db(), alice.user.id, {
    licensePlate: `SRV${plates}`,
    year: 2019,
    make: 'Toyota',
    model: 'Camry',
  });
  const estimate = await createEstimate(db(), {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'completed',
    estimatedAmount: '0',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${estimate.id}/pickup`,
    headers: as(admin),
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  const mail = (await queuedEmails(db(), estimate.id)).find((row) => row.topic === 'survey');
  const token = /\/survey\/([\w.-]+)/.exec(mail?.payload.text ?? '')?.[1];
  if (!token) throw new Error('no survey link in the e-mail');
  return { token, estimateId: estimate.id };
}

const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/surveys/${token}` });
const answer = (token: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/surveys/${token}`, payload: body as object });

describe('the survey page, signed out', () => {
  it('names the shop and the car, and whether it was answered; private', async () => {
    const { token } = await surveyToken();
    const res = await read(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toEqual({
      shopName: expect.any(String),
      vehicle: '2019 Toyota Camry',
      answered: false,
      language: 'en',
      reviewUrl: null,
    });
  });

  it('offers the review link to a 2 and to a 10 alike', async () => {
    for (const score of [2, 10]) {
      const { token } = await surveyToken();
      const res = await answer(token, { score, comment: `Scored ${score}` });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ reviewUrl: REVIEW_URL });
      expect((await read(token)).json()).toMatchObject({ answered: true, reviewUrl: REVIEW_URL });
    }
  });

  it('takes one answer: the second is 409 and changes nothing', async () => {
    const { token } = await surveyToken();
    expect((await answer(token, { score: 9 })).statusCode).toBe(201);
    const again = await answer(token, { score: 1, comment: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SURVEY_ALREADY_ANSWERED);
    const [row] = await db().select().from(surveys);
    expect(row).toMatchObject({ score: 9, comment: null });
  });

  it('answers a tampered, foreign or expired token with the one plain 404', async () => {
    const { token } = await surveyToken();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const [survey] = await db().select().from(surveys);
    const expired = /\/survey\/(.+)$/.exec(
      surveyUrl(
        { secret: 'x'.repeat(32), appUrl: 'http://x' },
        survey?.id ?? '',
        new Date(Date.now() - 31 * 86_400_000),
      ),
    )?.[1];
    const otherSecret = /\/survey\/(.+)$/.exec(
      surveyUrl({ secret: 'y'.repeat(32), appUrl: 'http://x' }, survey?.id ?? '', new Date()),
    )?.[1];
    for (const bad of [tampered, expired ?? '', otherSecret ?? '', 'not-a-token']) {
      const got = await read(bad);
      expect(got.statusCode).toBe(404);
      expect(got.json().message).toBe(SURVEY_LINK_NOT_VALID);
      expect((await answer(bad, { score: 10 })).statusCode).toBe(404);
    }
  });

  it('refuses a score outside 0–10 with a sentence', async () => {
    const { token } = await surveyToken();
    for (const score of [-1, 11, 7.5, '9']) {
      const res = await answer(token, { score });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('0 to 10');
    }
    expect((await read(token)).json().answered).toBe(false);
  });

  it('refuses a misspelt key with a 400 naming it, in the reader’s language, and records nothing', async () => {
    const { token } = await surveyToken();
    const typo = await answer(token, { score: 9, coment: 'Great job' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe('Unrecognized key: "coment"');
    const spanish = await t.app.inject({
      method: 'POST',
      url: `/api/surveys/${token}`,
      headers: { cookie: 'lang=es' },
      payload: { score: 9, coment: 'Muy bien' },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().message).toBe('Campo no reconocido: "coment"');
    expect((await read(token)).json().answered).toBe(false);
  });
});

describe('service recovery', () => {
  it('a 6 opens a "Call back" task and e-mails the shop with the comment; a 7 does not', async () => {
    const low = await surveyToken();
    const high = await surveyToken();
    await clearOutbox(db());
    expect(
      (await answer(low.token, { score: 6, comment: 'Paint does not match on the door.' })).statusCode,
    ).toBe(201);
    expect((await answer(high.token, { score: 7 })).statusCode).toBe(201);

    const alerts = (await queuedEmails(db())).filter((row) => row.topic === 'shop_recovery');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.estimateId).toBe(low.estimateId);
    expect(alerts[0]?.payload.text).toContain('Paint does not match on the door.');
    expect(alerts[0]?.payload.subject).toContain('6/10');

    const open = await t.app.inject({ method: 'GET', url: '/api/admin/recovery', headers: as(admin) });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual([
      expect.objectContaining({
        estimateId: low.estimateId,
        score: 6,
        comment: 'Paint does not match on the door.',
        vehicle: '2019 Toyota Camry',
        customerName: 'Alice Adams',
      }),
    ]);
  });

  it('lists open tasks oldest first, and staff close one with a note of what was done', async () => {
    const first = await surveyToken();
    const second = await surveyToken();
    await answer(first.token, { score: 0 });
    await answer(second.token, { score: 3 });
    const open = (
      await t.app.inject({ method: 'GET', url: '/api/admin/recovery', headers: as(admin) })
    ).json();
    expect(open.map((task: { estimateId: string }) => task.estimateId)).toEqual([
      first.estimateId,
      second.estimateId,
    ]);

    const close = (id: string, note: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/recovery/${id}/close`,
        headers: as(admin),
        payload: { note },
      });
    const typo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/recovery/${open[0].id}/close`,
      headers: as(admin),
      payload: { notes: 'Called back.' },
    });
    expect(typo.statusCode).toBe(400);
    // The note it should have been is missing: that is said first.
    expect(typo.json().message).toBe('Say what was done for the customer.');
    const extra = await t.app.inject({
      method: 'POST',
      url: `/api/admin/recovery/${open[0].id}/close`,
      headers: as(admin),
      payload: { note: 'Called back.', closedBy: alice.user.id },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Unrecognized key: "closedBy"');
    const blank = await close(open[0].id, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Say what was done for the customer.');
    expect((await close(open[0].id, 'Called; re-blending the door Monday.')).statusCode).toBe(204);
    expect((await close(open[0].id, 'Again')).statusCode).toBe(409);
    expect((await close('00000000-0000-4000-8000-000000000000', 'x')).statusCode).toBe(404);
    const [task] = await db().select().from(recoveryTasks).where(eq(recoveryTasks.id, open[0].id));
    expect(task).toMatchObject({
      closedBy: admin.user.id,
      closeNote: 'Called; re-blending the door Monday.',
    });
    const left = (
      await t.app.inject({ method: 'GET', url: '/api/admin/recovery', headers: as(admin) })
    ).json();
    expect(left.map((item: { id: string }) => item.id)).toEqual([open[1].id]);
  });
});

describe('GET /api/admin/csi', () => {
  const csi = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/csi', headers: as(admin) })).json();

  it('is null, not 0, without any answer', async () => {
    expect(await csi()).toEqual({ responses: 0, promoters: 0, passives: 0, detractors: 0, nps: null });
  });

  it('adds up: bands, NPS rounded, only the last 90 days; the response rate of the sent surveys', async () => {
    const scores = [10, 9, 9, 8, 7, 6, 0];
    const tokens = [];
    for (const score of scores) {
      const { token } = await surveyToken();
      tokens.push(token);
      await answer(token, { score, ...(score === 0 ? { comment: 'Took too long.' } : {}) });
    }
    // One more survey nobody answered, and an old answer that falls outside the window.
    await surveyToken();
    const old = await surveyToken();
    await answer(old.token, { score: 10 });
    await db()
      .update(surveys)
      .set({
        answeredAt: new Date(Date.now() - 91 * 86_400_000),
        sendAt: new Date(Date.now() - 92 * 86_400_000),
      })
      .where(eq(surveys.estimateId, old.estimateId));

    const figures = await csi();
    expect(figures).toEqual({ responses: 7, promoters: 3, passives: 2, detractors: 2, nps: 14 });
    expect(figures.promoters + figures.passives + figures.detractors).toBe(figures.responses);

    // Every survey is "sent" once its time has come: here, bring them all to now.
    await db()
      .update(surveys)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(surveys.language, 'en'));
    await db()
      .update(surveys)
      .set({ sendAt: new Date(Date.now() - 92 * 86_400_000) })
      .where(eq(surveys.estimateId, old.estimateId));
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/admin/csi/overview', headers: as(admin) })
    ).json();
    expect(overview).toMatchObject({ sent: 8, answered: 7, responseRate: 88 });
    expect(overview.comments).toEqual([expect.objectContaining({ score: 0, comment: 'Took too long.' })]);
  });
});
