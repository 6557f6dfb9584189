import { describe, expect, it } from 'vitest';
import { netPromoterScore } from './surveys.ts';

const nps = (promoters: number, detractors: number, responses: number) =>
  netPromoterScore({ responses, promoters, detractors });

describe('the Net Promoter Score', () => {
  it('rounds a half away from zero, below zero as above it', () => {
    // 1 promoter more of 8: 12.5; 1 detractor more of 8: −12.5.
    expect(nps(2, 1, 8)).toBe(13);
    expect(nps(1, 2, 8)).toBe(-13);
    expect(nps(0, 3, 8)).toBe(-38);
    expect(nps(3, 0, 8)).toBe(38);
  });

  it('rounds the rest to the nearest whole number, and never says −0', () => {
    expect(nps(3, 2, 7)).toBe(14);
    expect(nps(2, 3, 7)).toBe(-14);
    expect(Object.is(nps(0, 1, 300), 0)).toBe(true);
    expect(nps(5, 5, 10)).toBe(0);
  });

  it('is null without any answer', () => {
    expect(nps(0, 0, 0)).toBeNull();
  });
});
