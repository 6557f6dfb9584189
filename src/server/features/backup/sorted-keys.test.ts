import { describe, expect, it } from 'vitest';
import { SortedKeys } from './sorted-keys.ts';

async function* each(keys: string[]) {
  yield* keys;
}

describe('SortedKeys', () => {
  const keys = [
    'photos/b.jpg',
    'photos/a.jpg',
    'photos-old/z.jpg',
    'photos/é.jpg',
    'photos/a.thumb.webp',
    'docs/1.pdf',
  ];

  it('holds the keys in the order of their UTF-8 bytes, and finds each', async () => {
    const sorted = await SortedKeys.from(each(keys));
    const byBytes = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...sorted]).toEqual(byBytes);
    expect(sorted.size).toBe(keys.length);
    for (const [index, key] of byBytes.entries()) expect(sorted.indexOf(key)).toBe(index);
    expect(sorted.has('photos/c.jpg')).toBe(false);
    expect(sorted.has('photos')).toBe(false);
    expect(sorted.has('')).toBe(false);
  });

  it('grows past its first buffers, and holds nothing when given nothing', async () => {
    const many = Array.from(
      { length: 5000 },
      (_, index) => `photos/${String(index).padStart(40, '0')}-${index % 7}.jpg`,
    );
    const sorted = await SortedKeys.from(each([...many].reverse()));
    expect([...sorted]).toEqual([...many].sort());
    expect(sorted.has(many[4321] ?? '')).toBe(true);
    const empty = await SortedKeys.from(each([]));
    expect([...empty]).toEqual([]);
    expect(empty.has('photos/a.jpg')).toBe(false);
  });
});
