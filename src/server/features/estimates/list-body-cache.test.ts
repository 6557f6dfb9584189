import { describe, expect, it } from 'vitest';
import { ListBodyCache } from './list-body-cache.js';

describe('ListBodyCache', () => {
  it('gives back a body by its tag and nothing for an unknown tag', () => {
    const cache = new ListBodyCache(100);
    expect(cache.set('a', '[1]')).toBe('[1]');
    expect(cache.get('a')).toBe('[1]');
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used bodies once over its size', () => {
    const cache = new ListBodyCache(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    cache.get('a');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.size).toBe(8);
  });

  it('never holds a body larger than its whole size', () => {
    const cache = new ListBodyCache(3);
    expect(cache.set('a', 'aaaa')).toBe('aaaa');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
