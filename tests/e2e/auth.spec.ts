import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  logout,
  registerCustomer,
  signIn,
  uniqueEmail,
  watchForText,
} from './helpers.ts';

test('a customer registers, signs out, signs in again and sees their home', async ({ page }) => {
  const email = await registerCustomer(page, 'Maria');
  await expect(page.getByText('You have 0 active repairs.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Estimate' })).toBeVisible();

  await logout(page);
  await expect(page.getByRole('link', { name: 'Get Your Estimate Now' })).toBeVisible();

  await signIn(page, email, 'sunshine93');
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Maria!' })).toBeVisible();

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
  await expect(page.getByRole('heading', { name: 'Welcome, Kim!' })).toBeVisible();
});

test('signing in from an e-mailed estimate link returns to that estimate', async ({ page }) => {
  const email = await registerCustomer(page, 'Nina');
  const estimate = await createEstimateViaApi(page.request);
  await logout(page);

  const signedOutToast = await watchForText(page, 'You are logged out. Logging in again...');
  await page.goto(`/estimate/${estimate.id}`);
  await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/estimate/${estimate.id}`)}`);
  expect(signedOutToast.shownAt()).not.toBeNull();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('sunshine93');
  // Typed while the app may still be taking the page over: what was typed stays (use-auth-form.ts).
  await expect(page.getByLabel('Email')).toHaveValue(email);
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

test('the password forms check their fields and show the answer; the tabs follow the arrow keys', async ({
  page,
}) => {
  // Forgot password: the field is checked, then the same answer comes whether or not there is an account.
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  // Checked again as it is corrected.
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: 'Sign In' })
      .getByRole('status')
      .filter({ hasText: /we sent a link/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();

  // Login / Register with the keyboard: arrows move and open, only the open tab is in the Tab order.
  const login = page.getByRole('tab', { name: 'Sign In' });
  await expect(login).toHaveAttribute('aria-selected', 'true');
  await login.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeFocused();
  await expect(page).toHaveURL('/auth?tab=register');
  await expect(page.getByRole('tabpanel', { name: 'Register' }).getByLabel('First name')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(login).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Sign In' }).getByLabel('Password')).toBeVisible();

  // The e-mailed link's form: a malformed link and a short password are caught here, a link the
  // server does not know is refused by it.
  await page.goto('/auth?token=short');
  await page.getByLabel('New password').fill('123');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('This link is not valid. Please ask for a new one.')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  // NIST SP 800-63B: one of the most used passwords is refused too, as it is typed here.
  await page.getByLabel('New password').fill('Password1');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(
    page.getByText('This password is among the most used and easy to guess. Please choose another.'),
  ).toBeVisible();
  await page.goto(`/auth?token=${'x'.repeat(43)}`);
  await page.getByLabel('New password').fill('sunshine93');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Could not set password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?token=/);
});
