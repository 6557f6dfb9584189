import { expect, test } from './fixtures.ts';

// A phone whose browser prefers Spanish (Playwright sends it as Accept-Language and navigator.languages).
test.use({ locale: 'es-US', viewport: { width: 375, height: 667 } });

test('a Spanish-speaking visitor gets the landing page in Spanish and can switch to English and back', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Reparación de choques bien hecha');
  await expect(page.getByRole('link', { name: 'Pida su presupuesto ahora' })).toHaveAttribute(
    'href',
    '/estimate',
  );
  await expect(page).toHaveTitle(/Carrocería y reparación de choques/);

  // The switch is in the header's second row on a phone, named in the language it offers.
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Collision repair done right');
  await expect(page.getByRole('link', { name: 'Get Your Estimate Now' })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en');

  // The choice outlives the page, over the browser's own preference.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Collision repair done right');

  await header.getByRole('link', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Reparación de choques bien hecha');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Horario', { exact: true })).toBeVisible();

  // The shop's photos, whose code and words come as the visitor scrolls to them, in Spanish too.
  await page.getByRole('heading', { name: /^Negocio familiar desde/ }).scrollIntoViewIfNeeded();
  const photos = page.getByRole('region', { name: 'Fotos de nuestro taller' });
  await expect(photos.getByRole('button', { name: 'Imagen siguiente' })).toBeVisible();
  await expect(photos.getByRole('img').first()).toHaveAttribute('alt', /^El frente del taller/);
});

test('the about and sign-in pages speak Spanish', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Nuestra historia' })).toBeVisible();
  await expect(page.getByText('Lunes – Jueves').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^El frente del taller/ })).toBeAttached();

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  // The prerendered form's tabs work once the app has taken the page over (its button is enabled then).
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled();
  await page.getByRole('tab', { name: 'Registrarse' }).click();
  await expect(page.getByRole('heading', { name: 'Cree su cuenta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
});

test('an unknown page says so in Spanish', async ({ page }) => {
  const answer = await page.goto('/no-such-page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Página no encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
});
