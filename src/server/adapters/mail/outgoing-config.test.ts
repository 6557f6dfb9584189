import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const base = { DATA_DIR: '/tmp/shop-config-test', SESSION_SECRET: 's'.repeat(32) };

describe('mail and Google configuration', () => {
  it('a fresh install writes .eml files under DATA_DIR/outbox, from the shop, with links to localhost', () => {
    const config = loadConfig(base);
    expect(config.mail).toEqual({
      transport: { kind: 'eml-files', dir: '/tmp/shop-config-test/outbox' },
      from: '"Lakeside Family Collision" <estimates@lakesidefamilycollision.com>',
      shopNotifyEmail: 'estimates@lakesidefamilycollision.com',
    });
    expect(config.appUrl).toBe('http://localhost:5000');
    expect(config.workers).toBe(true);
    expect(config.google).toEqual({
      kind: 'none',
      missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN', 'GOOGLE_DRIVE_FOLDER_ID'],
    });
  });

  it('takes SMTP_URL, MAIL_FROM, SHOP_NOTIFY_EMAIL and APP_URL from the environment', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://shop:secret@smtp.example.com',
      MAIL_FROM: 'Lakeside <noreply@shop.example>',
      SHOP_NOTIFY_EMAIL: 'desk@shop.example',
      APP_URL: 'https://shop.example/',
    });
    expect(config.mail.transport).toEqual({ kind: 'smtp', url: 'smtps://shop:secret@smtp.example.com' });
    expect(config.mail.from).toBe('Lakeside <noreply@shop.example>');
    expect(config.mail.shopNotifyEmail).toBe('desk@shop.example');
    expect(config.appUrl).toBe('https://shop.example');
  });

  it('stops with a message naming a bad SMTP_URL, APP_URL or SHOP_NOTIFY_EMAIL', () => {
    const bad = { ...base, SMTP_URL: 'mail.example.com', APP_URL: 'shop.example', SHOP_NOTIFY_EMAIL: 'desk' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
      expect(message).toContain('APP_URL: must be an http:// or https:// URL');
      expect(message).toContain('SHOP_NOTIFY_EMAIL: must be an e-mail address');
    }
  });

  it('connects Google only with all four settings, and lists the ones missing', () => {
    const partial = loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(partial.google).toEqual({
      kind: 'none',
      missing: ['GOOGLE_REFRESH_TOKEN', 'GOOGLE_DRIVE_FOLDER_ID'],
    });
    const full = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_REFRESH_TOKEN: 'token',
      GOOGLE_DRIVE_FOLDER_ID: 'folder',
    });
    expect(full.google).toEqual({
      kind: 'google',
      clientId: 'id',
      clientSecret: 'secret',
      refreshToken: 'token',
      driveFolderId: 'folder',
      apiRootUrl: null,
      tokenUrl: null,
    });
  });
});
