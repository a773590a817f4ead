import { BUNDLED_RATES, type RatesTable } from './currency.js';
import { closetStartDay, type ItemStats } from './item-stats.js';
import { itemPriceIn } from './money.js';
import type { ClothingItem, Settings } from './types.js';
import { daysBetween } from './wear-day.js';

/**
 * The stats screen's lists of pieces (beyond SPEC §2, what users of every wardrobe app ask for):
 * the most worn, the ones not worn for a while, and cost per wear at both ends. Each list takes
 * the items of the chosen time range and the item stats of the same moment.
 */

/** An item in the closet untouched for this many days is "not worn in 90 days". */
export const NOT_WORN_RECENTLY_DAYS = 90;
/** Pieces a leader list shows before "show all": one row of photo tiles. */
export const LEADERS_LIMIT = 4;

export interface WornLeader {
  item: ClothingItem;
  timesWorn: number;
  lastWorn?: string;
}

function wearsOf(item: ClothingItem, stats: ItemStats | undefined): number {
  return stats?.totalTimesWorn ?? item.manualTimesWorn ?? 0;
}

/**
 * Items worn at least once, most wears first; ties go to the one worn more recently (the
 * current favourite), then to the id so the order never flickers.
 */
export function mostWorn(
  items: readonly ClothingItem[],
  itemStats: ReadonlyMap<string, ItemStats>,
  limit: number = LEADERS_LIMIT,
): WornLeader[] {
  const worn: WornLeader[] = [];
  for (const item of items) {
    const stats = itemStats.get(item.id);
    const timesWorn = wearsOf(item, stats);
    if (timesWorn <= 0) continue;
    const leader: WornLeader = { item, timesWorn };
    if (stats?.lastWorn !== undefined) leader.lastWorn = stats.lastWorn;
    worn.push(leader);
  }
  worn.sort(
    (a, b) =>
      b.timesWorn - a.timesWorn ||
      (b.lastWorn ?? '').localeCompare(a.lastWorn ?? '') ||
      a.item.id.localeCompare(b.item.id),
  );
  return worn.slice(0, Math.max(0, limit));
}

export interface PairedLeader {
  item: ClothingItem;
  /** Distinct pieces it shares an outfit with. */
  pairings: number;
  outfits: number;
}

/**
 * The most versatile pieces: most distinct partners across outfits first, then most outfits,
 * then id. Pieces in no outfit with another piece are left out.
 */
export function mostPaired(
  items: readonly ClothingItem[],
  itemStats: ReadonlyMap<string, ItemStats>,
  limit: number = LEADERS_LIMIT,
): PairedLeader[] {
  const paired: PairedLeader[] = [];
  for (const item of items) {
    const stats = itemStats.get(item.id);
    if (!stats || stats.numPairings <= 0) continue;
    paired.push({ item, pairings: stats.numPairings, outfits: stats.numOutfits });
  }
  paired.sort(
    (a, b) =>
      b.pairings - a.pairings || b.outfits - a.outfits || a.item.id.localeCompare(b.item.id),
  );
  return paired.slice(0, Math.max(0, limit));
}

export interface IdleItem {
  item: ClothingItem;
  timesWorn: number;
  lastWorn?: string;
  /** The day the idle time is counted from: the last wear, else the closet start. */
  since: string;
  /** Days from `since` to today. */
  idleDays: number;
}

/**
 * Items in the closet (status clothes) not worn for `days` days or more, longest idle first.
 * An item never worn on the calendar is idle since its time in the closet started (date
 * obtained, else tracking start, else creation), so a piece bought last week is not "forgotten"
 * yet. Manual wears carry no date, so they do not reset the clock. Archived, loaned and wishlist
 * items are left out: there is nothing to decide about a piece that is not in the closet.
 */
export function notWornRecently(
  items: readonly ClothingItem[],
  itemStats: ReadonlyMap<string, ItemStats>,
  settings: Pick<Settings, 'trackingStartDate'>,
  today: string,
  days: number = NOT_WORN_RECENTLY_DAYS,
): IdleItem[] {
  const idle: IdleItem[] = [];
  for (const item of items) {
    if (item.status !== undefined && item.status !== 'clothes') continue;
    const stats = itemStats.get(item.id);
    const since = stats?.lastWorn ?? closetStartDay(item, settings);
    const idleDays = daysBetween(since, today);
    if (!(idleDays >= days)) continue;
    const entry: IdleItem = { item, timesWorn: wearsOf(item, stats), since, idleDays };
    if (stats?.lastWorn !== undefined) entry.lastWorn = stats.lastWorn;
    idle.push(entry);
  }
  idle.sort(
    (a, b) =>
      b.idleDays - a.idleDays || a.timesWorn - b.timesWorn || a.item.id.localeCompare(b.item.id),
  );
  return idle;
}

export interface CostPerWearLeader {
  item: ClothingItem;
  /** In the user's currency. */
  price: number;
  timesWorn: number;
  /** Price ÷ wears; for a piece never worn, the whole price (what its first wear would cost). */
  costPerWear: number;
}

export interface CostPerWearLeaders {
  /** Lowest cost per wear first: pieces that earned their price. Only worn pieces. */
  earned: CostPerWearLeader[];
  /** Highest cost per wear first, never-worn pieces included: pieces that have not, yet. */
  notYet: CostPerWearLeader[];
}

/**
 * Both ends of cost per wear among priced items (price above zero in the user's currency). A
 * piece is on at most one list: the best half (at most `limit`, worn pieces only) earned its
 * price, the rest compete for "not yet", so a small wardrobe does not show one piece twice.
 */
export function costPerWearLeaders(
  items: readonly ClothingItem[],
  itemStats: ReadonlyMap<string, ItemStats>,
  currency: string,
  limit: number = LEADERS_LIMIT,
  rates: RatesTable = BUNDLED_RATES,
): CostPerWearLeaders {
  const priced: CostPerWearLeader[] = [];
  for (const item of items) {
    const price = itemPriceIn(item, currency, rates);
    if (price === undefined || !(price > 0)) continue;
    const timesWorn = wearsOf(item, itemStats.get(item.id));
    priced.push({ item, price, timesWorn, costPerWear: price / Math.max(1, timesWorn) });
  }
  const byId = (a: CostPerWearLeader, b: CostPerWearLeader) => a.item.id.localeCompare(b.item.id);
  const best = priced
    .filter((p) => p.timesWorn > 0)
    .sort((a, b) => a.costPerWear - b.costPerWear || b.timesWorn - a.timesWorn || byId(a, b));
  const earned = best.slice(0, Math.max(0, Math.min(limit, Math.ceil(priced.length / 2))));
  const taken = new Set(earned.map((e) => e.item.id));
  const notYet = priced
    .filter((p) => !taken.has(p.item.id))
    .sort((a, b) => b.costPerWear - a.costPerWear || a.timesWorn - b.timesWorn || byId(a, b))
    .slice(0, Math.max(0, limit));
  return { earned, notYet };
}
