import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  expectNoSidewaysScroll,
  newAdminRequest,
  quoteItemisedViaApi,
  timelineTitles,
  uniqueEmail,
} from './helpers.ts';

/**
 * Issue 21: a Spanish-speaking customer reads the estimate page in Spanish on a phone: the itemised
 * lines and their totals, the answer buttons and the decline dialog, the conversation, and the
 * repair's timeline with its stages. The shop's side is driven through the API as staff.
 */

test.use({ viewport: { width: 375, height: 812 }, locale: 'es-US' });

/** A full-page screenshot kept with the test's results, to look at the Spanish layout. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ fullPage: true, path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a customer reads, answers and follows an estimate in Spanish on a phone', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // Signed up through the API (the page shares its cookies), then the Spanish choice, as the switch keeps it.
  const registered = await page.request.post('/api/register', {
    data: { email: uniqueEmail('spanish'), password: 'sunshine93', firstName: 'Rosa', lastName: 'Díaz' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.context().addCookies([{ name: 'lang', value: 'es', url: baseURL ?? '' }]);
  const estimate = await createEstimateViaApi(page.request, { make: 'Toyota', model: 'Corolla', year: 2021 });
  const shop = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteItemisedViaApi(shop, estimate.id);

  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Presupuesto n\.º / })).toBeVisible();
  await expect(page.getByText('Cotizado').first()).toBeVisible();
  await expect(page.getByText(/^Enviado el \d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();

  // The lines in Spanish, amounts as money, and the totals.
  const lines = page.getByRole('region', { name: 'Qué incluye el presupuesto' });
  await expect(lines.getByText('Piezas', { exact: true })).toBeVisible();
  await expect(lines.getByText('Mano de obra', { exact: true })).toBeVisible();
  await expect(lines).toContainText('2 h × $65.00/h · paga el seguro');
  await expect(lines).toContainText('Nueva (no original) · paga el seguro');
  const totalsList = page.getByLabel('Totales del presupuesto');
  await expect(totalsList).toContainText('Subtotal$630.00');
  await expect(totalsList).toContainText(/Impuesto \(7(\.0+)?%\)\$28\.00/);
  await expect(totalsList).toContainText('Total$658.00');
  // Leaving the optional detailing out: the totals follow at once.
  await page.getByRole('checkbox', { name: 'Incluir Detailing (opcional)' }).uncheck();
  await expect(totalsList).toContainText('Total$558.00');
  await expect(lines).toContainText('opcional, no incluido');
  await screenshot(page, testInfo, 'estimate-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, 'estimate-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);

  // The photo dialog, Uppy's words included, in Spanish.
  await page.getByRole('button', { name: 'Editar fotos' }).click();
  await page.getByRole('button', { name: 'Agregar foto' }).click();
  const photoDialog = page.getByRole('dialog', { name: 'Tome o suba aquí la foto del daño de su vehículo' });
  await expect(photoDialog.getByRole('tab', { name: 'Tomar foto' })).toBeVisible();
  await expect(photoDialog).toContainText('Arrastre la foto aquí, elija un archivo o use:');
  await expect(photoDialog).not.toContainText(/Drop files|browse files|Take Picture/);
  await page.keyboard.press('Escape');
  await expect(photoDialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancelar', exact: true }).click();

  // Decline asks first, in Spanish; the customer keeps the estimate.
  await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Rechazar este presupuesto?' });
  await expect(confirm).toContainText('No haremos ningún trabajo.');
  await confirm.getByRole('button', { name: 'Conservar presupuesto' }).click();
  await expect(confirm).toBeHidden();

  // A message to the shop.
  const box = page.getByRole('textbox', { name: 'Mensaje' });
  await expect(box).toHaveAttribute('placeholder', 'Escriba su mensaje para el taller…');
  await box.fill('¿Pueden empezar el lunes?');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Mensaje enviado', { exact: true })).toBeVisible();
  const conversation = page.getByRole('list', { name: 'Mensajes' });
  await expect(conversation).toContainText('¿Pueden empezar el lunes?');
  await expect(conversation).toContainText('Usted');
  await expect(box).toHaveValue('');

  // Approving asks first, in Spanish, naming the total; then the toast and the badge in Spanish.
  await page.getByRole('button', { name: 'Aprobar cotización' }).click();
  const approval = page.getByRole('alertdialog', { name: '¿Aprobar este presupuesto?' });
  await expect(approval).toContainText('por un total de $558.00');
  await approval.getByRole('button', { name: 'Aprobar $558.00' }).click();
  await expect(page.getByText('Presupuesto aprobado', { exact: true })).toBeVisible();
  await expect(page.getByText('Aprobado', { exact: true }).first()).toBeVisible();
  await expect(totalsList).toContainText('Total$558.00');

  // The car is in; the shop records a stage with a note.
  const started = await shop.post(`/api/admin/estimates/${estimate.id}/status`, {
    data: { status: 'in_progress' },
  });
  expect(started.ok(), await started.text()).toBeTruthy();
  const stage = await shop.post(`/api/estimates/${estimate.id}/stages`, {
    data: { stage: 'Parts ordered', note: 'Bumper cover arrives Thursday.' },
  });
  expect(stage.status(), await stage.text()).toBe(201);
  await shop.dispose();

  await page.reload();
  const progress = page.getByRole('region', { name: 'Avance de la reparación' });
  expect(await timelineTitles(page, 'Historial de la reparación')).toEqual([
    'Piezas pedidas Etapa de la reparación (lo más reciente)',
    'En reparación Estado',
    'Aprobado Estado',
    'Cotizado Estado',
    'Pendiente Estado',
  ]);
  await expect(progress).toContainText('Bumper cover arrives Thursday.');
  // Times on the shop's clock, written the Spanish way: "5 mar 2026, 2:30 p. m.".
  await expect(progress.locator('time').first()).toHaveText(
    /^\d{1,2} [a-z]{3}\.? \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\.$/,
  );
  await expect(page.getByRole('list', { name: 'Avance de la reparación' })).toContainText('En reparación');
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'in-progress-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, 'in-progress-1280');
});
