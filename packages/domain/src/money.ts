import { BUNDLED_RATES, convert, type RatesTable } from './currency.js';
import type { ClothingItem } from './types.js';

/**
 * An amount in `currency`: itself when it is already in that currency (or names none), else the
 * server's conversion, else one through `rates`.
 */
function amountIn(
  amount: number | undefined,
  amountCurrency: string | undefined,
  converted: number | undefined,
  currency: string,
  rates: RatesTable,
): number | undefined {
  if (amount === undefined) return undefined;
  if (amountCurrency === undefined || amountCurrency === currency) return amount;
  if (converted !== undefined) return converted;
  return convert(amount, amountCurrency, currency, rates);
}

/**
 * An item's price in the user's currency (docs/spec.md §3 cost per wear, spending stats):
 * the price itself when it is already in that currency (or names none), else the server's
 * convertedPrice, else a conversion through `rates`. Undefined when there is no price or no way
 * to convert it.
 */
export function itemPriceIn(item: ClothingItem, currency: string, rates = BUNDLED_RATES) {
  return amountIn(item.price, item.currency, item.convertedPrice, currency, rates);
}

/** The sold price in the user's currency, by the same rules. */
export function itemSoldPriceIn(item: ClothingItem, currency: string, rates = BUNDLED_RATES) {
  return amountIn(item.soldPrice, item.soldCurrency, item.convertedSoldPrice, currency, rates);
}

/** An item's amounts and their currencies as stored and sent (snake_case; null for none). */
export interface StoredPriceFields {
  price?: number | null;
  currency?: string | null;
  sold_price?: number | null;
  sold_currency?: string | null;
}

/**
 * The currency to store beside each amount that names none: the user's currency when it is saved.
 * An amount kept without one would be read in whatever currency the user picks later (a price of
 * 5 entered in dollars would become 5 euros), so a price is never stored without its currency.
 */
export function missingPriceCurrencies(
  item: StoredPriceFields,
  userCurrency: string,
): { currency?: string; sold_currency?: string } {
  const fill: { currency?: string; sold_currency?: string } = {};
  if (item.price != null && !item.currency) fill.currency = userCurrency;
  if (item.sold_price != null && !item.sold_currency) fill.sold_currency = userCurrency;
  return fill;
}
