import { describe, expect, it } from 'vitest';
import { isDrawnSignedIn } from './signed-in-page.ts';

const drawn = (url: string) => {
  const [pathname = '', query = ''] = url.split('?');
  return isDrawnSignedIn(pathname, new URLSearchParams(query));
};

describe('isDrawnSignedIn', () => {
  it('draws the screens opened from a link or the home screen, with any tab of local data', () => {
    expect(drawn('/estimate/0140a957-c853-4479-a42e-0c3fc77610e7')).toBe(true);
    expect(drawn('/dashboard')).toBe(true);
    expect(drawn('/admin')).toBe(true);
    expect(drawn('/admin?tab=calendar')).toBe(true);
  });

  it("leaves the rest to the browser app, and the Google tab, whose answers come from Google's servers", () => {
    expect(drawn('/admin?tab=google')).toBe(false);
    expect(drawn('/estimate/0140a957-c853-4479-a42e-0c3fc77610e7/authorize')).toBe(false);
    expect(drawn('/estimate/not-an-id')).toBe(false);
    expect(drawn('/photo-capture')).toBe(false);
    expect(drawn('/admin/calendar')).toBe(false);
  });
});
