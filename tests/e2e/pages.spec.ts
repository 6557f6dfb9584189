import { errorsOf, holdTheAppsCode } from './app-take-over.ts';
import { expect, test } from './fixtures.ts';
import { CUSTOMER_PASSWORD, registerViaApi, twoFrames } from './helpers.ts';

test('the landing page shows every section', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Your Estimate Now' })).toHaveAttribute(
    'href',
    '/estimate',
  );
  await expect(page.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  for (const text of [
    '30+ Years',
    'Vehicles Repaired',
    'All Auto Body Repairs',
    'Take Photos',
    'Schedule Repair',
  ]) {
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Start Your Estimate Now' })).toHaveAttribute(
    'href',
    '/estimate',
  );
  await expect(page.getByRole('link', { name: 'Learn More About Our Services' })).toHaveAttribute(
    'href',
    '/about',
  );
  for (const value of ['Family Values', 'Honest Service', 'Quality Guarantee']) {
    await expect(page.getByText(value, { exact: true })).toBeVisible();
  }
  const join = page.getByRole('navigation', { name: 'Join' });
  await expect(join.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(page.getByText('Business Hours')).toBeVisible();
  await expect(page.getByText('8:00 AM – 4:30 PM')).toBeVisible();
  await expect(page.getByText(/© \d{4} /)).toBeVisible();
});

// The server prerenders the landing page: it reads before any script has run.
const ENGLISH_HEADING = 'Collision repair done right';
const SPANISH_HEADING = 'Reparación de choques bien hecha';

for (const [locale, heading, action, switchTo, otherHeading] of [
  ['en-US', ENGLISH_HEADING, 'Get Your Estimate Now', 'Español', SPANISH_HEADING],
  ['es-US', SPANISH_HEADING, 'Pida su presupuesto ahora', 'English', ENGLISH_HEADING],
] as const) {
  test(`the landing page is in the HTML itself, in the visitor's language (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expect(page.getByRole('link', { name: action })).toHaveAttribute('href', '/estimate');
    await expect(page.getByRole('navigation', { name: /^(Join|Únase)$/ })).toBeVisible();
    // The language switch is a link the server answers: it works without script.
    await page.getByRole('banner').getByRole('link', { name: switchTo }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(otherHeading);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
}

test("the landing page asks for the app's code only once the hero photo is on screen", async ({ page }) => {
  let releaseHero = () => {};
  const heroHeld = new Promise<void>((resolve) => {
    releaseHero = resolve;
  });
  await page.route(/\/images\/hero-\d+\.webp$/, async (route) => {
    await heroHeld;
    await route.continue();
  });
  const appScripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !/landing-start/.test(request.url()))
      appScripts.push(request.url());
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ENGLISH_HEADING);
  await page.waitForTimeout(500);
  expect(appScripts).toEqual([]);

  releaseHero();
  await expect.poll(() => appScripts.some((url) => /\/assets\/index-/.test(url))).toBe(true);
  // The app has taken over: its switch changes the language in place, without loading the page.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SPANISH_HEADING);
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
});

test('the app takes over the prerendered landing page without a hydration error', async ({ page }) => {
  const errors = errorsOf(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Interactive: the language switch is the app's, not the HTML's.
  await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SPANISH_HEADING);
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ENGLISH_HEADING);
  expect(errors).toEqual([]);
});

test('a first page drawn last year is taken over on New Year’s Day as it was drawn, then reads the new year', async ({
  page,
}) => {
  // The server drew its first pages when it started, this year; the visitor opens one on New Year's Day.
  const year = Number(
    new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/New_York' }).format(new Date()),
  );
  const errors = errorsOf(page);
  await page.clock.install({ time: new Date(`${year + 1}-01-01T17:00:00Z`) });
  const releaseApp = await holdTheAppsCode(page);
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${year} `);
  releaseApp();
  await expect(page.locator('html')).toHaveAttribute('data-taken-over', '');
  // Taken over as drawn (read against the browser's clock, the year would not match the markup, and
  // React would draw the page again), then the year moves on.
  await expect(footer).toContainText(`© ${year + 1} `);
  expect(errors).toEqual([]);
});

test('the about and sign-in pages are in the HTML itself, and the app takes them over without an error', async ({
  browser,
  baseURL,
  page,
}) => {
  const withoutScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await withoutScript.newPage();
  await plain.goto('/about');
  await expect(plain.getByRole('heading', { level: 1 })).toContainText('family-owned body shop since');
  await plain.goto('/auth?next=/dashboard');
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
  await expect(plain.getByLabel('Email')).toBeVisible();
  // Sent by the browser itself, the form would carry the password in the address: it waits for the app.
  await expect(plain.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();
  await withoutScript.close();

  const errors = errorsOf(page);
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('desde');
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await page.goto('/auth?next=/dashboard');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
  expect(errors).toEqual([]);
});

test('what is typed into the prerendered sign-in form before the app takes it over is what signs in', async ({
  page,
}) => {
  const { email } = await registerViaApi(page.request, { firstName: 'Early' });
  await page.context().clearCookies();
  const releaseApp = await holdTheAppsCode(page);
  await page.goto('/auth', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(CUSTOMER_PASSWORD);
  releaseApp();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Early!' })).toBeVisible();
});

test('a tap on the prerendered sign-in page before the app takes it over is answered once it has', async ({
  page,
}) => {
  const releaseApp = await holdTheAppsCode(page);
  await page.goto('/auth', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: 'Send Link' })).toHaveCount(0);
  releaseApp();
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  // Pressed once: the tab is still the sign-in one, and going back works.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test(`the Join panel never covers the hero or the trust cards, at any scroll (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const hero = page.getByRole('region', { name: /Collision repair done right/ });
    const content = [
      hero.getByRole('heading', { level: 1 }),
      hero.getByText(/Snap a few photos/),
      hero.getByRole('link', { name: 'Get Your Estimate Now' }),
      hero.getByRole('link', { name: /^Call / }),
      ...(await page.getByRole('region', { name: 'Why drivers trust us' }).getByRole('listitem').all()),
    ];
    expect(content).toHaveLength(7);
    for (const item of content) await item.evaluate((element) => element.setAttribute('data-checked', ''));

    // Every 40 px down the page: no Join panel on screen may touch any of them.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    let floatedAt: number | null = null;
    for (let y = 0; y < height; y += 40) {
      const seen = await page.evaluate(async (top) => {
        window.scrollTo(0, top);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const panels = [...document.querySelectorAll('nav[aria-label="Join"], aside[aria-label="Join"]')];
        const items = [...document.querySelectorAll('[data-checked]')];
        const covered: string[] = [];
        for (const panel of panels) {
          const p = panel.getBoundingClientRect();
          for (const item of items) {
            const i = item.getBoundingClientRect();
            if (p.left < i.right && i.left < p.right && p.top < i.bottom && i.top < p.bottom) {
              covered.push(item.textContent ?? '');
            }
          }
        }
        return { covered, floating: panels.some((panel) => panel.tagName === 'ASIDE') };
      }, y);
      expect(seen.covered, `covered at scroll ${y}`).toEqual([]);
      if (seen.floating) floatedAt ??= y;
    }

    // Past the hero the panel floats along, until it is closed (for good).
    expect(floatedAt).not.toBeNull();
    const floating = page.getByRole('complementary', { name: 'Join' });
    await expect(floating.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/auth?tab=register',
    );
    await floating.getByRole('button', { name: 'Close the Join panel' }).click();
    await expect(floating).toHaveCount(0);
    await page.reload();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await twoFrames(page);
    await expect(floating).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(
      page.getByRole('navigation', { name: 'Join' }).getByRole('link', { name: 'Sign In' }),
    ).toBeVisible();
  });
}

test('the carousel moves with its arrows and dots', async ({ page }) => {
  await page.goto('/');
  // Its code comes as the visitor scrolls near it.
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await expect(carousel).toHaveCount(0);
  await page.getByRole('heading', { name: /^Family-owned/ }).scrollIntoViewIfNeeded();
  await carousel.scrollIntoViewIfNeeded();
  const dots = carousel.getByRole('button', { name: /^Show image \d of 5$/ });
  await expect(dots).toHaveCount(5);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: 'Next image' }).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: 'Previous image' }).click();
  await carousel.getByRole('button', { name: 'Previous image' }).click();
  await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
  await dots.nth(2).click();
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  for (const img of await carousel.locator('img').all()) {
    expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
  }
});

test('nothing is wider than a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/', '/about', '/auth']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});

test('the about page links to sign-in, or to the dashboard when signed in', async ({ page, login }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main a[href="/auth"]').first()).toBeVisible();
  await login.customer('Abe');
  await page.goto('/about');
  await expect(page.locator('main a[href="/dashboard"]').first()).toBeVisible();
});

test('an unknown path shows the not-found page with a 404 status', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toHaveCount(0);
  // The shop's header, as on the other public pages, and a way home.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get Estimate' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('the mobile menu opens, navigates and logs out', async ({ page, login }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login.customer('Mo');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main (small screens)' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Get Your Estimate Now' })).toBeVisible();
});
