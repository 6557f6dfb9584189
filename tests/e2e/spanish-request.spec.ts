import type { Page, TestInfo } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures.ts';
import {
  expectNoSidewaysScroll,
  makeJpeg,
  newAdminRequest,
  quoteEstimateViaApi,
  uniqueEmail,
} from './helpers.ts';
import { mailsTo } from './mailbox.ts';

// A Spanish-speaking customer on a phone: the browser asks for Spanish (Accept-Language es-US), and
// nothing else tells the app which language to speak.
test.use({ viewport: { width: 375, height: 812 }, locale: 'es-US' });

// Phone-sized pages of the photo workflow load Uppy: allow a busy machine the time.
const expect = baseExpect.configure({ timeout: 20_000 });

const NOT_A_PHOTO = { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no es una foto') };

/** A 375 px screenshot of the whole page, kept with the test's results, and no sideways scrolling. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSidewaysScroll(page, `${name} scrolls sideways`);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const photoInput = (page: Page, step: string) => page.getByLabel(`Tomar foto: ${step}`, { exact: true });
const stepTile = (page: Page, step: string) =>
  page
    .getByRole('list', { name: 'Pasos de las fotos' })
    .getByRole('listitem')
    .filter({ has: photoInput(page, step) });

test('a Spanish-speaking customer requests an estimate on a phone, in Spanish, and reads the quote e-mail in Spanish', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);

  // Signed out, the workflow asks for an account first.
  await page.goto('/estimate');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Inicie sesión' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión para continuar' })).toHaveAttribute(
    'href',
    '/auth',
  );
  await shoot(page, testInfo, '1-inicie-sesion');

  // The account takes the language of the browser that opened it.
  const email = uniqueEmail('rosa');
  const registered = await page.request.post('/api/register', {
    headers: { 'accept-language': 'es-US,es;q=0.9' },
    data: { email, password: 'sunshine93', firstName: 'Rosa', lastName: 'Lopez' },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto('/estimate');
  await expect(page.getByRole('heading', { name: 'Pida su presupuesto' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a su panel' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('radio', { name: 'Por mi cuenta' })).toBeChecked();
  const submit = page.getByRole('button', { name: 'Enviar solicitud de presupuesto' });
  await expect(submit).toBeDisabled();
  await expect(page.getByText('Tome la foto de la vista general del vehículo para continuar.')).toBeVisible();
  await shoot(page, testInfo, '2-formulario');

  await field(page, 'Año').fill('2019');
  await field(page, 'Marca').fill('Toyota');
  await field(page, 'Modelo').fill('Camry');
  await field(page, 'VIN (número de serie)').fill('4t1b11hk8ku123456');
  await field(page, 'Millaje (millas)').fill('45210');
  await field(page, 'Teléfono').fill('(813) 555-0100');
  await page.getByRole('radio', { name: 'Seguro' }).check();
  await page.getByLabel('Compañía de seguros', { exact: true }).selectOption('Other');
  await expect(page.getByLabel('Compañía de seguros', { exact: true })).toContainText('Otra');
  await field(page, 'Nombre de la compañía de seguros').fill('Sunshine Mutual');
  await field(page, '¿Qué necesita reparar?').fill('Un golpe en el parachoques trasero.');

  // A file that is not a photo is refused at once, in Spanish.
  await photoInput(page, 'Vista general del vehículo').setInputFiles(NOT_A_PHOTO);
  await expect(page.getByText('Foto no aceptada', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Por favor, elija una foto (un archivo de imagen, como JPEG o PNG).', { exact: true }),
  ).toBeVisible();

  const overview = { name: 'vista.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg('#cc0000', 64, 48) };
  await photoInput(page, 'Vista general del vehículo').setInputFiles(overview);
  await expect(stepTile(page, 'Vista general del vehículo').getByText('Enviada')).toBeVisible();
  await expect(stepTile(page, 'Daños delanteros')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Tomar foto (obligatoria)')).toHaveCount(0);
  await expect(submit).toBeEnabled();

  // The plate was left empty: the field says so in Spanish, and so does the toast's title.
  await submit.click();
  await expect(page.getByText('Falta información', { exact: true })).toBeVisible();
  const plate = field(page, 'Placa');
  await expect(plate).toHaveAttribute('aria-invalid', 'true');
  await expect(plate).toHaveAccessibleDescription('Escriba la placa. Tal como aparece en la placa.');
  await expect(page.getByText('Revise el campo marcado en rojo más arriba.')).toBeVisible();
  await field(page, 'Año').fill('1800');
  await submit.click();
  await expect(field(page, 'Año')).toHaveAccessibleDescription(
    'Escriba un año de vehículo válido. Cuatro dígitos, por ejemplo 2019.',
  );
  await expect(page.getByText('Revise los 2 campos marcados en rojo más arriba.')).toBeVisible();
  await shoot(page, testInfo, '3-campos-en-rojo');
  await field(page, 'Año').fill('2019');
  await plate.pressSequentially('abc 123');

  await submit.click();
  await expect(page.getByRole('heading', { name: '¡Gracias por su solicitud!' })).toBeVisible();
  await expect(page).toHaveURL(/\/estimate\/[0-9a-f-]{36}\/review$/);
  const reviewUrl = page.url();
  await expect(page.getByText('En revisión', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '¿Qué pasa ahora?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver presupuesto' })).toBeVisible();
  // When it was sent, on the shop's clock, written the Spanish way ("5 mar 2026, 2:30 p.m.").
  await expect(page.locator('time')).toHaveText(
    /^\d{1,2} \p{L}{3,4}\.? \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\.$/u,
  );
  await shoot(page, testInfo, '4-gracias');

  // Home and the dashboard follow the request, in Spanish too.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '¡Hola de nuevo, Rosa!' })).toBeVisible();
  await expect(page.getByText('Tiene 1 reparación en curso.')).toBeVisible();
  await expect(page.getByText('Placa ABC123').first()).toBeVisible();
  await expect(page.getByText('Presupuesto en preparación').first()).toBeVisible();
  await shoot(page, testInfo, '5-inicio');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Su panel' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Avance de la reparación' })).toContainText('Aprobado');
  const history = page.getByRole('list', { name: 'Todos sus presupuestos' });
  await expect(history.getByText(/^Enviado el \d{1,2} \p{L}{3,4}\.? \d{4}$/u)).toBeVisible();
  await shoot(page, testInfo, '6-panel');

  // The shop quotes it; the e-mail the customer gets is in Spanish, amounts and link included.
  const estimateId = /\/estimate\/([0-9a-f-]{36})\/review/.exec(reviewUrl)?.[1] ?? '';
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimateId);
  await admin.dispose();
  await expect
    .poll(
      () => mailsTo(email).find((mail) => mail.subject.startsWith('Su presupuesto está listo'))?.subject,
      {
        timeout: 30_000,
      },
    )
    .toBe('Su presupuesto está listo: $1,250.00');
  const quote = mailsTo(email).find((mail) => mail.subject.startsWith('Su presupuesto está listo'));
  expect(quote?.text).toMatch(/El presupuesto para (su )?2019 Toyota Camry está listo\./);
  expect(quote?.text).toContain(`/estimate/${estimateId}`);
  expect(quote?.text).not.toContain('Your estimate');
  expect(quote?.html).toContain('<html lang="es">');
});
