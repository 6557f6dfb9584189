import { expect, test } from './fixtures.ts';
import { ADMIN, signIn, watchForText } from './helpers.ts';

test('an admin made with create-admin signs in and lands on /admin', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage estimates and repair orders')).toBeVisible();

  // Admins are sent from the customer pages to /admin.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  // No customer Dashboard link that would only bounce the admin back to /admin.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

test('a customer sent to /admin is turned away with Unauthorized', async ({ page, login }) => {
  await login.customer('Cora');
  await page.goto('/admin');
  await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access this page.", { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Cora!' })).toBeVisible();
});

test('a visitor sent to a signed-in page is told and taken to sign in', async ({ page }) => {
  const signedOutToast = await watchForText(page, 'You are logged out. Logging in again...');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?next=%2Fdashboard');
  expect(signedOutToast.shownAt()).not.toBeNull();
});

test('staff signed out who open an estimate from an e-mail sign in and land on that estimate', async ({
  page,
}) => {
  const estimatePath = `/admin/estimate/${crypto.randomUUID()}`;
  await page.goto(estimatePath);
  await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(estimatePath)}`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(estimatePath);
});

test('a customer sees their dashboard with the progress strip', async ({ page, login }) => {
  await login.customer('Dev');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
  await expect(page.getByText("You haven't requested an estimate yet.")).toBeVisible();
});
