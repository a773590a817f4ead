import { DAYS_PER_MONTH, USE_FREQUENCY_MONTH_THRESHOLD_DAYS } from './constants.js';
import { BUNDLED_RATES, type RatesTable } from './currency.js';
import { toDayKey } from './day-keys.js';
import { itemPriceIn } from './money.js';
import type { ClothingItem, Settings, WardrobeData } from './types.js';
import { buildWearIndex, daysOf, type WearIndex } from './wear-index.js';
import { daysInclusive, wearDayKey } from './wear-day.js';

/** Derived item stats of docs/spec.md §3. */
export interface ItemStats {
  /** Days worn up to today, ascending; a day counts once however the item was logged. */
  datesWorn: readonly string[];
  lastWorn?: string;
  /** Days worn according to the calendar. */
  calTimesWorn: number;
  /** Calendar wears plus the manual count. */
  totalTimesWorn: number;
  numOutfits: number;
  /** Distinct other items this one shares at least one outfit with. */
  numPairings: number;
  /** Wears per day in closet; undefined when the item has no days in closet yet. */
  useFrequency?: number;
  /** Price in the user's currency divided by total wears; undefined if never worn or no price. */
  costPerWear?: number;
  daysInCloset: number;
}

export interface StatsOptions {
  /** Rates for prices in another currency that the server has not converted. */
  rates?: RatesTable;
  /** A wear index already built for the same wardrobe and moment. */
  index?: WearIndex;
}

/**
 * The day an item's time in the closet starts: date obtained, else the user's tracking start,
 * else the day it was created (docs/spec.md §9).
 */
export function closetStartDay(
  item: ClothingItem,
  settings: Pick<Settings, 'trackingStartDate'>,
): string {
  return item.dateObtained ?? settings.trackingStartDate ?? toDayKey(item.dateCreated);
}

/**
 * The day an item's time in the closet ends: its archive date while it is archived, else today.
 * A date archived left on an item that is back in the closet no longer ends anything.
 */
export function closetEndDay(item: ClothingItem, today: string): string {
  return item.status === 'archived' && item.dateArchived !== undefined ? item.dateArchived : today;
}

/** Days in closet, counted inclusively: obtained today is 1 day. */
export function daysInCloset(
  item: ClothingItem,
  settings: Pick<Settings, 'trackingStartDate'>,
  today: string,
): number {
  return daysInclusive(closetStartDay(item, settings), closetEndDay(item, today));
}

/** Distinct pairing partners per item, from each outfit's distinct items. */
export function pairingPartners(index: WearIndex): Map<string, Set<string>> {
  const partners = new Map<string, Set<string>>();
  for (const items of index.outfitItems.values()) {
    if (items.length < 2) continue;
    for (const a of items) {
      let set = partners.get(a);
      if (!set) partners.set(a, (set = new Set()));
      for (const b of items) if (b !== a) set.add(b);
    }
  }
  return partners;
}

/**
 * The number of distinct partners of every item. Same answer as pairingPartners' set sizes, but
 * without a set per item: walking one item's outfits, a partner is counted the first time it is
 * met, which `seenBy` remembers.
 */
export function pairingCounts(index: WearIndex): Map<string, number> {
  const counts = new Map<string, number>();
  const seenBy = new Map<string, string>();
  for (const [a, outfitIds] of index.itemOutfits) {
    let n = 0;
    for (const outfitId of outfitIds) {
      const items = index.outfitItems.get(outfitId);
      if (!items) continue;
      for (const b of items) {
        if (b === a || seenBy.get(b) === a) continue;
        seenBy.set(b, a);
        n += 1;
      }
    }
    counts.set(a, n);
  }
  return counts;
}

function statsFor(
  item: ClothingItem,
  datesWorn: readonly string[],
  numOutfits: number,
  numPairings: number,
  settings: Settings,
  today: string,
  rates: RatesTable,
): ItemStats {
  const calTimesWorn = datesWorn.length;
  const totalTimesWorn = calTimesWorn + (item.manualTimesWorn ?? 0);
  const days = daysInCloset(item, settings, today);
  const price = itemPriceIn(item, settings.currency, rates);
  const stats: ItemStats = {
    datesWorn,
    calTimesWorn,
    totalTimesWorn,
    numOutfits,
    numPairings,
    daysInCloset: days,
  };
  const lastWorn = datesWorn[datesWorn.length - 1];
  if (lastWorn !== undefined) stats.lastWorn = lastWorn;
  if (days > 0) stats.useFrequency = totalTimesWorn / days;
  if (price !== undefined && totalTimesWorn > 0) stats.costPerWear = price / totalTimesWorn;
  return stats;
}

/**
 * Stats for every item of the wardrobe, keyed by item id. The indexes are built once, so the
 * cost is linear in items, outfit entries and calendar entries.
 */
export function computeItemStats(
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
  options: StatsOptions = {},
): Map<string, ItemStats> {
  const index = options.index ?? buildWearIndex(wardrobe, now);
  const rates = options.rates ?? BUNDLED_RATES;
  const pairings = pairingCounts(index);
  const result = new Map<string, ItemStats>();
  for (const item of index.items) {
    result.set(
      item.id,
      statsFor(
        item,
        daysOf(index.itemDays, item.id),
        index.itemOutfits.get(item.id)?.length ?? 0,
        pairings.get(item.id) ?? 0,
        settings,
        index.today,
        rates,
      ),
    );
  }
  return result;
}

/**
 * Stats for one item (the detail screen). It scans the outfits and the calendar once, which is
 * cheaper than computeItemStats when only one item is shown.
 */
export function computeSingleItemStats(
  itemId: string,
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
  options: Omit<StatsOptions, 'index'> = {},
): ItemStats | undefined {
  const item = wardrobe.clothes[itemId];
  if (!item) return undefined;
  const today = wearDayKey(now);
  const outfitIds = new Set<string>();
  const partners = new Set<string>();
  for (const outfit of Object.values(wardrobe.outfits)) {
    if (!outfit.canvasData.some((e) => e.clothingId === itemId)) continue;
    outfitIds.add(outfit.id);
    for (const e of outfit.canvasData) {
      if (e.clothingId !== itemId && wardrobe.clothes[e.clothingId]) partners.add(e.clothingId);
    }
  }
  const datesWorn: string[] = [];
  for (const [day, entry] of Object.entries(wardrobe.calendar)) {
    if (day > today) continue;
    if (entry.clothes.includes(itemId) || entry.outfits.some((o) => outfitIds.has(o))) {
      datesWorn.push(day);
    }
  }
  datesWorn.sort();
  return statsFor(
    item,
    datesWorn,
    outfitIds.size,
    partners.size,
    settings,
    today,
    options.rates ?? BUNDLED_RATES,
  );
}

/**
 * The use frequency of an item that has one: an item never worn (0 wears a day) has none, so it
 * reads "Never worn" and sorts with the items without a value, last (docs/spec.md §5), not as the
 * rarest of all.
 */
export function wornUseFrequency(useFrequency: number | undefined): number | undefined {
  return useFrequency !== undefined && useFrequency > 0 ? useFrequency : undefined;
}

/**
 * "Once every N days", switching to "Once every N months" when the gap between wears is over
 * 28 days (month = 30.4167 days), docs/spec.md §9. A gap that rounds to one reads "Once every day"
 * or "Once every month"; an item never worn reads "Never worn".
 */
export function useFrequencyText(useFrequency: number | undefined): string {
  const worn = wornUseFrequency(useFrequency);
  if (worn === undefined) return 'Never worn';
  const gapDays = 1 / worn;
  if (gapDays > USE_FREQUENCY_MONTH_THRESHOLD_DAYS) {
    const months = Math.max(1, Math.round(gapDays / DAYS_PER_MONTH));
    return months === 1 ? 'Once every month' : `Once every ${months} months`;
  }
  const days = Math.max(1, Math.round(gapDays));
  return days === 1 ? 'Once every day' : `Once every ${days} days`;
}
