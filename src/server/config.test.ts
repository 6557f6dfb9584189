import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/shop-config-test', SESSION_SECRET: 's'.repeat(32) };

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ kind: 'pglite', dir: '/tmp/shop-config-test/db' });
    expect(config.shop.name).toBe('Lakeside Family Collision');
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats an empty value as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ ...base, DATABASE_URL: '' }).database.kind).toBe('pglite');
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
});
