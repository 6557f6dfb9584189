import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ListBodyCache } from './list-body-cache.ts';

const json = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i })));

describe('ListBodyCache', () => {
  it('gives back a body by its tag, with its gzip, and nothing for an unknown tag', () => {
    const cache = new ListBodyCache(10_000);
    const body = cache.set('a', json(3));
    expect(body.json).toBe(json(3));
    expect(gunzipSync(body.gzip).toString()).toBe(json(3));
    expect(cache.get('a')).toBe(body);
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used bodies once over its size', () => {
    const one = new ListBodyCache(10_000).set('x', json(20));
    const perBody = one.json.length + one.gzip.length;
    const cache = new ListBodyCache(2 * perBody + 1);
    cache.set('a', json(20));
    cache.set('b', json(20));
    cache.get('a');
    cache.set('c', json(20));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.json).toBe(json(20));
    expect(cache.get('c')?.json).toBe(json(20));
    expect(cache.size).toBe(2 * perBody);
  });

  it('never holds a body larger than its whole size', () => {
    const cache = new ListBodyCache(10);
    expect(cache.set('a', json(50)).json).toBe(json(50));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
