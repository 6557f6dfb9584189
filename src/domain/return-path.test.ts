import { describe, expect, it } from 'vitest';
import { landingAfterSignIn, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('accepts a same-origin path with its query', () => {
    expect(safeReturnPath('/estimate/4f1c2a10-0000-4000-8000-000000000001')).toBe(
      '/estimate/4f1c2a10-0000-4000-8000-000000000001',
    );
    expect(safeReturnPath('/payment?estimate=abc')).toBe('/payment?estimate=abc');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.example',
    '//evil.example/estimate/1',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'estimate/1',
    '/ /evil.example',
    '/\t/evil.example',
    '/estimate\n/1',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses the sign-in page and the API, which would loop', () => {
    expect(safeReturnPath('/auth')).toBeNull();
    expect(safeReturnPath('/auth?next=/x')).toBeNull();
    expect(safeReturnPath('/api/login')).toBeNull();
    expect(safeReturnPath('/authors')).toBe('/authors');
  });
});

describe('landingAfterSignIn', () => {
  it('sends a customer back to the page that asked, else home', () => {
    expect(landingAfterSignIn('/estimate/1', false)).toBe('/estimate/1');
    expect(landingAfterSignIn(null, false)).toBe('/');
    expect(landingAfterSignIn('//evil.example', false)).toBe('/');
    expect(landingAfterSignIn('/admin', false)).toBe('/');
  });

  it('sends an admin to an admin page that asked, else /admin', () => {
    expect(landingAfterSignIn('/admin/estimate/1', true)).toBe('/admin/estimate/1');
    expect(landingAfterSignIn('/admin', true)).toBe('/admin');
    expect(landingAfterSignIn('/estimate/1', true)).toBe('/admin');
    expect(landingAfterSignIn(null, true)).toBe('/admin');
    expect(landingAfterSignIn('/administrator', true)).toBe('/admin');
  });
});
