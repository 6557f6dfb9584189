import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  expectNoSidewaysScroll,
  makeJpeg,
  newAdminRequest,
  quoteEstimateViaApi,
  uniqueEmail,
  uploadPhotoViaApi,
  withCheckDigit,
} from './helpers.ts';
import { queuedPayloads } from './outbox-rows.ts';

/**
 * After pickup a Spanish-speaking customer opens the survey from its text on a phone that never
 * signed in, answers, and sees the thank-you with the shop's Google review link. The rules (once,
 * after the delay, never at night or after STOP; every score gets the review link; a low score opens
 * a call-back) are in src/server/features/pickup-surveys/*.test.ts.
 */

/** A Spanish customer's request with "Text me updates" ticked. */
async function spanishRequestWithTexts(customer: APIRequestContext): Promise<string> {
  const registered = await customer.post('/api/register', {
    data: { email: uniqueEmail('encuesta'), password: 'sunshine93', firstName: 'Lucía', lastName: 'Pérez' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  expect((await customer.patch('/api/auth/user', { data: { language: 'es' } })).ok()).toBe(true);
  const photo = await uploadPhotoViaApi(customer, await makeJpeg('#1d4ed8'));
  const plate = `SRV${String(Date.now()).slice(-6)}`;
  const created = await customer.post('/api/estimates/batch-create', {
    data: {
      vehicleInfo: { year: '2021', make: 'Nissan', model: 'Rogue', licensePlate: plate },
      photos: [photo],
      vinNumber: withCheckDigit(`5N1AT2MV0MC${String(Date.now()).slice(-6)}`),
      odometerReading: '38000',
      email: '',
      phone: '(813) 555-0177',
      smsOptIn: true,
      workDescription: 'Golpe en la puerta trasera.',
      estimateType: 'cash',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { estimate: { id: string } }).estimate.id;
}

test('a Spanish customer answers the survey from its text link, signed out, at 375 px', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? '';
  const customer = await playwright.request.newContext({ baseURL: origin });
  const estimateId = await spanishRequestWithTexts(customer);
  await customer.dispose();

  // The shop quotes, records the phone approval, repairs, and hands the car over with a balance due.
  const admin = await newAdminRequest(playwright.request, origin);
  await quoteEstimateViaApi(admin, estimateId, {
    estimatedAmount: '900.00',
    customerDeductible: '',
    insuranceCoverage: '',
  });
  const approved = await admin.patch(`/api/estimates/${estimateId}`, {
    data: { status: 'approved', consent: { method: 'phone', name: 'Lucía Pérez' } },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  for (const status of ['in_progress', 'completed']) {
    const moved = await admin.post(`/api/admin/estimates/${estimateId}/status`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const pickedUp = await admin.post(`/api/admin/estimates/${estimateId}/pickup`, {
    data: { confirmBalance: true },
  });
  expect(pickedUp.ok(), await pickedUp.text()).toBe(true);
  await admin.dispose();

  // The survey's text waits in the outbox for tomorrow; its link is what the phone opens.
  const text = (await queuedPayloads(estimateId, 'survey')).find((row) => row.kind === 'sms');
  const body = (text?.payload as { updates: string[] } | undefined)?.updates.join(' ') ?? '';
  expect(body).toContain('¿Qué tan probable es que nos recomiende a un amigo?');
  const link = /https?:\/\/\S+\/survey\/\S+/.exec(body)?.[0] ?? '';
  const path = new URL(link).pathname;

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  expect(await context.cookies()).toEqual([]);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: '¿Qué tal lo hicimos?' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('2021 Nissan Rogue')).toBeVisible();
  const scores = page.getByRole('radiogroup', {
    name: '¿Qué tan probable es que nos recomiende a un amigo?',
  });
  await expect(scores.getByRole('radio')).toHaveCount(11);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Sending without a score says what is missing, in Spanish.
  await page.getByRole('button', { name: 'Enviar mi respuesta' }).click();
  await expect(page.getByRole('alert')).toHaveText('Elija una puntuación del 0 al 10.');
  // A tap on the number (the radio's label) chooses it.
  const eight = scores.getByRole('radio', { name: '8 de 10' });
  await scores
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '8 de 10' }) })
    .click();
  await expect(eight).toBeChecked();
  await page.getByLabel('¿Algo que quiera contarnos? (opcional)').fill('Muy amables, pero tardó un día más.');
  await page.screenshot({ path: testInfo.outputPath('survey-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Enviar mi respuesta' }).click();

  await expect(page.getByRole('heading', { name: '¡Gracias!' })).toBeVisible();
  const review = page.getByRole('link', { name: /Escribir una reseña en Google/ });
  await expect(review).toHaveAttribute('href', 'https://g.page/r/e2e-body-shop/review');
  await expect(review).toHaveAttribute('target', '_blank');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('survey-thanks-375.png'), fullPage: true });
  await context.close();
});
