import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { messageAuthor } from './message-author.ts';

const note = {
  id: '1',
  content: 'Payment received: $500.00',
  isFromAdmin: true,
  createdAt: '2026-03-04T15:00:00Z',
};
const words = { you: 'You', customer: 'Customer' };

describe('messageAuthor', () => {
  it("signs the shop's notes, automatic ones included, with the shop's name", () => {
    expect(messageAuthor(note, false, words)).toBe(DEFAULT_SHOP.name);
    expect(messageAuthor(note, false, words)).not.toBe('Admin');
  });

  it("names the customer, and the viewer's own messages as theirs", () => {
    expect(messageAuthor({ ...note, isFromAdmin: false }, false, words)).toBe('Customer');
    expect(messageAuthor(note, true, { you: 'Usted', customer: 'Cliente' })).toBe('Usted');
  });
});
