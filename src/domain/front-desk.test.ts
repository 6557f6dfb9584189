import { describe, expect, it } from 'vitest';
import { messagePreview, moreWaiting, sentAgo, waitedFor } from './front-desk.ts';

describe('waitedFor', () => {
  const now = new Date('2026-03-04T16:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says the wait as the desk does: minutes, hours, then days', () => {
    expect(waitedFor(ago(20_000), now)).toBe('just now');
    expect(waitedFor(ago(25 * 60_000), now)).toBe('25 min');
    expect(waitedFor(ago(2 * 3_600_000 + 59 * 60_000), now)).toBe('2 h');
    expect(waitedFor(ago(30 * 3_600_000), now)).toBe('1 day');
    expect(waitedFor(ago(3 * 86_400_000 + 5 * 3_600_000), now)).toBe('3 days');
    // A clock a little ahead of the viewer's is not a negative wait.
    expect(waitedFor(ago(-60_000), now)).toBe('just now');
  });

  it('says when the last word went out without "just now ago"', () => {
    expect(sentAgo(ago(20_000), now)).toBe('sent just now');
    expect(sentAgo(ago(25 * 60_000), now)).toBe('sent 25 min ago');
  });
});

describe('messagePreview', () => {
  it('keeps a short message whole, on one line', () => {
    expect(messagePreview('  Is the tailgate\nsafe?  ')).toBe('Is the tailgate safe?');
  });

  it('cuts a long one at whole characters and marks the cut', () => {
    const preview = messagePreview(`${'🚗'.repeat(150)}`, 140);
    expect(Array.from(preview)).toHaveLength(141);
    expect(preview.endsWith('🚗…')).toBe(true);
  });
});

describe('moreWaiting', () => {
  it('says how many messages wait beyond the one previewed', () => {
    expect(moreWaiting(1)).toBeNull();
    expect(moreWaiting(2)).toBe('+1 more');
    expect(moreWaiting(4)).toBe('+3 more');
  });
});
