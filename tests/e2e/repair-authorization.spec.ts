import { expect, test } from './fixtures.ts';
import {
  approveEstimateViaApi,
  createEstimateViaApi,
  makeJpeg,
  newAdminPage,
  newAdminRequest,
  quoteEstimateViaApi,
  twoFrames,
  uploadPhotoViaApi,
} from './helpers.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('the customer signs the approved estimate with a drawn signature from the link; the shop sees the signed PDF', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
}) => {
  await login.customer('Sofia');
  const estimate = await createEstimateViaApi(page.request);
  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id);
  await approveEstimateViaApi(page.request, estimate.id);

  // The desk's phone shows the check-in form: a tile per required angle.
  const desk = await newAdminPage(browser, 375);
  await desk.page.goto(`/admin/estimate/${estimate.id}`);
  const card = desk.page.getByRole('region', { name: 'Check-in' });
  const labels = ['Front', 'Rear', 'Left side', 'Right side', 'Odometer'];
  for (const label of labels) {
    await expect(card.getByRole('button', { name: `Take the photo: ${label}` })).toHaveText(label);
  }
  await expect(card.getByLabel('Fuel level').locator('option')).toHaveText([
    'Not noted',
    'Empty',
    '1/4',
    '1/2',
    '3/4',
    'Full',
  ]);
  await card.getByLabel('Odometer (miles)').fill('45230');
  await card.getByRole('button', { name: 'Record check-in' }).click();
  await expect(card.getByRole('alert')).toHaveText(`Take a photo of: ${labels.join(', ')}.`);
  await card.scrollIntoViewIfNeeded();
  await desk.page.screenshot({ path: test.info().outputPath('check-in-375.png') });
  await desk.close();

  // The desk checks the car in with a photo of every required angle, uploaded through the app.
  const angles = ['front', 'rear', 'left', 'right', 'odometer'];
  const photos = [];
  for (const [index, angle] of angles.entries()) {
    photos.push({ angle, photoURL: await uploadPhotoViaApi(admin, await makeJpeg(`#${index}${index}4455`)) });
  }
  const checkedIn = await admin.post(`/api/admin/estimates/${estimate.id}/check-in`, {
    data: { odometer: 45230, fuel: '3/4', keys: '1 key', photos },
  });
  expect(checkedIn.status(), await checkedIn.text()).toBe(201);
  await admin.dispose();

  // Nothing is asked of the server that is not there yet: no authorisation before one is signed
  // (its 404 was an error in the browser's console on every approved estimate).
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  // The customer opens their estimate from the home page (the app draws it, asking the server itself),
  // sees the check-in on it, and the link to sign.
  await page.goto('/');
  await page
    .getByRole('link', { name: /2019 Honda Accord/ })
    .first()
    .click();
  await expect(page.getByText('Car checked in: walk-around photos')).toBeVisible();
  await page.getByRole('link', { name: 'Review and sign' }).click();
  await expect(page.getByRole('heading', { name: 'Sign the repair authorization' })).toBeVisible();
  await expect(page.getByText(/1-800-HELP-FLA/)).toBeVisible();

  // Nothing drawn yet: the page asks for the signature before sending anything.
  await page.getByRole('button', { name: 'Sign and authorize the repair' }).click();
  await expect(page.getByText('Please sign in the box with your finger or mouse.')).toBeVisible();
  expect(notFound).toEqual([]);
  // A limit under the $1,250.00 approved would forbid the approved work: the form says so by the field.
  await page.getByLabel(/as long as the repair does not cost more than an amount I set/).check();
  const limit = page.getByLabel('Most the shop may charge without asking me ($)');
  await limit.fill('1000');
  await page.getByRole('button', { name: 'Sign and authorize the repair' }).click();
  await expect(limit).toHaveAccessibleDescription(
    "The limit can't be less than the $1,250.00 you approved. Enter at least that amount, or choose a written estimate.",
  );
  await limit.fill('1300');

  await page.getByLabel('I want the replaced parts returned to me (F.S. 559.909).').check();
  const canvas = page.getByRole('img', { name: /Sign here/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature box is not on screen');
  // Inside the box at either width (its last point used to lie past the box's right edge at 375 px).
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [dx, dy] of [
    [0.25, 0.2],
    [0.45, 0.8],
    [0.6, 0.3],
    [0.75, 0.6],
    [0.9, 0.4],
  ] as const) {
    await page.mouse.move(box.x + box.width * dx, box.y + box.height * dy, { steps: 6 });
  }
  await page.mouse.up();
  // The stroke reached the form: its request for a signature is gone.
  await expect(page.getByText('Please sign in the box with your finger or mouse.')).toHaveCount(0);
  // A change of width after signing (a scroll bar, a turned phone) keeps the signature.
  await page.setViewportSize({ width: 390, height: 812 });
  await twoFrames(page);
  // Hidden for a moment and shown again, as React hides a page while a part of it loads: the signature
  // stays (a hidden box has no size to fit the strokes to).
  await page.locator('#main').evaluate((main) => {
    main.style.display = 'none';
  });
  await twoFrames(page);
  await page.locator('#main').evaluate((main) => {
    main.style.display = '';
  });
  await twoFrames(page);
  await page.screenshot({ path: test.info().outputPath('signing-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sign and authorize the repair' }).click();
  await expect(page.getByText(/The repair authorization was signed on/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the signed authorization (PDF)' })).toHaveAttribute(
    'href',
    `/api/estimates/${estimate.id}/authorization.pdf`,
  );

  // The shop sees who signed and opens the signed PDF.
  const shop = await newAdminPage(browser, 375);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  await expect(shop.page.getByText(/Signed by Sofia/)).toBeVisible();
  const link = shop.page.getByRole('link', { name: 'Open the signed authorization (PDF)' });
  await expect(link).toBeVisible();
  const pdf = await shop.page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const authorization = await shop.page.request.get(`/api/estimates/${estimate.id}/authorization`);
  expect(await authorization.json()).toMatchObject({
    signerName: expect.stringMatching(/Sofia/),
    returnReplacedParts: true,
    estimateChoice: 'limit',
    limitAmount: '1300.00',
    atCounter: false,
  });
  await shop.close();
});

test.describe('the public site', () => {
  test.use({ locale: 'es-US' });

  test('shows the F.S. 559.916 sign (hotline and replaced parts) in Spanish and in English', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('1-800-FL-AYUDA (352-9832)');
    await expect(footer).toContainText('piezas reemplazadas');
    await footer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('footer-es-375.png'), fullPage: false });
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(footer).toContainText('1-800-HELP-FLA (435-7352)');
    await expect(footer).toContainText('return or inspection of replaced parts');
  });
});
