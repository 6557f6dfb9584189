import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

// A phone, and no service worker in the way of the request interception this test relies on.
test.use({ viewport: { width: 375, height: 812 } });

const TUS_UPLOADS = '**/api/uploads/tus/*';

/** A photo of random pixels: about 2.4 MB, so about five 512 KB chunks. */
async function largishPhoto() {
  const width = 1000;
  const height = 800;
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { name: 'whole-car.jpg', mimeType: 'image/jpeg', buffer };
}

const overviewTile = (page: Page) =>
  page
    .getByRole('list', { name: 'Photo steps' })
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Take photo: Vehicle Overview', { exact: true }) });

test('an upload cut off half-way resumes after a reload, with the form as it was, and makes one estimate', async ({
  page,
  login,
}) => {
  test.slow();
  await login.customer('Lucia');
  await page.goto('/estimate');
  await expect(page.getByRole('heading', { name: 'Get Your Estimate' })).toBeVisible();
  await page.getByLabel('Year').fill('2018');
  await page.getByLabel('Make').fill('Honda');
  await page.getByLabel('Model').fill('Civic');
  await page.getByLabel('License Plate').fill('PARK LOT');
  await page.getByLabel('VIN').fill('2hgfc2f52jh000001');
  await page.getByLabel('Odometer (miles)').fill('61234');
  await page.getByLabel('Phone').fill('(813) 555-0142');
  await page.getByLabel('Work description').fill('Scrape along the passenger side.');

  // The signal goes after two chunks: every later PATCH fails as if the phone were offline.
  const photo = await largishPhoto();
  expect(photo.buffer.length).toBeGreaterThan(2 * 1024 * 1024);
  expect(photo.buffer.length).toBeLessThan(5 * 512 * 1024);
  let patchesSent = 0;
  await page.route(TUS_UPLOADS, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patchesSent += 1;
    return patchesSent <= 2 ? route.continue() : route.abort('internetdisconnected');
  });
  await page.getByLabel('Take photo: Vehicle Overview', { exact: true }).setInputFiles(photo);
  await expect.poll(() => patchesSent, { timeout: 30_000 }).toBeGreaterThan(2);
  const progress = overviewTile(page).getByRole('progressbar', { name: 'Vehicle Overview upload' });
  await expect(progress).toBeVisible();
  const shownBefore = Number(await progress.getAttribute('aria-valuenow'));
  expect(shownBefore).toBeGreaterThan(20);
  expect(shownBefore).toBeLessThan(80);
  await expect(overviewTile(page).getByText('Uploaded')).toHaveCount(0);

  // Back in signal, the customer reloads the page (or comes back to it after closing the tab).
  await page.unroute(TUS_UPLOADS);
  const resumedOffsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/uploads/tus/')) {
      resumedOffsets.push(Number(request.headers()['upload-offset']));
    }
  });
  const patchAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PATCH') patchAnswers.push(response.status());
  });
  await page.reload();

  // The form and the photo are as they were left…
  await expect(page.getByLabel('Make')).toHaveValue('Honda');
  await expect(page.getByLabel('Model')).toHaveValue('Civic');
  await expect(page.getByLabel('License Plate')).toHaveValue('PARK LOT');
  await expect(page.getByLabel('Work description')).toHaveValue('Scrape along the passenger side.');
  await expect(page.getByLabel('Phone')).toHaveValue('(813) 555-0142');
  await expect(overviewTile(page).getByRole('img', { name: 'Vehicle Overview preview' })).toBeVisible();
  // …and the upload carries on from where the server has it, not from the start.
  await expect(overviewTile(page).getByText('Uploaded')).toBeVisible({ timeout: 45_000 });
  expect(resumedOffsets.length).toBeGreaterThan(0);
  expect(resumedOffsets[0]).toBeGreaterThanOrEqual(2 * 512 * 1024);
  expect(Math.min(...resumedOffsets)).toBeGreaterThan(0);
  expect(patchAnswers.every((status) => status === 204)).toBe(true);

  await page.getByRole('button', { name: 'Send Estimate Request' }).click();
  await expect(page).toHaveURL(/\/estimate\/[^/]+\/review$/);
  const estimates = (await (await page.request.get('/api/estimates')).json()) as unknown[];
  expect(estimates).toHaveLength(1);

  // Sent: a new request starts empty, with nothing to restore.
  await page.goto('/estimate');
  await expect(page.getByLabel('Make')).toHaveValue('');
  await expect(overviewTile(page).getByRole('img')).toHaveCount(0);
});
