import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setDrawnAt, useNow } from './clock.ts';

function Now() {
  return <>{useNow().toISOString()}</>;
}

describe('useNow', () => {
  afterEach(() => setDrawnAt(null));

  it('draws a page with the time it is drawn at, which the browser hydrates it with', () => {
    setDrawnAt(new Date('2026-03-04T15:45:00.000Z'));
    expect(renderToString(<Now />)).toBe('2026-03-04T15:45:00.000Z');
  });
});
