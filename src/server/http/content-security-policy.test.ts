import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { isClientRoute } from '#domain/client-routes.ts';
import type { S3Config } from '#server/adapters/object-store/object-store-config.ts';
import { createS3Client } from '#server/adapters/object-store/s3-store.ts';
import { contentSecurityPolicy, isPaymentPage, uploadOrigins } from './content-security-policy.ts';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' };

function s3(fields: Partial<S3Config>): S3Config {
  return {
    kind: 's3',
    bucket: 'lakeside-photos',
    region: 'us-east-1',
    endpoint: null,
    credentials,
    forcePathStyle: false,
    ...fields,
  };
}

/** Where the S3 client really sends a browser's upload: the origin of a presigned PUT. */
async function presignedOrigin(store: S3Config): Promise<string> {
  const client = createS3Client(store);
  const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: store.bucket, Key: 'incoming/x' }), {
    expiresIn: 900,
  });
  return new URL(url).origin;
}

describe('uploadOrigins', () => {
  it('is nothing for disk storage: uploads go to the app itself', () => {
    expect(uploadOrigins({ kind: 'disk', dir: '/tmp/objects' })).toEqual([]);
  });

  it.each([
    ['AWS, us-east-1', s3({})],
    ['AWS, another region', s3({ region: 'us-west-2' })],
    ['AWS, path style', s3({ region: 'us-west-2', forcePathStyle: true })],
    ['AWS, a bucket name with dots', s3({ bucket: 'photos.lakeside.example' })],
    ['Cloudflare R2', s3({ region: 'auto', endpoint: 'https://account.r2.cloudflarestorage.com' })],
    ['MinIO on an address and port', s3({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })],
    ['a self-hosted service on a port', s3({ endpoint: 'https://minio.example.com:9000' })],
  ])('allows where the S3 client really uploads to (%s)', async (_name, store) => {
    expect(uploadOrigins(store)).toContain(await presignedOrigin(store));
  });

  it('names only the bucket and its service, never a wildcard', () => {
    expect(uploadOrigins(s3({ region: 'us-west-2' }))).toEqual([
      'https://s3.us-west-2.amazonaws.com',
      'https://lakeside-photos.s3.us-west-2.amazonaws.com',
    ]);
    expect(uploadOrigins(s3({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }))).toEqual([
      'http://127.0.0.1:9000',
    ]);
  });
});

describe('isPaymentPage', () => {
  it("is the payment page and a payment link's page, and no other page", () => {
    expect(isPaymentPage('/payment')).toBe(true);
    expect(isPaymentPage('/payment/')).toBe(true);
    expect(isPaymentPage('/pay/abc.def.ghi')).toBe(true);
    expect(isClientRoute('/pay/abc.def.ghi')).toBe(true);
    for (const path of [
      '/payment-success',
      '/',
      '/dashboard',
      '/api/payment',
      '/paymentx',
      '/x/payment',
      '/pay',
      '/pay/a/b',
      '/api/pay/abc',
    ]) {
      expect(isPaymentPage(path), path).toBe(false);
    }
    // It is one of the app's pages.
    expect(isClientRoute('/payment')).toBe(true);
  });
});

describe('contentSecurityPolicy', () => {
  it('writes every directive on one line, Stripe and the nonce only when asked', () => {
    expect(contentSecurityPolicy({ uploadOrigins: [], stripe: false })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
        "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );
    const payment = contentSecurityPolicy({
      uploadOrigins: ['https://bucket.example.net'],
      stripe: true,
      styleNonce: 'abc123',
    });
    expect(payment).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(payment).toContain("style-src 'self' 'nonce-abc123';");
    expect(payment).toContain("connect-src 'self' https://bucket.example.net https://api.stripe.com;");
    expect(payment).toContain(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;',
    );
  });
});
