import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { toUploadApiError } from './upload-error.ts';

describe('toUploadApiError', () => {
  it("turns a refused storage PUT into an ApiError holding the server's message", () => {
    const refused = Object.assign(new Error('S3 returned 415'), {
      status: 415,
      body: '{"message":"Only images can be uploaded"}',
    });
    const converted = toUploadApiError(refused);
    expect(converted).toBeInstanceOf(ApiError);
    expect((converted as ApiError).serverMessage).toBe('Only images can be uploaded');
  });

  it('leaves an ApiError and a network failure as they are', () => {
    const apiError = new ApiError(401, 'Unauthorized');
    expect(toUploadApiError(apiError)).toBe(apiError);
    const network = new Error('network');
    expect(toUploadApiError(network)).toBe(network);
  });
});
