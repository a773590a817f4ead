import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_RATES } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { convertedColumns, createPriceConverter, loadRates } from './prices.js';

describe('loadRates', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hanger-rates-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the bundled table without a file', () => {
    expect(loadRates(undefined)).toBe(BUNDLED_RATES);
  });

  it('reads a table from RATES_FILE', async () => {
    const file = join(dir, 'rates.json');
    await writeFile(
      file,
      JSON.stringify({ base: 'EUR', date: '2025-06-30', rates: { USD: 1.17, GBP: 0.85 } }),
    );
    expect(loadRates(file)).toEqual({
      base: 'EUR',
      date: '2025-06-30',
      rates: { USD: 1.17, GBP: 0.85 },
    });
  });

  it.each([
    ['not JSON', 'rates'],
    ['no base', JSON.stringify({ date: '2025-01-01', rates: {} })],
    ['a negative rate', JSON.stringify({ base: 'USD', date: '2025-01-01', rates: { EUR: -1 } })],
    ['a bad code', JSON.stringify({ base: 'USD', date: '2025-01-01', rates: { euro: 1 } })],
  ])('refuses a file with %s, saying what is wrong', async (_name, content) => {
    const file = join(dir, `bad-${Math.random()}.json`);
    await writeFile(file, content);
    expect(() => loadRates(file)).toThrow(ConfigError);
    expect(() => loadRates(file)).toThrow(/RATES_FILE/);
  });
});

describe('converted prices', () => {
  const prices = createPriceConverter({
    base: 'USD',
    date: '2025-01-01',
    rates: { EUR: 0.5, JPY: 150 },
  });

  it('converts into the user currency, rounded to cents', () => {
    expect(prices.toUserCurrency(10, 'EUR', 'USD')).toBe(20);
    expect(prices.toUserCurrency(1000, 'JPY', 'EUR')).toBe(3.33);
    expect(prices.toUserCurrency(12.345, 'USD', 'USD')).toBe(12.345);
  });

  it('reads a price without a currency as already in the user currency', () => {
    expect(prices.toUserCurrency(7, null, 'EUR')).toBe(7);
  });

  it('has no converted amount without a price or without a rate', () => {
    expect(prices.toUserCurrency(null, 'EUR', 'USD')).toBeNull();
    expect(prices.toUserCurrency(5, 'XYZ', 'USD')).toBeNull();
    expect(prices.toUserCurrency(5, 'USD', 'XYZ')).toBeNull();
  });

  it('fills both converted columns of an item', () => {
    expect(
      convertedColumns(
        prices,
        { price: 10, currency: 'EUR', sold_price: 300, sold_currency: 'JPY' },
        'USD',
      ),
    ).toEqual({ converted_price: 20, converted_sold_price: 2 });
  });
});
