import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setShopDetails, shop } from '#client/lib/shop.ts';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { activateLanguage, translate } from './i18n.ts';

const PROMISES = [
  'landing.hero.text',
  'landing.how.estimate.text',
  'request.review.contactText',
  'estimate.summary.replyPromise',
] as const;

describe("the shop's one promise of time", () => {
  afterAll(() => activateLanguage('en'));
  afterEach(() => setShopDetails({ ...shop, estimateReplyHours: DEFAULT_SHOP.estimateReplyHours }));

  it('is the same on the landing page and the confirmation, in English and Spanish', async () => {
    await activateLanguage('en', 'landing', 'request', 'estimate');
    for (const id of PROMISES) expect(translate(id, { years: 33 }), id).toContain('within 24 hours');
    await activateLanguage('es', 'landing', 'request', 'estimate');
    for (const id of PROMISES) expect(translate(id, { years: 33 }), id).toContain('en menos de 24 horas');
  });

  it('follows the setting everywhere', async () => {
    setShopDetails({ ...shop, estimateReplyHours: 48 });
    await activateLanguage('en', 'landing', 'request', 'estimate');
    for (const id of PROMISES) expect(translate(id, { years: 33 }), id).toContain('within 48 hours');
  });
});
