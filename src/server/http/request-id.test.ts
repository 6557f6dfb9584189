import { describe, expect, it } from 'vitest';
import { newRequestId, REQUEST_ID_LENGTH } from './request-id.ts';

describe('newRequestId', () => {
  it('draws ids of Crockford’s base32 that do not repeat, across many blocks of random bytes', () => {
    const ids = Array.from({ length: 20_000 }, () => newRequestId());
    for (const id of ids)
      expect(id).toMatch(new RegExp(`^[0-9abcdefghjkmnpqrstvwxyz]{${REQUEST_ID_LENGTH}}$`));
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up: the bytes are mapped, not truncated to part of it.
    expect(new Set(ids.join('')).size).toBe(32);
  });
});
