import { type Browser, test as base } from '@playwright/test';
import { awaitingTheAppInNewContexts, withTheAppAwaited } from './app-take-over.ts';
import { registerViaApi, signInAsAdminViaApi } from './helpers.ts';

export { expect } from '@playwright/test';

/**
 * Signs the test's page in through the API, not the sign-in form: only the tests of signing up and
 * signing in go through the forms (auth.spec.ts, guards.spec.ts, language-choice.spec.ts).
 * The page is not navigated: the next `goto` opens signed in.
 */
export interface Login {
  /** A new customer (e-mail of its own unless given), signed in on the page. */
  customer(firstName?: string, email?: string): Promise<{ email: string; firstName: string }>;
  /** The e2e admin, signed in on the page. */
  admin(): Promise<void>;
}

export const test = base.extend<{ login: Login }, { browser: Browser }>({
  // Pages open as a person uses them: once the app has taken them over (app-take-over.ts).
  browser: [async ({ browser }, use) => use(awaitingTheAppInNewContexts(browser)), { scope: 'worker' }],
  context: async ({ context }, use) => use(withTheAppAwaited(context)),
  login: async ({ page }, use) => {
    await use({
      customer: (firstName, email) => registerViaApi(page.request, { firstName, email }),
      admin: () => signInAsAdminViaApi(page.request),
    });
  },
});
