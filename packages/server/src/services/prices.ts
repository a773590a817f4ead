import { readFileSync } from 'node:fs';
import { BUNDLED_RATES, convert, ratesTableSchema, roundMoney } from '@hanger/domain';
import type { RatesTable } from '@hanger/domain';
import { ConfigError } from '../config.js';

/** The bundled reference rates, or the table in RATES_FILE (same shape: base, date, rates). */
export function loadRates(ratesFile: string | undefined): RatesTable {
  if (!ratesFile) return BUNDLED_RATES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(ratesFile, 'utf8'));
  } catch (err) {
    throw new ConfigError([
      `RATES_FILE ${ratesFile} is not readable JSON: ${(err as Error).message}`,
    ]);
  }
  const result = ratesTableSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError([
      `RATES_FILE ${ratesFile} must look like {"base":"USD","date":"YYYY-MM-DD","rates":{"EUR":0.92,…}}` +
        (issue ? ` (${issue.path.join('.')}: ${issue.message})` : ''),
    ]);
  }
  return result.data;
}

export interface PriceConverter {
  readonly rates: RatesTable;
  /**
   * `amount` (in `currency`, or in the user's currency when it names none) in `userCurrency`,
   * rounded to cents; null without an amount or without a rate for either currency.
   */
  toUserCurrency(
    amount: number | null,
    currency: string | null,
    userCurrency: string,
  ): number | null;
}

export function createPriceConverter(rates: RatesTable): PriceConverter {
  return {
    rates,
    toUserCurrency(amount, currency, userCurrency) {
      if (amount === null) return null;
      // Already in the user's currency: the amount itself, exactly as entered.
      if (!currency || currency.toUpperCase() === userCurrency.toUpperCase()) return amount;
      const converted = convert(amount, currency, userCurrency, rates);
      return converted === undefined ? null : roundMoney(converted);
    },
  };
}

export interface PricedFields {
  price: number | null;
  currency: string | null;
  sold_price: number | null;
  sold_currency: string | null;
}

export interface ConvertedColumns {
  converted_price: number | null;
  converted_sold_price: number | null;
}

/** The converted columns of an item from its own price fields. */
export function convertedColumns(
  prices: PriceConverter,
  item: PricedFields,
  userCurrency: string,
): ConvertedColumns {
  return {
    converted_price: prices.toUserCurrency(item.price, item.currency, userCurrency),
    converted_sold_price: prices.toUserCurrency(item.sold_price, item.sold_currency, userCurrency),
  };
}
