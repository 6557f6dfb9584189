import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  expectNoSidewaysScroll,
  newAdminRequest,
  newCustomerRequest,
  quoteEstimateViaApi,
  uniqueEmail,
} from './helpers.ts';

/**
 * A Spanish-speaking customer in Florida: a phone whose browser asks for es-US and who chose Spanish
 * (the `lang` cookie the language switch leaves). Paying and following the repair read in Spanish,
 * with amounts and dates written for a Spanish reader.
 */
async function spanishPhone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'es-US', viewport: { width: 375, height: 812 } });
  await context.addCookies([{ name: 'lang', value: 'es', url: baseURL }]);
  return context;
}

test('a customer pays the deductible in Spanish in test mode and reads the Spanish receipt', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? '';
  const context = await spanishPhone(browser, origin);
  const page = await context.newPage();
  const registered = await page.request.post('/api/register', {
    data: { email: uniqueEmail('pago'), password: 'sunshine93', firstName: 'Lucía', lastName: 'Pérez' },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // An approved $3,400.00 estimate with a $1,250.00 deductible.
  const estimate = await createEstimateViaApi(page.request, { make: 'Toyota', model: 'Corolla', year: 2022 });
  const admin = await newAdminRequest(playwright.request, origin);
  await quoteEstimateViaApi(admin, estimate.id, {
    estimatedAmount: '3400.00',
    customerDeductible: '1250.00',
    insuranceCoverage: '2150.00',
  });
  await admin.dispose();
  await approveEstimateViaApi(page.request, estimate.id);

  await page.goto(`/payment?estimate=${estimate.id}`);
  await expect(page.getByRole('heading', { name: 'Complete su pago' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('MODO DE PRUEBA', { exact: true })).toBeVisible();
  await expect(page.getByText('Resumen del presupuesto')).toBeVisible();
  await expect(page.getByText('Cantidad a pagar')).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText('$1,250.00');
  await expect(page.getByText(/Esta es la cantidad que debe por su reparación\./)).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pagar $1,250.00' });
  await expect(pay).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payment-page-es.png'), fullPage: true });

  // The card checks speak Spanish before anything is sent.
  const form = page.getByRole('form', { name: 'Pago con tarjeta de prueba' });
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4241');
  await page.getByLabel('Fecha de vencimiento').fill('12 / 34');
  await page.getByLabel('Código de seguridad (CVC)').fill('123');
  await pay.click();
  await expect(form.getByRole('alert')).toHaveText('El número de su tarjeta no es válido.');

  // The test provider's refusal, in Spanish on the form and in the toast.
  await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
  await pay.click();
  await expect(form.getByRole('alert')).toHaveText('Su tarjeta fue rechazada.');
  await expect(page.getByText('El pago no se completó', { exact: true })).toBeVisible();

  await page.getByLabel('Número de tarjeta').fill('4242424242424242');
  await pay.click();
  await expect(page.getByRole('heading', { name: '¡Pago recibido!' })).toBeVisible();
  await expect(page.getByText('Gracias. Hemos recibido su pago.')).toBeVisible();
  await expect(page.getByTestId('amount-paid')).toHaveText('$1,250.00');
  await expect(page.getByText('Su deducible')).toBeVisible();
  await expect(page.getByText('Total del presupuesto')).toBeVisible();
  await expect(page.getByText('$3,400.00')).toBeVisible();
  // The day of payment, written the Spanish way: "24 de noviembre de 2026".
  await expect(page.locator('time')).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}$/);
  await expect(page.getByRole('heading', { name: '¿Qué sigue?' })).toBeVisible();
  await expect(
    page.getByText('Nuestro equipo se comunicará con usted para programar su reparación.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver el presupuesto' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('payment-success-es.png'), fullPage: true });

  // Paid: the payment page says so, in Spanish.
  await page.goto(`/payment?estimate=${estimate.id}`);
  await expect(page.getByRole('heading', { name: 'No hay nada que pagar' })).toBeVisible();
  await expect(page.getByText('Este presupuesto ya está pagado.')).toBeVisible();
  await expect(page.getByText('Cantidad pagada: $1,250.00')).toBeVisible();

  // The estimate's screen notes the payment, with the day written the Spanish way.
  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByText('Pagado: $1,250.00')).toBeVisible();
  await expect(page.getByText(/^Pagado: \$1,250\.00 el \d{1,2} [a-z]+\.? \d{4}$/)).toBeVisible();

  await context.close();
});

test('a status link opened signed out by a Spanish-speaking browser reads in Spanish', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? '';
  const customer = await newCustomerRequest(playwright.request, origin, 'Rosa');
  const admin = await newAdminRequest(playwright.request, origin);
  const estimate = await createEstimateViaApi(customer, { make: 'Subaru', model: 'Outback', year: 2020 });
  await quoteEstimateViaApi(admin, estimate.id);
  await approveEstimateViaApi(customer, estimate.id);
  for (const data of [{ status: 'in_progress' }, { promisedDate: '2031-05-12' }]) {
    const changed = await admin.patch(`/api/estimates/${estimate.id}`, { data });
    expect(changed.ok(), await changed.text()).toBeTruthy();
  }
  const created = await customer.post(`/api/estimates/${estimate.id}/status-link`);
  expect(created.status(), await created.text()).toBe(201);
  const path = new URL(((await created.json()) as { url: string }).url).pathname;

  const context = await spanishPhone(browser, origin);
  const page = await context.newPage();
  expect((await page.goto(path))?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Hola, Rosa:' })).toBeVisible();
  await expect(page.getByText(/así va la reparación de su 2020 Subaru Outback en /)).toBeVisible();
  await expect(page.getByText('Estado actual')).toBeVisible();
  await expect(page.getByText('Avance de la reparación')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Fotos enviadas con la solicitud' }).getByRole('img'),
  ).toHaveCount(2);
  await expect(page.getByText(/este enlace funciona hasta el \d{1,2} de [a-z]+ de \d{4}\./)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('status-page-es.png'), fullPage: true });

  // A link turned off says so in Spanish.
  const off = await customer.delete(`/api/estimates/${estimate.id}/status-link`);
  expect(off.status()).toBe(204);
  expect((await page.goto(path))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Este enlace no es válido' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('status-not-valid-es.png'), fullPage: true });

  await context.close();
  await customer.dispose();
  await admin.dispose();
});
