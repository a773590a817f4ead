import { describe, expect, it } from 'vitest';
import { BUNDLED_RATES, convert, formatMoney, roundMoney } from './currency.js';
import { CURRENCIES, currencyName, isCurrencyCode } from './currency-names.js';
import { ratesTableSchema } from './schemas.js';
import { itemPriceIn, itemSoldPriceIn } from './money.js';
import { item } from './testing/fixtures.js';

const rates = { base: 'USD', date: '2024-01-01', rates: { EUR: 0.9, GBP: 0.8, JPY: 150 } };

describe('CURRENCIES', () => {
  it('lists about 160 unique codes with names, each with a bundled rate', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
    for (const c of CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.name.length).toBeGreaterThan(2);
      expect(
        c.code === BUNDLED_RATES.base || BUNDLED_RATES.rates[c.code] !== undefined,
        c.code,
      ).toBe(true);
    }
    expect(currencyName('eur')).toBe('Euro');
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('XXX')).toBe(false);
  });

  it('bundles a table that passes its own schema', () => {
    expect(ratesTableSchema.safeParse(BUNDLED_RATES).success).toBe(true);
  });
});

describe('convert', () => {
  it('converts through the base currency', () => {
    expect(convert(90, 'EUR', 'USD', rates)).toBeCloseTo(100);
    expect(convert(100, 'USD', 'GBP', rates)).toBeCloseTo(80);
    expect(convert(90, 'EUR', 'GBP', rates)).toBeCloseTo(80);
    expect(convert(1, 'usd', 'jpy', rates)).toBe(150);
  });

  it('returns the amount for the same currency and nothing for an unknown one', () => {
    expect(convert(12, 'CHF', 'CHF', rates)).toBe(12);
    expect(convert(12, 'CHF', 'USD', rates)).toBeUndefined();
  });

  it('rounds to cents', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.344)).toBe(2.34);
  });
});

describe('itemPriceIn', () => {
  it("prefers the price itself, then the server's conversion, then the table", () => {
    expect(itemPriceIn(item('a', { price: 10 }), 'USD', rates)).toBe(10);
    expect(itemPriceIn(item('a', { price: 10, currency: 'USD' }), 'USD', rates)).toBe(10);
    expect(
      itemPriceIn(item('a', { price: 9, currency: 'EUR', convertedPrice: 11 }), 'USD', rates),
    ).toBe(11);
    expect(itemPriceIn(item('a', { price: 9, currency: 'EUR' }), 'USD', rates)).toBeCloseTo(10);
    expect(itemPriceIn(item('a', { price: 9, currency: 'CHF' }), 'USD', rates)).toBeUndefined();
    expect(itemPriceIn(item('a'), 'USD', rates)).toBeUndefined();
  });

  it('reads the sold price by the same rules, from its own fields', () => {
    const sold = item('a', { price: 50, soldPrice: 9, soldCurrency: 'EUR' });
    expect(itemSoldPriceIn(sold, 'EUR', rates)).toBe(9);
    expect(itemSoldPriceIn({ ...sold, convertedSoldPrice: 11 }, 'USD', rates)).toBe(11);
    expect(itemSoldPriceIn(sold, 'USD', rates)).toBeCloseTo(10);
    expect(itemSoldPriceIn(item('a', { price: 50 }), 'USD', rates)).toBeUndefined();
  });
});

describe('formatMoney', () => {
  it('formats in the locale and falls back for unknown codes', () => {
    expect(formatMoney(12.5, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(12.5, 'EUR', 'en-GB')).toBe('€12.50');
    expect(formatMoney(3, 'NOPE', 'en')).toBe('3.00 NOPE');
  });

  it('keeps locales and currencies apart when called again (formats are reused)', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatMoney(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
      expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
      expect(formatMoney(1234.5, 'JPY', 'en-GB')).toBe('JP¥1,235');
      expect(formatMoney(3, 'NOPE', 'en')).toBe('3.00 NOPE');
    }
  });
});
