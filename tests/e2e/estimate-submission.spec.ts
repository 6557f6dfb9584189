import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createEstimateViaApi, makeJpeg } from './helpers.ts';

test.use({ viewport: { width: 375, height: 812 } });

const PHOTO_IS_TEXT = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') };
/** Claims to be a JPEG but is not: only the server, which reads the bytes, can tell. */
const FAKE_JPEG = { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('definitely not a jpeg') };

async function jpeg(name: string, color: string) {
  return { name, mimeType: 'image/jpeg', buffer: await makeJpeg(color, 64, 48) };
}

const photoInput = (page: Page, step: string) => page.getByLabel(`Take photo: ${step}`, { exact: true });
const stepTile = (page: Page, step: string) =>
  page
    .getByRole('list', { name: 'Photo steps' })
    .getByRole('listitem')
    .filter({ has: photoInput(page, step) });

async function fillVehicle(page: Page, plate: string) {
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Make').fill('Toyota');
  await page.getByLabel('Model').fill('Camry');
  await page.getByLabel('License Plate').pressSequentially(plate);
  await page.getByLabel('VIN').fill('4t1b11hk8ku123456');
  await page.getByLabel('Odometer (miles)').fill('45210');
}

test('signed out, the photo workflow asks the visitor to sign in', async ({ page }) => {
  await page.goto('/estimate');
  await expect(page).toHaveURL('/photo-capture');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In to Continue' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByLabel('Year')).toHaveCount(0);
});

test('a new customer on a phone sends an estimate with photos and gets a reference', async ({
  page,
  browser,
  login,
}) => {
  test.slow();
  const { email } = await login.customer('Rosa');
  await page.goto('/estimate');
  await expect(page).toHaveURL('/photo-capture');
  await expect(page.getByRole('heading', { name: 'Get Your Estimate' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');

  // Defaults: the customer's own e-mail, cash, overview first, nothing to submit yet.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expect(page.getByLabel('Insurance Company', { exact: true })).toHaveCount(0);
  // A first-time customer has no vehicle to pick from.
  await expect(page.getByLabel('One of your vehicles')).toHaveCount(0);
  await expect(stepTile(page, 'Vehicle Overview')).toHaveAttribute('aria-current', 'step');
  const submit = page.getByRole('button', { name: 'Send Estimate Request' });
  await expect(submit).toBeDisabled();
  await expect(photoInput(page, 'Vehicle Overview')).toHaveAttribute('accept', 'image/*');
  await expect(photoInput(page, 'Vehicle Overview')).toHaveAttribute('capture', 'environment');

  await fillVehicle(page, '');
  await page.getByLabel('Phone').fill('(813) 555-0100');
  await page.getByRole('radio', { name: 'Insurance' }).check();
  await page.getByLabel('Insurance Company', { exact: true }).selectOption('Other');
  await page.getByLabel('Insurance company name').fill('Sunshine Mutual');
  await page.getByLabel('Work description').fill('Dent in the rear bumper after a parking lot bump.');

  // A file that is not an image is refused at once, and nothing typed is lost.
  await photoInput(page, 'Vehicle Overview').setInputFiles(PHOTO_IS_TEXT);
  await expect(page.getByText('Photo Not Accepted', { exact: true })).toBeVisible();
  await expect(stepTile(page, 'Vehicle Overview')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Make')).toHaveValue('Toyota');

  // The overview uploads as soon as it is chosen, and the workflow moves on to the next step.
  await photoInput(page, 'Vehicle Overview').setInputFiles(await jpeg('overview.jpg', '#cc0000'));
  await expect(stepTile(page, 'Vehicle Overview').getByText('Uploaded')).toBeVisible();
  await expect(stepTile(page, 'Front Damage')).toHaveAttribute('aria-current', 'step');
  await expect(stepTile(page, 'Vehicle Overview')).not.toHaveAttribute('aria-current', 'step');
  await expect(submit).toBeEnabled();

  // The server reads the bytes: a fake JPEG fails with its message, keeps the photo for a retry…
  await photoInput(page, 'Side Damage').setInputFiles(FAKE_JPEG);
  await expect(page.getByText('Upload Failed', { exact: true })).toBeVisible();
  await expect(stepTile(page, 'Side Damage').getByRole('alert')).toContainText(
    'Failed to upload Side Damage photo',
  );
  await expect(page.getByRole('button', { name: 'Retry Side Damage upload' })).toBeVisible();
  await expect(page.getByLabel('Insurance company name')).toHaveValue('Sunshine Mutual');

  // …and Retake opens the camera again for that step.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Retake Side Damage photo' }).click();
  await (await chooser).setFiles(await jpeg('side.jpg', '#0066cc'));
  await expect(stepTile(page, 'Side Damage').getByText('Uploaded')).toBeVisible();

  // The checks run in the spec's order: the empty plate comes first. The toast says so, and so does
  // the field itself, which gets the focus; the bar by the button points up to it.
  await submit.click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please fill in all vehicle information fields including license plate.', { exact: true }),
  ).toBeVisible();
  const plate = page.getByLabel('License Plate');
  await expect(plate).toHaveAttribute('aria-invalid', 'true');
  // The problem first, then the field's hint.
  await expect(plate).toHaveAccessibleDescription('Enter the license plate. As on the plate.');
  await expect(plate).toBeFocused();
  await expect(page.getByText('Please check the field marked in red above.')).toBeVisible();
  await expect(page.getByLabel('Make')).not.toHaveAttribute('aria-invalid', 'true');

  // Typing clears the mark at once.
  await plate.pressSequentially('abc 123');
  await expect(plate).toHaveValue('ABC 123');
  await expect(plate).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the license plate.')).toHaveCount(0);
  await page.getByLabel('VIN').fill('');
  await submit.click();
  await expect(
    page.getByText('Please provide VIN number and odometer reading.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Enter the VIN.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('VIN')).toBeFocused();
  await page.getByLabel('VIN').fill('4t1b11hk8ku123456');

  // A year no car has is marked beside the field before anything is sent.
  await page.getByLabel('Year').fill('1800');
  await submit.click();
  await expect(page.getByLabel('Year')).toHaveAccessibleDescription(
    'Please enter a valid vehicle year. Four digits, for example 2019.',
  );
  await page.getByLabel('Year').fill('2019');

  // What only the server checks comes back in the 'Upload Failed' toast, and the form stays as it was.
  await page.getByLabel('Phone').fill('(813) 555-0100, or my office at 555-0199');
  await submit.click();
  await expect(page.getByText('Upload Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Must be at most 30 characters', { exact: true })).toBeVisible();
  await expect(stepTile(page, 'Vehicle Overview').getByText('Uploaded')).toBeVisible();
  await page.getByLabel('Phone').fill('(813) 555-0100');

  // While the request runs the button says so and cannot be pressed twice.
  await page.route('**/api/estimates/batch-create', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await submit.click();
  await expect(page.getByRole('button', { name: 'Processing your submission...' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();
  await expect(page).toHaveURL(/\/estimate\/[0-9a-f-]{36}\/review$/);
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  const reference = id.slice(0, 8).toUpperCase();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  await expect(page.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
  // Signed in: View Estimate, no sign-in offer; at a desktop width the buttons share one row.
  await expect(page.getByRole('link', { name: 'Sign In to Track Status' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  const home = await page.getByRole('link', { name: 'Back to Home' }).boundingBox();
  const view = await page.getByRole('link', { name: 'View Estimate' }).boundingBox();
  expect(home && view && Math.abs(home.y - view.y) < 2).toBeTruthy();
  expect(home?.height).toBeLessThan(60);
  expect(view?.height).toBeLessThan(60);
  await page.setViewportSize({ width: 375, height: 812 });

  // Stored as typed: the plate normalised (decision 064), the custom insurer, overview first then the side photo.
  const mine = await page.request.get('/api/estimates');
  const estimates = (await mine.json()) as Array<{
    id: string;
    insuranceCompany: string | null;
    photos: string[];
    vehicle: { licensePlate: string; vin: string; mileage: number } | null;
  }>;
  const created = estimates.find((estimate) => estimate.id === id);
  expect(created?.insuranceCompany).toBe('Sunshine Mutual');
  expect(created?.photos).toHaveLength(2);
  expect(created?.vehicle).toMatchObject({
    licensePlate: 'ABC123',
    vin: '4T1B11HK8KU123456',
    mileage: 45210,
  });

  // Anyone with the link sees the confirmation, but nothing private.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/estimate/${id}/review`);
  await expect(anonymous.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();
  await expect(anonymous.getByText(reference, { exact: true })).toBeVisible();
  await expect(anonymous.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(anonymous.getByRole('link', { name: 'Sign In to Track Status' })).toHaveAttribute(
    'href',
    '/auth',
  );
  await expect(anonymous.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(anonymous.getByText('ABC123')).toHaveCount(0);
  await expect(anonymous.getByText('Sunshine Mutual')).toHaveCount(0);

  await anonymous.goto('/estimate/00000000-0000-4000-8000-000000000000/review');
  await expect(anonymous.getByRole('heading', { name: 'Estimate not found' })).toBeVisible();
  await visitor.close();
});

test('a returning customer picks a vehicle they already sent instead of typing it again', async ({
  page,
  login,
}) => {
  await login.customer('Marta');
  // Two earlier estimates for one car, and one for another: each car is offered once.
  const accord = await createEstimateViaApi(page.request, { make: 'Honda', model: 'Accord', year: 2019 });
  await createEstimateViaApi(page.request, {
    make: 'Honda',
    model: 'Accord',
    year: 2019,
    licensePlate: accord.vehicle.licensePlate,
  });
  await createEstimateViaApi(page.request, { make: 'Ford', model: 'Ranger', year: 2012 });

  await page.goto('/estimate');
  const picker = page.getByLabel('One of your vehicles');
  await expect(picker.getByRole('option')).toHaveText([
    'Choose a vehicle…',
    /^2012 Ford Ranger · E2E/,
    `2019 Honda Accord · ${accord.vehicle.licensePlate}`,
  ]);
  await picker.selectOption({ label: `2019 Honda Accord · ${accord.vehicle.licensePlate}` });
  await expect(page.getByLabel('Year')).toHaveValue('2019');
  await expect(page.getByLabel('Make')).toHaveValue('Honda');
  await expect(page.getByLabel('Model')).toHaveValue('Accord');
  await expect(page.getByLabel('License Plate')).toHaveValue(accord.vehicle.licensePlate);
  await expect(page.getByLabel('VIN')).toHaveValue(accord.vehicle.vin);
  // Today's odometer reading is the customer's to give.
  await expect(page.getByLabel('Odometer (miles)')).toHaveValue('');

  await photoInput(page, 'Vehicle Overview').setInputFiles(await jpeg('overview.jpg', '#445566'));
  await expect(stepTile(page, 'Vehicle Overview').getByText('Uploaded')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Send Estimate Request' });
  await submit.click();
  await expect(page.getByLabel('Odometer (miles)')).toHaveAccessibleDescription(
    'Enter the odometer reading. Miles on the dashboard, for example 45000.',
  );
  await page.getByLabel('Odometer (miles)').fill('61,000');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();

  const id = new URL(page.url()).pathname.split('/')[2];
  const created = await (await page.request.get(`/api/estimates/${id}`)).json();
  expect(created.vehicle).toMatchObject({
    year: 2019,
    make: 'Honda',
    model: 'Accord',
    licensePlate: accord.vehicle.licensePlate,
    vin: accord.vehicle.vin,
    mileage: 61000,
  });
  // One car, one record: the picked car is the one already on file, not a copy (decision 064).
  const earlier = await (await page.request.get(`/api/estimates/${accord.id}`)).json();
  expect(created.vehicleId).toBe(earlier.vehicleId);
});

test('on a phone, Send focuses the first empty field, clear of the Send bar; a real VIN fills the car in', async ({
  page,
  login,
}) => {
  test.slow();
  await login.customer('Ines');
  await page.goto('/photo-capture');
  await photoInput(page, 'Vehicle Overview').setInputFiles(await jpeg('overview.jpg', '#aa3300'));
  await expect(stepTile(page, 'Vehicle Overview').getByText('Uploaded')).toBeVisible();

  // Everything empty: the first field on the page, Year, gets the focus (not the one registered first).
  const submit = page.getByRole('button', { name: 'Send Estimate Request' });
  await submit.click();
  const year = page.getByLabel('Year');
  await expect(year).toBeFocused();
  await expect(year).toHaveAttribute('aria-invalid', 'true');
  // An example is a hint under the field, never a placeholder that reads as a value.
  await expect(year).not.toHaveAttribute('placeholder');
  await expect(year).toHaveAccessibleDescription('Enter the year. Four digits, for example 2019.');
  const field = await year.boundingBox();
  const bar = await submit.locator('xpath=ancestor::div[contains(@class,"sticky")]').boundingBox();
  expect(field && bar && field.y >= 0 && field.y + field.height <= bar.y).toBeTruthy();

  // A VIN with a wrong check digit is refused as it is typed, with the reason.
  const vin = page.getByLabel('VIN');
  await vin.fill('1hgcm82643a004352');
  await expect(vin).toHaveAccessibleDescription(/check digit \(the 9th character\) does not match/);
  // A real one is looked up on the shop's server (NHTSA's data it keeps: no outside service is
  // asked, so it works on the suite's machines, which have no internet) and fills the empty fields.
  await vin.fill('1hgcm82633a004352');
  await expect(page.getByTestId('vin-lookup')).toHaveText('This VIN is a 2003 Honda Accord.');
  await expect(year).toHaveValue('2003');
  await expect(page.getByLabel('Make')).toHaveValue('Honda');
  await expect(page.getByLabel('Model')).toHaveValue('Accord');
  // Where the browser cannot read barcodes (this one), there is no scan button.
  const canScan = await page.evaluate(() => 'BarcodeDetector' in window);
  await expect(page.getByRole('button', { name: 'Scan the VIN barcode' })).toHaveCount(canScan ? 1 : 0);
});

test('a 12-character VIN is refused beside the field before anything is sent', async ({ page, login }) => {
  await login.customer('Teo');
  await page.goto('/photo-capture');
  await fillVehicle(page, 'TEO 12');
  await page.getByLabel('VIN').fill('5NMS33AD1KH0');
  await photoInput(page, 'Vehicle Overview').setInputFiles(await jpeg('overview.jpg', '#0033aa'));
  await expect(stepTile(page, 'Vehicle Overview').getByText('Uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Send Estimate Request' }).click();
  await expect(page.getByLabel('VIN')).toBeFocused();
  await expect(page.getByLabel('VIN')).toHaveAccessibleDescription(/^A VIN has exactly 17 characters\./);
});
