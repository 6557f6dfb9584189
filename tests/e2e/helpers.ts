import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'owner@e2e.test', password: 'owner-pass-1993' };

let counter = 0;
/** A new customer e-mail per call, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.test`;
}

export async function registerCustomer(page: Page, firstName = 'Maria', email = uniqueEmail()) {
  await page.goto('/auth?tab=register');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('sunshine93');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${firstName}!` })).toBeVisible();
  return email;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function logout(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL('/');
}
