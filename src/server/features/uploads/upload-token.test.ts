import { describe, expect, it } from 'vitest';
import { signUploadToken, verifyUploadToken } from './upload-token.ts';

const secret = 's'.repeat(32);
const photoId = '0b8f0c39-0f0e-4a47-9a40-5d2f3a0c1e11';
const alice = '7d1f6a5e-3b55-4a53-8f36-1c3b7f0e2a01';
const bob = '2e9c4b1a-6f3d-4c1e-9b7a-8d5e0f1a2b03';
const now = 1_800_000_000;

describe('upload tokens', () => {
  const token = signUploadToken(secret, { photoId, uploaderId: alice, expiresAt: now + 900 });

  it('verify for the uploader until they expire', () => {
    expect(verifyUploadToken(secret, token, alice, now)).toEqual({ ok: true, photoId });
    expect(verifyUploadToken(secret, token, alice, now + 900)).toEqual({ ok: true, photoId });
    expect(verifyUploadToken(secret, token, alice, now + 901)).toEqual({ ok: false, reason: 'expired' });
  });

  it('fit in a URL path segment within the router limit', () => {
    expect(token).toMatch(/^[\w.-]+$/);
    expect(token.length).toBeLessThan(100);
  });

  it('do not work for another user, another photo, a changed expiry or another secret', () => {
    const [, expiry, signature] = token.split('.');
    const otherPhoto = `${crypto.randomUUID()}.${expiry}.${signature}`;
    const longer = `${photoId}.${(now + 99_999).toString(36)}.${signature}`;
    expect(verifyUploadToken(secret, token, bob, now).ok).toBe(false);
    expect(verifyUploadToken(secret, otherPhoto, alice, now).ok).toBe(false);
    expect(verifyUploadToken(secret, longer, alice, now).ok).toBe(false);
    expect(verifyUploadToken('t'.repeat(32), token, alice, now).ok).toBe(false);
    for (const junk of ['', 'a.b', `${token}.extra`, `${photoId}.!!.${signature}`]) {
      expect(verifyUploadToken(secret, junk, alice, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
