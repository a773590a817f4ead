import type { ClothingItem } from './types.js';
import type { StatsItem } from './wardrobe-stats.js';

/**
 * The stats screen's lists of pieces (beyond docs/spec.md §2, what users of every wardrobe app ask
 * for): the most worn, the most versatile, the ones not worn for a while, and cost per wear at both
 * ends. Each list takes the range's items as prepareWardrobeStats describes them (rangeItems), so
 * a range switch costs one pass over its items, never a sort of the whole wardrobe.
 */

/** An item in the closet untouched for this many days is "not worn in 90 days". */
export const NOT_WORN_RECENTLY_DAYS = 90;
/** Pieces a leader list shows: one row of photo tiles. */
export const LEADERS_LIMIT = 4;

/** `lastWorn` of an entry when it was ever worn: an answer leaves the field out otherwise. */
function lastWornOf(e: { lastWorn?: string }): { lastWorn?: string } {
  return e.lastWorn === undefined ? {} : { lastWorn: e.lastWorn };
}

/**
 * The first `limit` entries in `compare` order, in one pass: a short sorted buffer instead of a
 * sort of everything (n·limit comparisons for a handful of leaders out of thousands).
 */
export function topBy<T>(items: Iterable<T>, limit: number, compare: (a: T, b: T) => number): T[] {
  const top: T[] = [];
  if (limit <= 0) return top;
  for (const x of items) {
    if (top.length === limit && compare(x, top[limit - 1]!) >= 0) continue;
    let i = top.length < limit ? top.length : limit - 1;
    if (top.length < limit) top.push(x);
    while (i > 0 && compare(x, top[i - 1]!) < 0) {
      top[i] = top[i - 1]!;
      i -= 1;
    }
    top[i] = x;
  }
  return top;
}

const byId = (a: StatsItem, b: StatsItem) =>
  a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0;

export interface WornLeader {
  item: ClothingItem;
  timesWorn: number;
  lastWorn?: string;
}

/**
 * Items worn at least once, most wears first; ties go to the one worn more recently (the
 * current favourite), then to the id so the order never flickers.
 */
export function mostWorn(items: readonly StatsItem[], limit = LEADERS_LIMIT): WornLeader[] {
  const lastOf = (e: StatsItem) => e.lastWorn ?? '';
  return topBy(
    items.filter((e) => e.wears > 0),
    limit,
    (a, b) =>
      b.wears - a.wears ||
      (lastOf(a) > lastOf(b) ? -1 : lastOf(a) < lastOf(b) ? 1 : 0) ||
      byId(a, b),
  ).map((e): WornLeader => ({ item: e.item, timesWorn: e.wears, ...lastWornOf(e) }));
}

export interface PairedLeader {
  item: ClothingItem;
  /** Distinct pieces of the same items (the range's) it shares an outfit with. */
  pairings: number;
  /** Outfits it shares with at least one of them. */
  outfits: number;
}

/**
 * The most versatile pieces: most distinct partners across outfits first, then most outfits
 * shared with them, then id. Partners are among the items given (rangeItems: the range's
 * pieces), the scope of the range's total pairings. Pieces paired with none of them are left out.
 */
export function mostPaired(items: readonly StatsItem[], limit = LEADERS_LIMIT): PairedLeader[] {
  return topBy(
    items.filter((e) => e.pairings > 0),
    limit,
    (a, b) => b.pairings - a.pairings || b.pairedOutfits - a.pairedOutfits || byId(a, b),
  ).map((e) => ({ item: e.item, pairings: e.pairings, outfits: e.pairedOutfits }));
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

export interface IdleItems {
  /** The longest idle first, at most the limit asked for. */
  items: IdleItem[];
  /** How many pieces are idle in all. */
  total: number;
  /** How many of the pieces given are in the closet. */
  inCloset: number;
  /**
   * How many of those have been in the closet for the days asked or more: the ones old enough
   * to be idle. When none is idle, each of these was worn in that time.
   */
  oldEnough: number;
}

/**
 * Items in the closet (status clothes) not worn for `days` days or more, longest idle first
 * (then fewest wears, then id). An item never worn on the calendar is idle since its time in the
 * closet started (date obtained, else tracking start, else creation), so a piece bought last
 * week is not "forgotten" yet. Manual wears carry no date, so they do not reset the clock.
 * Archived, loaned and wishlist items are left out: there is nothing to decide about a piece
 * that is not in the closet.
 */
export function notWornRecently(
  items: readonly StatsItem[],
  limit = Number.POSITIVE_INFINITY,
  days: number = NOT_WORN_RECENTLY_DAYS,
): IdleItems {
  let inCloset = 0;
  let oldEnough = 0;
  const idle: StatsItem[] = [];
  for (const e of items) {
    if (!e.inCloset) continue;
    inCloset += 1;
    if (e.daysSinceStart >= days) oldEnough += 1;
    if (e.idleDays >= days) idle.push(e);
  }
  const compare = (a: StatsItem, b: StatsItem) =>
    b.idleDays - a.idleDays || a.wears - b.wears || byId(a, b);
  const chosen = limit >= idle.length ? idle.sort(compare) : topBy(idle, limit, compare);
  return {
    total: idle.length,
    inCloset,
    oldEnough,
    items: chosen.map((e): IdleItem => ({
      item: e.item,
      timesWorn: e.wears,
      since: e.lastWorn ?? e.start,
      idleDays: e.idleDays,
      ...lastWornOf(e),
    })),
  };
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
  items: readonly StatsItem[],
  limit = LEADERS_LIMIT,
): CostPerWearLeaders {
  const priced: (CostPerWearLeader & { id: string })[] = [];
  for (const e of items) {
    if (e.price === undefined || !(e.price > 0)) continue;
    priced.push({
      id: e.item.id,
      item: e.item,
      price: e.price,
      timesWorn: e.wears,
      costPerWear: e.price / Math.max(1, e.wears),
    });
  }
  type P = (typeof priced)[number];
  const ids = (a: P, b: P) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const earned = topBy(
    priced.filter((p) => p.timesWorn > 0),
    Math.max(0, Math.min(limit, Math.ceil(priced.length / 2))),
    (a, b) => a.costPerWear - b.costPerWear || b.timesWorn - a.timesWorn || ids(a, b),
  );
  const taken = new Set(earned.map((e) => e.id));
  const notYet = topBy(
    priced.filter((p) => !taken.has(p.id)),
    Math.max(0, limit),
    (a, b) => b.costPerWear - a.costPerWear || a.timesWorn - b.timesWorn || ids(a, b),
  );
  const plain = ({ item, price, timesWorn, costPerWear }: P): CostPerWearLeader => ({
    item,
    price,
    timesWorn,
    costPerWear,
  });
  return { earned: earned.map(plain), notYet: notYet.map(plain) };
}
