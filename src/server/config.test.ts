import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/shop-config-test', SESSION_SECRET: 's'.repeat(32) };

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({
      kind: 'embedded-postgres',
      dir: '/tmp/shop-config-test/postgres',
      pgliteDir: '/tmp/shop-config-test/db',
    });
    expect(config.shop.name).toBe('Lakeside Family Collision');
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats an empty value as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ ...base, DATABASE_URL: '' }).database.kind).toBe('embedded-postgres');
  });

  it('takes the check-in angles from SHOP_CHECK_IN_ANGLES, else front, rear, left, right, odometer', () => {
    expect(loadConfig(base).checkInAngles).toEqual(['front', 'rear', 'left', 'right', 'odometer']);
    expect(loadConfig({ ...base, SHOP_CHECK_IN_ANGLES: ' Front, VIN plate ,' }).checkInAngles).toEqual([
      'Front',
      'VIN plate',
    ]);
    expect(() => loadConfig({ ...base, SHOP_CHECK_IN_ANGLES: ' , ' })).toThrow(ConfigError);
  });

  it('takes the shop details from the environment', () => {
    const { shop } = loadConfig({
      ...base,
      SHOP_NAME: 'Gulf Coast Body Works',
      SHOP_PHONE: '(727) 555-0111',
    });
    expect(shop.name).toBe('Gulf Coast Body Works');
    expect(shop.phone).toBe('(727) 555-0111');
    expect(shop.hours).toHaveLength(3);
    expect(shop.registrationNumber).toBeNull();
  });

  it('closes on the US federal holidays unless told not to, and on the SHOP_CLOSED_DATES', () => {
    expect(loadConfig(base).shop).toMatchObject({ federalHolidays: true, closedDates: [] });
    expect(loadConfig({ ...base, SHOP_FEDERAL_HOLIDAYS: 'false' }).shop.federalHolidays).toBe(false);
    expect(loadConfig({ ...base, SHOP_CLOSED_DATES: ' 2026-12-24, 2026-12-31 ,' }).shop.closedDates).toEqual([
      '2026-12-24',
      '2026-12-31',
    ]);
    expect(() => loadConfig({ ...base, SHOP_CLOSED_DATES: '2026-12-24,Dec 31' })).toThrow(
      'SHOP_CLOSED_DATES: must be dates written YYYY-MM-DD separated by commas',
    );
    expect(() => loadConfig({ ...base, SHOP_CLOSED_DATES: '2026-02-30' })).toThrow('SHOP_CLOSED_DATES');
  });

  it('takes the FDACS registration number, refusing one that could not be a registration', () => {
    expect(loadConfig({ ...base, SHOP_REGISTRATION_NUMBER: ' MV-12345 ' }).shop.registrationNumber).toBe(
      'MV-12345',
    );
    expect(() => loadConfig({ ...base, SHOP_REGISTRATION_NUMBER: '<b>MV</b>' })).toThrow(
      'SHOP_REGISTRATION_NUMBER: must be the FDACS registration number',
    );
  });

  it('takes the promised reply time in hours, 24 unless set', () => {
    expect(loadConfig(base).shop.estimateReplyHours).toBe(24);
    expect(loadConfig({ ...base, SHOP_ESTIMATE_REPLY_HOURS: '48' }).shop.estimateReplyHours).toBe(48);
    expect(() => loadConfig({ ...base, SHOP_ESTIMATE_REPLY_HOURS: 'soon' })).toThrow(
      'SHOP_ESTIMATE_REPLY_HOURS: must be a whole number of hours',
    );
  });

  it('takes the job queue settings, refusing a poll faster than half a second', () => {
    expect(loadConfig(base).jobQueue).toEqual({ pollSeconds: 2, superviseSeconds: 60, leaseSeconds: 300 });
    expect(
      loadConfig({
        ...base,
        JOB_QUEUE_POLL_SECONDS: '0.5',
        JOB_QUEUE_SUPERVISE_SECONDS: '1',
        JOB_QUEUE_LEASE_SECONDS: '3',
      }).jobQueue,
    ).toEqual({ pollSeconds: 0.5, superviseSeconds: 1, leaseSeconds: 3 });
    expect(() => loadConfig({ ...base, JOB_QUEUE_POLL_SECONDS: '0.1' })).toThrow('JOB_QUEUE_POLL_SECONDS');
    expect(() => loadConfig({ ...base, JOB_QUEUE_LEASE_SECONDS: '0' })).toThrow('JOB_QUEUE_LEASE_SECONDS');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT:');
      expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
  });

  it('turns metrics on with METRICS_TOKEN, refusing a short token or one with spaces', () => {
    expect(loadConfig(base).metricsToken).toBeNull();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a'.repeat(24) }).metricsToken).toBe('a'.repeat(24));
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'with a space in it!' })).toThrow(/METRICS_TOKEN/);
  });

  it('keeps photos on disk in DATA_DIR/objects unless S3_BUCKET is set', () => {
    expect(loadConfig(base).objectStore).toEqual({ kind: 'disk', dir: '/tmp/shop-config-test/objects' });
    expect(loadConfig({ ...base, S3_BUCKET: '' }).objectStore.kind).toBe('disk');
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'shop-photos' }).objectStore).toEqual({
      kind: 's3',
      bucket: 'shop-photos',
      region: 'us-east-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'shop-photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).objectStore,
    ).toEqual({
      kind: 's3',
      bucket: 'shop-photos',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('refuses S3 settings that cannot work, naming the variable', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a configuration error');
    };
    expect(message({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain(
      'S3_BUCKET: must be set when S3_ENDPOINT is set',
    );
    expect(message({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key-id' })).toContain(
      'S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID',
    );
    expect(message({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' })).toContain(
      'S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY',
    );
    expect(message({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT:');
    expect(message({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE:');
  });
});

describe('RATE_LIMIT_SCALE', () => {
  it('is 1 by default, and AUTH_RATE_LIMIT_SCALE (its older name) still works', () => {
    expect(loadConfig(base).rateLimitScale).toBe(1);
    expect(loadConfig({ ...base, RATE_LIMIT_SCALE: '5' }).rateLimitScale).toBe(5);
    expect(loadConfig({ ...base, AUTH_RATE_LIMIT_SCALE: '50' }).rateLimitScale).toBe(50);
    // The new name wins when both are set.
    expect(loadConfig({ ...base, RATE_LIMIT_SCALE: '3', AUTH_RATE_LIMIT_SCALE: '50' }).rateLimitScale).toBe(
      3,
    );
    expect(() => loadConfig({ ...base, RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
  });
});

describe('security: TRUST_PROXY takes proxy addresses, never "trust every hop"', () => {
  it('trusts no proxy when unset or false', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    for (const value of ['', 'false', 'no', '0']) {
      expect(loadConfig({ ...base, TRUST_PROXY: value }).trustProxy, value).toBe(false);
    }
  });

  it('takes a comma-separated list of addresses and CIDR ranges', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would trust every hop, naming the variable and what to give instead', () => {
    for (const value of ['true', 'yes']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(ConfigError);
      try {
        loadConfig({ ...base, TRUST_PROXY: value });
      } catch (error) {
        expect((error as Error).message).toContain('TRUST_PROXY:');
        expect((error as Error).message).toContain('would trust every hop');
        expect((error as Error).message).toContain('give the addresses or CIDR ranges of the proxies');
      }
    }
  });

  it('refuses a hop count: it cannot tell a proxy from a client that connects directly', () => {
    for (const value of ['1', '2']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: a hop count .* give the addresses/,
      );
    }
  });

  it('refuses ranges that, alone or together, cover every IPv4 or IPv6 address, with a clear message', () => {
    for (const [value, family] of [
      ['0.0.0.0/0', 'IPv4'],
      ['::/0', 'IPv6'],
      ['0.0.0.0/1,128.0.0.0/1', 'IPv4'],
      ['10.0.0.5, 128.0.0.0/1, 0.0.0.0/2, 64.0.0.0/2', 'IPv4'],
      ['::/1, 8000::/1', 'IPv6'],
      // The IPv6 form of every IPv4 address covers the IPv4 clients too.
      ['::ffff:0:0/96', 'IPv4'],
      ['0.0.0.0/00', 'IPv4'],
    ]) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(
        new RegExp(`TRUST_PROXY: .*covers? every ${family} address.* give the addresses`),
      );
    }
  });

  it('takes wide ranges that leave some addresses out', () => {
    for (const value of ['0.0.0.0/1', '128.0.0.0/1,0.0.0.0/2', '::/1', '10.0.0.0/8,::ffff:10.0.0.0/104']) {
      expect(loadConfig({ ...base, TRUST_PROXY: value }).trustProxy, value).toEqual(
        value.split(',').map((entry) => entry.trim()),
      );
    }
  });

  it('refuses entries that are neither an address nor a CIDR range', () => {
    for (const value of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1,', '1.2.3']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*not an address/,
      );
    }
  });

  it('makes scheduled backups only when BACKUP_DIR or BACKUP_S3_BUCKET is set, daily at 02:00 keeping 14', () => {
    expect(loadConfig(base).backup).toBeNull();
    expect(loadConfig({ ...base, BACKUP_DIR: '/srv/backups' }).backup).toEqual({
      target: { kind: 'disk', dir: '/srv/backups' },
      schedule: { kind: 'daily', hour: 2, minute: 0, timeZone: 'America/New_York' },
      keep: 14,
    });
    const bucket = loadConfig({
      ...base,
      BACKUP_S3_BUCKET: 'shop-backups',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      BACKUP_EVERY: 'every 6h',
      BACKUP_KEEP: '30',
    });
    // The photos stay on disk; the backup bucket uses the S3_* endpoint, region and key.
    expect(bucket.objectStore.kind).toBe('disk');
    expect(bucket.backup).toMatchObject({
      target: { kind: 's3', bucket: 'shop-backups', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1' },
      schedule: { kind: 'interval', ms: 6 * 3_600_000 },
      keep: 30,
    });
  });

  it('refuses a bad backup schedule, count or target, naming the variable', () => {
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/srv/b', BACKUP_EVERY: '2am' })).toThrow(
      /BACKUP_EVERY: "2am"/,
    );
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/srv/b', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/srv/b', BACKUP_S3_BUCKET: 'b' })).toThrow(
      /BACKUP_DIR: set BACKUP_DIR or BACKUP_S3_BUCKET, not both/,
    );
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/tmp/shop-config-test/objects/backups' })).toThrow(
      /BACKUP_DIR: must be outside the photo store/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'photos', BACKUP_S3_BUCKET: 'photos' })).toThrow(
      /BACKUP_S3_BUCKET: must be another bucket than S3_BUCKET/,
    );
  });
});
