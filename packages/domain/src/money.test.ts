import { describe, expect, it } from 'vitest';
import { missingPriceCurrencies } from './money.js';

describe('missingPriceCurrencies', () => {
  const none = { price: null, currency: null, sold_price: null, sold_currency: null };

  it('gives an amount without a currency the user’s currency', () => {
    expect(missingPriceCurrencies({ ...none, price: 5 }, 'EUR')).toEqual({ currency: 'EUR' });
    expect(missingPriceCurrencies({ ...none, price: 0, currency: '' }, 'EUR')).toEqual({
      currency: 'EUR',
    });
    expect(missingPriceCurrencies({ ...none, sold_price: 3 }, 'JPY')).toEqual({
      sold_currency: 'JPY',
    });
  });

  it('keeps the currency an amount has, and adds none without an amount', () => {
    expect(missingPriceCurrencies({ ...none, price: 5, currency: 'GBP' }, 'EUR')).toEqual({});
    expect(missingPriceCurrencies(none, 'EUR')).toEqual({});
    expect(missingPriceCurrencies({ currency: 'GBP' }, 'EUR')).toEqual({});
  });
});
