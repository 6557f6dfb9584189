import { describe, expect, it } from 'vitest';
import {
  angleLabel,
  checkedInForThisVisit,
  DEFAULT_CHECK_IN_ANGLES,
  defaultAngle,
  FUEL_LEVEL_LABELS,
  FUEL_LEVELS,
} from './check-in.ts';

describe('how a check-in angle is named', () => {
  it('names the default angles by their labels, however the shop cased or spaced them', () => {
    expect(DEFAULT_CHECK_IN_ANGLES.map(angleLabel)).toEqual([
      'Front',
      'Rear',
      'Left side',
      'Right side',
      'Odometer',
    ]);
    expect(angleLabel(' FRONT ')).toBe('Front');
    expect(defaultAngle('Left ')).toBe('left');
  });

  it('keeps an angle the shop named itself as written, with a capital first letter', () => {
    expect(defaultAngle('VIN plate')).toBeNull();
    expect(angleLabel('VIN plate')).toBe('VIN plate');
    expect(angleLabel(' roof ')).toBe('Roof');
  });
});

it('labels every fuel level, the fractions as they are', () => {
  expect(FUEL_LEVELS.map((level) => FUEL_LEVEL_LABELS[level])).toEqual([
    'Empty',
    '1/4',
    '1/2',
    '3/4',
    'Full',
  ]);
});

describe('whether the car is checked in for this visit', () => {
  const status = (name: string) => ({ kind: 'status', name });
  const checkIn = { kind: 'check_in', name: 'checked_in' };

  it('is true once a check-in follows the approval or the booking', () => {
    expect(checkedInForThisVisit([status('approved'), checkIn])).toBe(true);
    expect(checkedInForThisVisit([status('approved'), status('scheduled'), checkIn])).toBe(true);
    // A stage or a later non-booking status does not undo it.
    expect(checkedInForThisVisit([status('scheduled'), checkIn, { kind: 'stage', name: 'Paint' }])).toBe(
      true,
    );
  });

  it('is false before any check-in, and again once the car was sent home and booked anew', () => {
    expect(checkedInForThisVisit([])).toBe(false);
    expect(checkedInForThisVisit([status('pending'), status('approved'), status('scheduled')])).toBe(false);
    expect(checkedInForThisVisit([status('scheduled'), checkIn, status('approved')])).toBe(false);
    expect(
      checkedInForThisVisit([status('scheduled'), checkIn, status('approved'), status('scheduled')]),
    ).toBe(false);
  });
});
