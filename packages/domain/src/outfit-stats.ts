import { BUNDLED_RATES } from './currency.js';
import { itemPriceIn } from './money.js';
import type { StatsOptions } from './item-stats.js';
import type { Outfit, Settings, WardrobeData } from './types.js';
import { buildWearIndex, daysOf } from './wear-index.js';

/** Derived outfit stats of docs/spec.md §3. */
export interface OutfitStats {
  /** Days the outfit was logged, up to today, ascending, each once. */
  datesWorn: readonly string[];
  /** Absent when the outfit was never logged on a day up to today. */
  lastWorn?: string;
  /** Calendar wears plus the manual count. */
  totalTimesWorn: number;
  /** Distinct items of the canvas that still exist. */
  numItems: number;
  /** Sum of its items' prices in the user's currency; an item without a price adds nothing. */
  totalCost: number;
  /**
   * Its items with a price in the user's currency. None: the total cost is unknown, not 0
   * (a piece priced 0 is counted).
   */
  pricedItems: number;
}

function statsFor(
  outfit: Outfit,
  datesWorn: readonly string[],
  numItems: number,
  totalCost: number,
  pricedItems: number,
): OutfitStats {
  const stats: OutfitStats = {
    datesWorn,
    totalTimesWorn: datesWorn.length + (outfit.manualTimesWorn ?? 0),
    numItems,
    totalCost,
    pricedItems,
  };
  const lastWorn = datesWorn[datesWorn.length - 1];
  if (lastWorn !== undefined) stats.lastWorn = lastWorn;
  return stats;
}

/** Stats for every outfit, keyed by outfit id, from one shared index (linear cost). */
export function computeOutfitStats(
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
  options: StatsOptions = {},
): Map<string, OutfitStats> {
  const index = options.index ?? buildWearIndex(wardrobe, now);
  const rates = options.rates ?? BUNDLED_RATES;
  // null: the item has no price in the user's currency.
  const prices = new Map<string, number | null>();
  const priceOf = (id: string): number | null => {
    let p = prices.get(id);
    if (p === undefined) {
      const item = wardrobe.clothes[id];
      p = (item && itemPriceIn(item, settings.currency, rates)) ?? null;
      prices.set(id, p);
    }
    return p;
  };
  const result = new Map<string, OutfitStats>();
  for (const outfit of index.outfits) {
    const items = index.outfitItems.get(outfit.id) ?? [];
    let cost = 0;
    let priced = 0;
    for (const id of items) {
      const p = priceOf(id);
      if (p === null) continue;
      cost += p;
      priced += 1;
    }
    result.set(
      outfit.id,
      statsFor(outfit, daysOf(index.outfitDays, outfit.id), items.length, cost, priced),
    );
  }
  return result;
}

/** Stats for one outfit (the detail screen), scanning the calendar once. */
export function computeSingleOutfitStats(
  outfitId: string,
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
  options: Omit<StatsOptions, 'index'> = {},
): OutfitStats | undefined {
  const outfit = wardrobe.outfits[outfitId];
  if (!outfit) return undefined;
  const single: WardrobeData = {
    clothes: wardrobe.clothes,
    outfits: { [outfitId]: outfit },
    calendar: wardrobe.calendar,
  };
  return computeOutfitStats(single, settings, now, options).get(outfitId);
}
