import { BUNDLED_RATES, convert, type RatesTable } from './currency.js';
import type { ClothingItem } from './types.js';

/**
 * An item's price in the user's currency (SPEC §3 cost per wear, spending stats):
 * the price itself when it is already in that currency (or names none), else the server's
 * convertedPrice, else a conversion through `rates`. Undefined when there is no price or no way
 * to convert it.
 */
export function itemPriceIn(
  item: ClothingItem,
  currency: string,
  rates: RatesTable = BUNDLED_RATES,
): number | undefined {
  if (item.price === undefined) return undefined;
  if (item.currency === undefined || item.currency === currency) return item.price;
  if (item.convertedPrice !== undefined) return item.convertedPrice;
  return convert(item.price, item.currency, currency, rates);
}

/** The sold price in the user's currency, by the same rules. */
export function itemSoldPriceIn(
  item: ClothingItem,
  currency: string,
  rates: RatesTable = BUNDLED_RATES,
): number | undefined {
  if (item.soldPrice === undefined) return undefined;
  if (item.soldCurrency === undefined || item.soldCurrency === currency) return item.soldPrice;
  if (item.convertedSoldPrice !== undefined) return item.convertedSoldPrice;
  return convert(item.soldPrice, item.soldCurrency, currency, rates);
}
