import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/shop-config-test', SESSION_SECRET: 's'.repeat(32) };

describe('pricing settings (SHOP_LABOR_RATE, SHOP_TAX_RATE, SHOP_TAXABLE_KINDS)', () => {
  it('defaults to $65.00 an hour, 7%, parts and materials taxed', () => {
    expect(loadConfig(base).pricing).toEqual({
      laborRateCents: 6500,
      taxRateMillis: 7000,
      taxableKinds: ['part', 'materials'],
    });
  });

  it('reads the shop’s own values; an empty SHOP_TAXABLE_KINDS taxes nothing', () => {
    expect(
      loadConfig({
        ...base,
        SHOP_LABOR_RATE: '72.50',
        SHOP_TAX_RATE: '6.5',
        SHOP_TAXABLE_KINDS: ' Materials , part,sublet',
      }).pricing,
    ).toEqual({ laborRateCents: 7250, taxRateMillis: 6500, taxableKinds: ['part', 'materials', 'sublet'] });
    expect(loadConfig({ ...base, SHOP_TAXABLE_KINDS: '' }).pricing.taxableKinds).toEqual([]);
  });

  it('refuses bad values naming the variable', () => {
    expect(() => loadConfig({ ...base, SHOP_LABOR_RATE: '-5' })).toThrow(/SHOP_LABOR_RATE/);
    expect(() => loadConfig({ ...base, SHOP_LABOR_RATE: 'sixty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SHOP_TAX_RATE: '7%' })).toThrow(/SHOP_TAX_RATE/);
    expect(() => loadConfig({ ...base, SHOP_TAX_RATE: '150' })).toThrow(/SHOP_TAX_RATE/);
    expect(() => loadConfig({ ...base, SHOP_TAXABLE_KINDS: 'part,paint' })).toThrow(
      /SHOP_TAXABLE_KINDS: unknown kind paint/,
    );
  });
});
