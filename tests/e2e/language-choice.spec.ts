import { expect, test } from './fixtures.ts';
import { CUSTOMER_PASSWORD, registerViaApi, signIn } from './helpers.ts';

test("a customer's choice of language follows the account to another browser, both ways", async ({
  browser,
}) => {
  // An English browser: the customer opens an account and chooses Español in the navigation bar.
  const first = await browser.newContext({ locale: 'en-US' });
  const { email } = await registerViaApi(first.request, { firstName: 'Lucia' });
  const page = await first.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Lucia!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A slow network: the account's save takes a while. The page turns Spanish only once it is saved,
  // so the reload below cannot cancel it on its way.
  await page.route('**/api/auth/user', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Español', exact: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: '¡Le damos la bienvenida, Lucia!' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '¡Le damos la bienvenida, Lucia!' })).toBeVisible();
  await first.close();

  // Another English browser that never saw the choice: the sign-in page is English; once signed in,
  // the account's Spanish takes over, and stays after a reload.
  const second = await browser.newContext({ locale: 'en-US' });
  const other = await second.newPage();
  await signIn(other, email, CUSTOMER_PASSWORD);
  await expect(other.getByRole('heading', { name: '¡Le damos la bienvenida, Lucia!' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'es');
  await other.reload();
  await expect(other.getByRole('heading', { name: '¡Le damos la bienvenida, Lucia!' })).toBeVisible();

  // Back to English there; a Spanish-speaking browser signing in later gets English, the account's.
  await other.getByRole('link', { name: 'English', exact: true }).first().click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await expect(other.getByRole('heading', { name: 'Welcome, Lucia!' })).toBeVisible();
  await second.close();

  const third = await browser.newContext({ locale: 'es-US' });
  const spanishBrowser = await third.newPage();
  await spanishBrowser.goto('/auth');
  await expect(spanishBrowser.locator('html')).toHaveAttribute('lang', 'es');
  await spanishBrowser.getByLabel('Correo electrónico').fill(email);
  await spanishBrowser.getByLabel('Contraseña').fill(CUSTOMER_PASSWORD);
  await spanishBrowser.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(spanishBrowser.getByRole('heading', { name: 'Welcome, Lucia!' })).toBeVisible();
  await expect(spanishBrowser.locator('html')).toHaveAttribute('lang', 'en');
  await third.close();
});
