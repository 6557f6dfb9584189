import { describe, expect, it } from 'vitest';
import { describeBackupSchedule, nextBackupTime, parseBackupSchedule } from './backup-schedule.ts';

const schedule = (text: string) => {
  const parsed = parseBackupSchedule(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
};

describe('backup schedule (BACKUP_EVERY)', () => {
  it('runs daily at a time of day in shop time, across the clock changes', () => {
    const daily = schedule('02:00');
    expect(describeBackupSchedule(daily)).toBe('daily at 02:00 (America/New_York)');
    // November: EST (UTC-5); before 02:00 shop time it is today's, after it tomorrow's.
    expect(nextBackupTime(daily, new Date('2026-11-23T06:59:00Z')).toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
    expect(nextBackupTime(daily, new Date('2026-11-23T07:00:00Z')).toISOString()).toBe(
      '2026-11-24T07:00:00.000Z',
    );
    // July: EDT (UTC-4).
    expect(nextBackupTime(daily, new Date('2026-07-01T12:00:00Z')).toISOString()).toBe(
      '2026-07-02T06:00:00.000Z',
    );
    // 8 March 2026 has no 02:00 in New York: the backup is made once that day all the same.
    const springForward = nextBackupTime(daily, new Date('2026-03-08T05:00:00Z'));
    expect(springForward.getTime()).toBeGreaterThan(new Date('2026-03-08T05:00:00Z').getTime());
    expect(springForward.getTime()).toBeLessThan(new Date('2026-03-08T08:00:00Z').getTime());
    // Month ends roll over.
    expect(nextBackupTime(schedule('23:30'), new Date('2026-12-31T23:00:00-05:00')).toISOString()).toBe(
      '2027-01-01T04:30:00.000Z',
    );
  });

  it('runs at whole multiples of an interval, the same instants in every process', () => {
    const every = schedule('every 2s');
    expect(describeBackupSchedule(every)).toBe('every 2s');
    expect(nextBackupTime(every, new Date(10_001)).getTime()).toBe(12_000);
    expect(nextBackupTime(every, new Date(12_000)).getTime()).toBe(14_000);
    expect(describeBackupSchedule(schedule('every 90m'))).toBe('every 90m');
    expect(describeBackupSchedule(schedule('Every 6h'))).toBe('every 6h');
    expect(nextBackupTime(schedule('every 6h'), new Date('2026-11-23T05:00:00Z')).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
  });

  it('says what is wrong with anything else', () => {
    for (const text of ['2am', '24:00', '02:60', 'every 0s', 'every 5', 'daily', '0 2 * * *']) {
      expect(parseBackupSchedule(text), text).toHaveProperty('error');
    }
  });
});
