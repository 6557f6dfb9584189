import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CheckInView } from '#domain/check-in.ts';
import { RecordedCheckIn } from './check-in-card.tsx';

const checkIn: CheckInView = {
  at: '2026-03-02T14:05:00Z',
  odometer: 48210,
  fuel: '1/2',
  notes: null,
  keys: '2 keys',
  photos: [{ angle: 'front', url: '/api/photos/p1', thumbnailUrl: '/api/photos/p1/thumbnail' }],
};
const render = (canAddAnother: boolean) =>
  renderToStaticMarkup(
    <RecordedCheckIn
      estimateId="e1"
      checkIn={checkIn}
      angles={['front', 'rear']}
      canAddAnother={canAddAnother}
    />,
  );

describe("the desk's check-in card once a check-in is recorded", () => {
  it('shows the latest check-in with "New check-in" for the car\'s next visit', () => {
    const html = render(true);
    expect(html).toContain('48,210 mi');
    expect(html).toContain('New check-in');
    // The form opens only when asked for.
    expect(html).not.toContain('Record check-in');
  });

  it('offers no new check-in on a closed estimate', () => {
    expect(render(false)).not.toContain('New check-in');
  });
});
