import { TZDate } from '@date-fns/tz';
import { SHOP_TIME_ZONE } from './drop-off-slots.ts';

/**
 * When scheduled backups are made (BACKUP_EVERY):
 *
 *   "HH:MM"                 every day at that time, shop time (America/New_York), e.g. "02:00"
 *   "every <n>s|m|h"        every n seconds, minutes or hours, at whole multiples since 1970 (UTC)
 *
 * Both forms name fixed instants that every server process computes alike, whatever its own clock
 * zone or start time: that instant is what the processes agree on, so one of them makes each backup.
 */
export type BackupSchedule =
  | { kind: 'daily'; hour: number; minute: number; timeZone: string }
  | { kind: 'interval'; ms: number };

export const DEFAULT_BACKUP_SCHEDULE = '02:00';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** The schedule BACKUP_EVERY names, or a message saying what is wrong with it. */
export function parseBackupSchedule(text: string): BackupSchedule | { error: string } {
  const value = text.trim().toLowerCase();
  const daily = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (daily) {
    const hour = Number(daily[1]);
    const minute = Number(daily[2]);
    if (hour > 23 || minute > 59) return { error: `"${text}" is not a time of day (00:00 to 23:59)` };
    return { kind: 'daily', hour, minute, timeZone: SHOP_TIME_ZONE };
  }
  const interval = /^every\s+(\d{1,6})\s*([smh])$/.exec(value);
  if (interval) {
    const ms = Number(interval[1]) * UNIT_MS[interval[2] as keyof typeof UNIT_MS];
    if (ms < 1000) return { error: `"${text}": the interval must be at least 1s` };
    return { kind: 'interval', ms };
  }
  return {
    error: `"${text}" is not a schedule: give a daily time in shop time ("02:00") or an interval ("every 6h", "every 30m", "every 10s")`,
  };
}

/** The first scheduled time strictly after `after`. */
export function nextBackupTime(schedule: BackupSchedule, after: Date): Date {
  if (schedule.kind === 'interval') {
    return new Date((Math.floor(after.getTime() / schedule.ms) + 1) * schedule.ms);
  }
  const local = new TZDate(after.getTime(), schedule.timeZone);
  for (let days = 0; days <= 2; days++) {
    // TZDate carries day overflow into the next month; a time skipped by a clock change moves forward.
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + days,
      schedule.hour,
      schedule.minute,
      0,
      0,
      schedule.timeZone,
    );
    if (candidate.getTime() > after.getTime()) return new Date(candidate.getTime());
  }
  throw new Error('no scheduled backup time within two days');
}

/** "daily at 02:00 (America/New_York)" or "every 10s": for the start-up log. */
export function describeBackupSchedule(schedule: BackupSchedule): string {
  if (schedule.kind === 'daily') {
    const pad = (value: number) => String(value).padStart(2, '0');
    return `daily at ${pad(schedule.hour)}:${pad(schedule.minute)} (${schedule.timeZone})`;
  }
  const { ms } = schedule;
  if (ms % UNIT_MS.h === 0) return `every ${ms / UNIT_MS.h}h`;
  if (ms % UNIT_MS.m === 0) return `every ${ms / UNIT_MS.m}m`;
  return `every ${ms / 1000}s`;
}
