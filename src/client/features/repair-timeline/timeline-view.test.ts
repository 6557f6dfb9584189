import { describe, expect, it } from 'vitest';
import { newestFirst, promisedDateSteps, signedInPhotoView } from './timeline-view.ts';

const PHOTO = '/api/photos/0b0b0b0b-1111-4222-8333-444444444444';

describe('the customer timeline', () => {
  it('puts the newest entry first, keeping the API order for entries of the same instant', () => {
    const entries = [
      { name: 'a', at: '2026-03-02T14:00:00.000Z' },
      { name: 'b', at: '2026-03-03T14:00:00.000Z' },
      { name: 'c', at: '2026-03-03T14:00:00.000Z' },
    ];
    expect(newestFirst(entries).map((entry) => entry.name)).toEqual(['c', 'b', 'a']);
    expect(entries.map((entry) => entry.name)).toEqual(['a', 'b', 'c']);
  });

  it('shows signed-in photos through their thumbnail, other URLs as they are', () => {
    expect(signedInPhotoView(PHOTO)).toEqual({ full: PHOTO, thumbnail: `${PHOTO}/thumbnail` });
    expect(signedInPhotoView('/s/token/photos/1')).toEqual({
      full: '/s/token/photos/1',
      thumbnail: '/s/token/photos/1',
    });
  });

  it('pairs each promised-date change with the date it replaced, newest first', () => {
    const steps = promisedDateSteps([
      { date: '2026-03-13', reason: null, at: '2026-03-02T14:00:00.000Z' },
      { date: '2026-03-17', reason: 'Waiting on a back-ordered bumper', at: '2026-03-09T14:00:00.000Z' },
    ]);
    expect(steps).toEqual([
      {
        change: {
          date: '2026-03-17',
          reason: 'Waiting on a back-ordered bumper',
          at: '2026-03-09T14:00:00.000Z',
        },
        previous: '2026-03-13',
      },
      { change: { date: '2026-03-13', reason: null, at: '2026-03-02T14:00:00.000Z' }, previous: null },
    ]);
  });
});
