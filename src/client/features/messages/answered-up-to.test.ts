import { describe, expect, it } from 'vitest';
import type { Message } from '#domain/messages.ts';
import { answeredUpTo } from './answered-up-to.ts';

const message = (id: string, isFromAdmin: boolean): Message => ({
  id,
  content: id,
  isFromAdmin,
  createdAt: '2026-03-04T16:00:00.000Z',
});

describe('answeredUpTo', () => {
  it("names the newest of the customer's messages the thread shows, not the shop's", () => {
    expect(
      answeredUpTo([message('monday', false), message('airbag', false), message('shop note', true)]),
    ).toBe('airbag');
  });

  it('names none when the customer has not written', () => {
    expect(answeredUpTo([message('quote', true)])).toBeUndefined();
    expect(answeredUpTo([])).toBeUndefined();
  });
});
