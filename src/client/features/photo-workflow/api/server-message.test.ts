import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { apiClientErrorMessage, clientErrorMessage } from './server-message.ts';

describe('clientErrorMessage', () => {
  it('answers the message of a 4xx JSON body', () => {
    expect(clientErrorMessage(400, '{"message":"This file is not a supported image."}')).toBe(
      'This file is not a supported image.',
    );
    expect(apiClientErrorMessage(new ApiError(413, '{"message":"Photos must be 10 MB or smaller."}'))).toBe(
      'Photos must be 10 MB or smaller.',
    );
  });

  it('answers null for server errors, non-JSON bodies and other errors', () => {
    expect(clientErrorMessage(500, '{"message":"Internal Server Error"}')).toBeNull();
    expect(clientErrorMessage(400, '<html>Bad Request</html>')).toBeNull();
    expect(clientErrorMessage(400, '{"message":"  "}')).toBeNull();
    expect(apiClientErrorMessage(new TypeError('Failed to fetch'))).toBeNull();
  });
});
