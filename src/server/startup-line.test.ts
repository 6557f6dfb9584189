import { describe, expect, it } from 'vitest';
import { startupLine } from './startup-line.ts';

describe('startupLine', () => {
  it('names the shop and the address to open on this machine', () => {
    expect(startupLine('Lakeside Family Collision', '0.0.0.0', 5000)).toBe(
      'Lakeside Family Collision is running: open http://localhost:5000',
    );
    expect(startupLine('Lakeside Family Collision', '::', 8080)).toBe(
      'Lakeside Family Collision is running: open http://localhost:8080',
    );
  });

  it('names another host as it is', () => {
    expect(startupLine('Shop', 'shop.example', 5000)).toBe('Shop is running: open http://shop.example:5000');
    expect(startupLine('Shop', 'fd00::1', 5000)).toBe('Shop is running: open http://[fd00::1]:5000');
  });
});
