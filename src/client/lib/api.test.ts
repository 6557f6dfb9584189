import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, withReference } from './api.ts';

const serverFailure = new ApiError(
  500,
  JSON.stringify({
    message: 'Something went wrong on our side. Please try again. (reference: 7k2m9q4x1z)',
    reference: '7k2m9q4x1z',
  }),
);

describe('a server failure shown to the user', () => {
  it("shows the server's message, reference included", () => {
    expect(errorMessage(serverFailure, 'Could not save.')).toBe(
      'Something went wrong on our side. Please try again. (reference: 7k2m9q4x1z)',
    );
    expect(serverFailure.reference).toBe('7k2m9q4x1z');
  });

  it('adds the reference to a fallback sentence, once', () => {
    expect(withReference('Could not save.', serverFailure)).toBe('Could not save. (reference: 7k2m9q4x1z)');
    expect(withReference(errorMessage(serverFailure, ''), serverFailure)).toBe(
      'Something went wrong on our side. Please try again. (reference: 7k2m9q4x1z)',
    );
  });

  it('adds nothing for a refusal or an answer that is not JSON', () => {
    const refusal = new ApiError(400, JSON.stringify({ message: 'Name is required' }));
    expect(refusal.reference).toBeNull();
    expect(withReference('Could not save.', refusal)).toBe('Could not save.');
    expect(withReference('Could not save.', new ApiError(502, '<html>Bad gateway</html>'))).toBe(
      'Could not save.',
    );
    expect(withReference('Could not save.', new Error('offline'))).toBe('Could not save.');
  });
});
