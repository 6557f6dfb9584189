import { expect, test } from './fixtures.ts';
import {
  createEstimateViaApi,
  newAdminPage,
  newAdminRequest,
  quoteEstimateViaApi,
  recordApprovalViaApi,
} from './helpers.ts';

test('the customer and the shop download the written estimate as a PDF, and the invoice once completed', async ({
  page,
  browser,
  playwright,
  baseURL,
  login,
}) => {
  await login.customer('Dora');
  const estimate = await createEstimateViaApi(page.request);
  await page.goto(`/estimate/${estimate.id}`);
  await expect(page.getByRole('heading', { name: /Estimate #/ })).toBeVisible();
  // Nothing to download before the shop has quoted.
  await expect(page.getByRole('link', { name: /Download estimate/ })).toHaveCount(0);

  const admin = await newAdminRequest(playwright.request, baseURL ?? '');
  await quoteEstimateViaApi(admin, estimate.id);
  await page.reload();
  await expect(page.getByRole('link', { name: /Download invoice/ })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download estimate (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`estimate-${estimate.id.slice(0, 8).toUpperCase()}.pdf`);
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The customer said yes at the counter: the shop records that consent, then repairs.
  await recordApprovalViaApi(admin, estimate.id, 'Dora Customer');
  for (const status of ['in_progress', 'completed']) {
    const moved = await admin.patch(`/api/estimates/${estimate.id}`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }
  await admin.dispose();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Download invoice (PDF)' })).toHaveAttribute(
    'href',
    `/api/estimates/${estimate.id}/invoice.pdf`,
  );

  const shop = await newAdminPage(browser);
  await shop.page.goto(`/admin/estimate/${estimate.id}`);
  for (const name of ['Download estimate (PDF)', 'Download invoice (PDF)']) {
    await expect(shop.page.getByRole('link', { name })).toBeVisible();
  }
  const invoice = await shop.page.request.get(`/api/estimates/${estimate.id}/invoice.pdf`);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  await shop.close();
});
