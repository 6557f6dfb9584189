import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { shopToday } from '#domain/drop-off-slots.ts';
import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  isFullDropOffDay,
  newAdminRequest,
  SAMPLE_LINES,
  uniqueEmail,
} from './helpers.ts';
import { mailsTo } from './mailbox.ts';

/**
 * Issue 35, deliverable 1: the notes the app writes when the shop acts (the quote, the approval it
 * recorded, the drop-off and its rescheduling, a payment) reach a Spanish-speaking customer in
 * Spanish: in the thread, in the "Nuevo mensaje" e-mail that quotes one, and the written estimate
 * carries no English system words either; the home page's badge is in Spanish too.
 */

test.use({ viewport: { width: 375, height: 812 }, locale: 'es-US' });

/** English the app itself writes (not the customer's or the shop's own words, not the statutes' English). */
const ENGLISH_SYSTEM_TEXT =
  /Estimate provided|deductible|Insurance coverage|Status changed|Drop-off scheduling|Rescheduling requested|We need to find|Payment received|TEST MODE|Supplement #|Please review|\bApproved\b|\bQuoted\b|\b(AM|PM)\b|\((cash|check)\)/;

async function ok(response: Promise<{ ok(): boolean; text(): Promise<string> }>) {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

/**
 * A day with every drop-off window open, five weeks ahead: the days just ahead are where the other
 * flows, running alongside, book theirs, and a window holds two cars.
 */
function nextFullDay(): string {
  const day = new Date(`${shopToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 35);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (!isFullDropOffDay(day.toISOString().slice(0, 10)));
  return day.toISOString().slice(0, 10);
}

/** The shop prices the lines, quotes, records the phone approval, books the drop-off, puts it off, takes cash. */
async function shopActs(shop: APIRequestContext, id: string) {
  const put = await shop.put(`/api/estimates/${id}/lines`, { data: { lines: SAMPLE_LINES } });
  expect(put.ok(), await put.text()).toBeTruthy();
  const { estimatedAmount, customerDeductible, insuranceCoverage } = (await put.json()) as Record<
    string,
    string
  >;
  const admin = `/api/admin/estimates/${id}`;
  await ok(shop.post(`${admin}/quote`, { data: { estimatedAmount, customerDeductible, insuranceCoverage } }));
  await ok(
    shop.post(`${admin}/status`, {
      data: { status: 'approved', consent: { method: 'phone', name: 'Rosa Díaz' } },
    }),
  );
  await ok(
    shop.post(`${admin}/schedule`, {
      data: { date: nextFullDay(), slot: '10:00-12:00', instructions: 'Llaves en la oficina.' },
    }),
  );
  await ok(shop.post(`${admin}/reschedule`, { data: {} }));
  await ok(shop.post(`${admin}/payments`, { data: { amount: '100.00', method: 'cash' } }));
}

test("a Spanish-speaking customer's thread, e-mail and written estimate carry no English system text", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('notas');
  const registered = await page.request.post('/api/register', {
    data: { email, password: 'sunshine93', firstName: 'Rosa', lastName: 'Díaz', language: 'es' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.context().addCookies([{ name: 'lang', value: 'es', url: baseURL ?? '' }]);
  const estimate = await createEstimateViaApi(page.request, { make: 'Toyota', model: 'Corolla', year: 2021 });
  const shop = await newAdminRequest(playwright.request, baseURL ?? '');
  await shopActs(shop, estimate.id);
  await shop.dispose();

  // The thread: every note of the shop's in Spanish.
  await page.goto(`/estimate/${estimate.id}`);
  const conversation = page.getByRole('list', { name: 'Mensajes' });
  await expect(conversation).toContainText('Presupuesto enviado: $658.00');
  await expect(conversation).toContainText('Su deducible:');
  await expect(conversation).toContainText('Nuevo estado: Aprobado');
  await expect(conversation).toContainText(
    /Entrega del vehículo programada: [a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}, 10:00/,
  );
  await expect(conversation).toContainText('El taller necesita cambiar la cita de entrega');
  await expect(conversation).toContainText('Pago recibido: $100.00 (en efectivo)');
  expect(await conversation.textContent()).not.toMatch(ENGLISH_SYSTEM_TEXT);
  await page.screenshot({ fullPage: true, path: testInfo.outputPath('thread-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await conversation.screenshot({ path: testInfo.outputPath('thread-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });

  // Home: the active repair's badge in Spanish, and no English one beside it.
  await page.goto('/');
  const activeRepair = page.locator('main');
  await expect(activeRepair.getByText('Aprobado', { exact: true }).first()).toBeVisible();
  await expect(activeRepair.getByText('Approved', { exact: true })).toHaveCount(0);

  // The "Nuevo mensaje" e-mail quotes the note in Spanish.
  await expect.poll(() => mailsTo(email).filter((mail) => /Nuevo mensaje/.test(mail.subject)).length).toBe(1);
  const [newMessage] = mailsTo(email).filter((mail) => /Nuevo mensaje/.test(mail.subject));
  expect(newMessage?.text).toContain('Nuevo estado: Aprobado');
  expect(newMessage?.text).not.toMatch(ENGLISH_SYSTEM_TEXT);
  expect(newMessage?.html).not.toMatch(ENGLISH_SYSTEM_TEXT);

  // The written estimate, as the customer downloads it.
  const pdf = await page.request.get(`/api/estimates/${estimate.id}/estimate.pdf`);
  expect(pdf.ok(), await pdf.text()).toBeTruthy();
  const file = testInfo.outputPath('estimate.pdf');
  writeFileSync(file, await pdf.body());
  const words = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(words).toContain('Presupuesto');
  expect(words).not.toMatch(ENGLISH_SYSTEM_TEXT);
});
