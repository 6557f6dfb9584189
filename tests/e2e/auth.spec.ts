import { expect, test } from '@playwright/test';
import { createEstimateViaApi, logout, registerCustomer, signIn, uniqueEmail } from './helpers.ts';

test('a customer registers, signs out, signs in again and sees their home', async ({ page }) => {
  const email = await registerCustomer(page, 'Maria');
  await expect(page.getByText('You have 0 active repairs.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Estimate' })).toBeVisible();

  await logout(page);
  await expect(page.getByRole('link', { name: 'Get Your Estimate Now' })).toBeVisible();

  await signIn(page, email, 'sunshine93');
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back, Maria!' })).toBeVisible();

  // A signed-in customer sent to /auth goes home.
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
});

test('the forms show the validation messages and the failure toasts', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Email').fill('nobody@e2e.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();

  const email = uniqueEmail('taken');
  await registerCustomer(page, 'Sam', email);
  await logout(page);
  await page.goto('/auth?tab=register');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('sunshine93');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'An account with this email already exists. Please sign in, or use "Forgot password?" to set a password.',
      { exact: true },
    ),
  ).toBeVisible();
});

test('the sign-in form works with the keyboard alone', async ({ page }) => {
  const email = await registerCustomer(page, 'Kim');
  await logout(page);
  await page.goto('/auth');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('sunshine93');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome back, Kim!' })).toBeVisible();
});

test('signing in from an e-mailed estimate link returns to that estimate', async ({ page }) => {
  const email = await registerCustomer(page, 'Nina');
  const estimate = await createEstimateViaApi(page.request);
  await logout(page);

  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByText('You are logged out. Logging in again...', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/estimate/${estimate.id}`)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('sunshine93');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`/estimate/${estimate.id}`);
  await expect(
    page.getByRole('heading', { name: `Estimate #${estimate.id.slice(0, 8).toUpperCase()}` }),
  ).toBeVisible();

  // Another site's address as `next` is ignored: the customer lands on their home.
  await logout(page);
  await page.goto('/auth?next=//evil.example');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('sunshine93');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Nina!' })).toBeVisible();
  await expect(page).toHaveURL('/');
});
