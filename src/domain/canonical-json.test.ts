import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[true,null]},"b":1}',
    );
  });

  it('gives the same text whatever order the keys were written in', () => {
    expect(canonicalJson({ x: 1, y: 'é"' })).toBe(canonicalJson({ y: 'é"', x: 1 }));
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
  });
});
