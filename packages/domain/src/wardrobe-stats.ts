import {
  BRAND_GROUP_THRESHOLD,
  NO_BRAND_LABEL,
  OTHER_BRANDS_LABEL,
  SOURCE_COLORS,
  WEAR_CHART_MIN_X,
  WEAR_CHART_PERCENTILE,
} from './constants.js';
import { COLOUR_NAMES, type ColourName } from './colour-names.js';
import { BUNDLED_RATES } from './currency.js';
import { SOURCES, SOURCE_NOT_SPECIFIED, type Source } from './categories.js';
import {
  closetStartDay,
  computeItemStats,
  type ItemStats,
  type StatsOptions,
} from './item-stats.js';
import { itemPriceIn } from './money.js';
import { timeRangeBounds, type TimeRange } from './time-ranges.js';
import type { ClothingItem, Settings, WardrobeData } from './types.js';
import { buildWearIndex } from './wear-index.js';
import { dayNumber } from './day-keys.js';

/** One point of the wear-frequency chart: the share of items worn at least `timesWorn` times. */
export interface WearFrequencyPoint {
  timesWorn: number;
  /** 0 to 100. */
  percent: number;
}

export interface ShareSlice {
  label: string;
  count: number;
  /** 0 to 100. */
  percent: number;
}

export interface SourceSlice extends ShareSlice {
  /** The source, or 'unknown' for items without one. */
  source: Source | 'unknown';
  color: string;
}

/** One colour's share of a wardrobe or of its wears, by main colour. */
export interface ColourSlice extends ShareSlice {
  colour: ColourName;
}

/**
 * Shares by main colour (colour-names.ts), in palette order: each entry adds `weight` (1 for a
 * share of items, its wears for a share of wears) to its main colour. Entries without colours
 * are left out of the total, so the shares are of the pieces whose colour is known; a colour
 * with nothing is left out.
 */
export function colourShares(
  entries: Iterable<{ colors?: readonly ColourName[]; weight: number }>,
): ColourSlice[] {
  const sums = new Map<ColourName, number>();
  let total = 0;
  for (const { colors, weight } of entries) {
    const main = colors?.[0];
    if (main === undefined || weight <= 0) continue;
    sums.set(main, (sums.get(main) ?? 0) + weight);
    total += weight;
  }
  if (total === 0) return [];
  return COLOUR_NAMES.filter((c) => sums.has(c)).map((colour) => {
    const count = sums.get(colour)!;
    return { colour, label: colour, count, percent: (count / total) * 100 };
  });
}

/** Everything the stats screen shows (docs/spec.md §2) for one time range. */
export interface WardrobeStats {
  range: TimeRange;
  /** The user's currency, which every money figure is in. */
  currency: string;
  totalItems: number;
  /** Items of the range obtained this calendar year. */
  spendThisYear: number;
  /** Items of the range with status 'in closet'. */
  spentInCloset: number;
  /** Every item of the range (wishlist items are never part of the stats). */
  allTimeSpend: number;
  averageOutfitsPerItem: number;
  /** n·(n−1)/2 for n items. */
  maxPairings: number;
  /** Distinct pairs of the range's items that share at least one outfit. */
  totalPairings: number;
  /** totalPairings / maxPairings × 100; 0 when fewer than two items. */
  pairingsPercentage: number;
  /** totalPairings × 2 / items. */
  averagePairingsPerItem: number;
  /** Over items worn at least once; undefined when none was. */
  averageDaysSinceLastWorn?: number;
  averageTimesWorn: number;
  /** Over items that have a cost per wear; undefined when none has. */
  averageCostPerWear?: number;
  /** Empty when no item of the range was worn ('No wear data available.'). */
  wearFrequency: WearFrequencyPoint[];
  /**
   * Empty only when the range has no items; items without a brand are the 'None specified'
   * slice, which is the whole pie when none has a brand.
   */
  brandShares: ShareSlice[];
  sourceShares: SourceSlice[];
  /** The range's items by main colour; empty when none has a colour. */
  colourShares: ColourSlice[];
  /** The wears of the range's items by the worn piece's main colour; empty without wears. */
  wearColourShares: ColourSlice[];
}

/**
 * Which items the stats screen counts for a range. Wishlist items are not owned yet, so they
 * never count (their zero wears would drag every average down). A range keeps items whose time
 * in the closet started in it (date obtained, else tracking start, else creation) — the same
 * start day as days in closet, so an item's numbers read the same on every screen.
 */
export function itemsInRange(
  wardrobe: WardrobeData,
  settings: Settings,
  range: TimeRange,
  now: Date = new Date(),
  items: readonly ClothingItem[] = Object.values(wardrobe.clothes),
): ClothingItem[] {
  const { start, end } = timeRangeBounds(range, now);
  const out: ClothingItem[] = [];
  for (const item of items) {
    if (item.status === 'wishlist') continue;
    if (start !== undefined) {
      const day = closetStartDay(item, settings);
      if (day < start || day > end) continue;
    }
    out.push(item);
  }
  return out;
}

/**
 * Wear-frequency series: x from 1 to max(5, the wear count at the 90th percentile of items),
 * y the percentage of items worn at least x times (docs/spec.md §9). Percentile by nearest rank.
 */
export function wearFrequencySeries(wearCounts: readonly number[]): WearFrequencyPoint[] {
  const n = wearCounts.length;
  let most = 0;
  for (const c of wearCounts) if (c > most) most = c;
  if (n === 0 || most <= 0) return [];
  // Wear counts are small integers, so a histogram gives both the percentile and the series
  // without sorting.
  const histogram = new Array<number>(most + 1).fill(0);
  for (const c of wearCounts) histogram[c > 0 ? Math.floor(c) : 0]! += 1;
  const rank = Math.max(1, Math.ceil(WEAR_CHART_PERCENTILE * n));
  let atPercentile = 0;
  for (let seen = 0; atPercentile <= most; atPercentile++) {
    seen += histogram[atPercentile]!;
    if (seen >= rank) break;
  }
  const maxX = Math.max(WEAR_CHART_MIN_X, atPercentile);
  const points: WearFrequencyPoint[] = new Array<WearFrequencyPoint>(maxX);
  // Items worn at least x times: everything from x up, including counts beyond the axis.
  let atLeast = 0;
  for (let c = most; c > maxX; c--) atLeast += histogram[c]!;
  for (let x = maxX; x >= 1; x--) {
    atLeast += histogram[x] ?? 0;
    points[x - 1] = { timesWorn: x, percent: (atLeast / n) * 100 };
  }
  return points;
}

function byCountThenLabel(a: ShareSlice, b: ShareSlice): number {
  return b.count - a.count || a.label.localeCompare(b.label);
}

/**
 * Brand shares of items: brands with under 3% of items are grouped as 'All other brands (<3% each)'
 * (exactly 3% keeps its own slice), items without a brand are 'None specified' (docs/spec.md §9),
 * even when that is every item. Brands that differ only in case or surrounding spaces are one
 * brand, labelled as first written. Slices run from largest to smallest, the grouped slice and
 * 'None specified' last. Empty only for no items.
 */
export function brandShares(items: readonly ClothingItem[]): ShareSlice[] {
  return brandSharesOf(
    items.map((item) => {
      const brand = item.brand?.trim() ?? '';
      return { brandKey: brand.toLocaleLowerCase(), brandLabel: brand };
    }),
  );
}

/** Source shares with the colours of docs/spec.md §9, in the order of SOURCES, 'not specified' last. */
export function sourceShares(items: readonly ClothingItem[]): SourceSlice[] {
  const total = items.length;
  if (total === 0) return [];
  const counts = new Map<Source | 'unknown', number>();
  for (const item of items) {
    const key = item.source ?? 'unknown';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const slices: SourceSlice[] = [];
  for (const source of [...SOURCES, 'unknown'] as const) {
    const count = counts.get(source);
    if (!count) continue;
    slices.push({
      source,
      label: source === 'unknown' ? SOURCE_NOT_SPECIFIED : source,
      count,
      percent: (count / total) * 100,
      color: SOURCE_COLORS[source],
    });
  }
  return slices;
}

/** Distinct pairs among `ids` that share an outfit, counting each pair once. */
export function countSharedPairs(
  outfitItems: Iterable<readonly string[]>,
  ids: ReadonlySet<string>,
): number {
  const position = new Map<string, number>();
  for (const id of ids) position.set(id, position.size);
  const n = position.size;
  const pairs = new Set<number>();
  const members: number[] = [];
  for (const items of outfitItems) {
    members.length = 0;
    for (const id of items) {
      const p = position.get(id);
      if (p !== undefined) members.push(p);
    }
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const a = members[i]!;
        const b = members[j]!;
        pairs.add(a < b ? a * n + b : b * n + a);
      }
    }
  }
  return pairs.size;
}

/**
 * The distinct pairs of positions (0 to n−1) that share at least one group, lower position
 * first, as [a0, b0, a1, b1, …] ordered by a then by first meeting. Positions within a group are
 * distinct. Typed arrays instead of a set of pair keys: each position lists its groups, then one
 * walk per position marks the partners already met (for 10,000 items and 2,000 outfits, a set of
 * keys was the single largest cost of preparing the stats screen).
 */
export function distinctPairs(groups: readonly (readonly number[])[], n: number): Int32Array {
  // Groups of each position, as one flat array with offsets (counting sort).
  const count = new Int32Array(n + 1);
  let entries = 0;
  for (const g of groups) {
    for (const p of g) count[p + 1]! += 1;
    entries += g.length;
  }
  for (let p = 0; p < n; p++) count[p + 1]! += count[p]!;
  const fill = count.slice(0, n);
  const groupsOf = new Int32Array(entries);
  groups.forEach((g, k) => {
    for (const p of g) groupsOf[fill[p]!++] = k;
  });
  // metBy[b] = a + 1 once b was met as a partner of a.
  const metBy = new Int32Array(n);
  let out = new Int32Array(Math.max(16, entries * 2));
  let length = 0;
  for (let a = 0; a < n; a++) {
    for (let i = count[a]!; i < count[a + 1]!; i++) {
      for (const b of groups[groupsOf[i]!]!) {
        if (b <= a || metBy[b] === a + 1) continue;
        metBy[b] = a + 1;
        if (length + 2 > out.length) {
          const grown = new Int32Array(out.length * 2);
          grown.set(out);
          out = grown;
        }
        out[length++] = a;
        out[length++] = b;
      }
    }
  }
  return out.slice(0, length);
}

export interface WardrobeStatsOptions extends StatsOptions {
  /** Item stats already computed for the same wardrobe and moment. */
  itemStats?: Map<string, ItemStats>;
}

/**
 * What the stats screen needs of one counted item, whatever the range: worked out once per
 * wardrobe so that switching range only filters and sums (docs/spec.md §2 figures, and the leader
 * lists of wear-leaders.ts).
 */
export interface StatsItem {
  item: ClothingItem;
  /** The day its time in the closet started: what the ranges filter on. */
  start: string;
  /** `start` as a day number (see dayNumber), for sorting and searching. */
  startDay: number;
  /** Price in the user's currency; undefined when it has none (or none that converts). */
  price?: number;
  /** Calendar wears plus earlier (manual) wears. */
  wears: number;
  /** Outfits that hold it, whatever else they hold (as on its own page). */
  outfits: number;
  /**
   * Distinct pieces it shares an outfit with, among the pieces the stats count alongside it: in
   * `PreparedWardrobeStats.items` every counted piece, in `rangeItems` the range's pieces. So
   * a range's pairings add up to twice its total pairings, as docs/spec.md §2's average has it; the
   * piece's own page also counts wishlist pieces and pieces outside the range.
   */
  pairings: number;
  /** Outfits it shares with at least one of those `pairings` pieces. */
  pairedOutfits: number;
  lastWorn?: string;
  /** Days from the last wear to today; undefined if never worn on the calendar. */
  daysSinceWorn?: number;
  /** Days from the closet start to today (negative for a start still to come). */
  daysSinceStart: number;
  /** Days from the last wear, else from the closet start, to today. */
  idleDays: number;
  costPerWear?: number;
  /** Status clothes (or none): 'in closet'. */
  inCloset: boolean;
  obtainedThisYear: boolean;
  /** Brand folded for grouping ('' when none) and as written. */
  brandKey: string;
  brandLabel: string;
}

/** A wardrobe ready for any range: see prepareWardrobeStats. */
export interface PreparedWardrobeStats {
  now: Date;
  /** Today by the wear-day rule. */
  today: string;
  currency: string;
  /** Counted items (never the wishlist), ascending by start day, ties in wardrobe order. */
  items: StatsItem[];
  /**
   * Distinct pairs of counted items that share an outfit, as positions in `items`, lower
   * position first: [a0, b0, a1, b1, …].
   */
  pairs: Int32Array;
  /** Each outfit with two or more counted items, as their positions in `items`. */
  groups: readonly (readonly number[])[];
}

/**
 * Everything range-independent, computed once per wardrobe and moment: each counted item's
 * facts, sorted by start day so that any range is one contiguous run of them, and the wardrobe's
 * pairings as position pairs so that a range counts its own with one pass.
 */
export function prepareWardrobeStats(
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
  options: WardrobeStatsOptions = {},
): PreparedWardrobeStats {
  const index = options.index ?? buildWearIndex(wardrobe, now);
  const rates = options.rates ?? BUNDLED_RATES;
  const itemStats =
    options.itemStats ?? computeItemStats(wardrobe, settings, now, { index, rates });
  const today = index.today;
  const thisYear = today.slice(0, 4);
  const todayNumber = dayNumber(today);

  const items: StatsItem[] = [];
  for (const item of index.items) {
    if (item.status === 'wishlist') continue;
    const stats = itemStats.get(item.id);
    const start = closetStartDay(item, settings);
    const brand = item.brand?.trim() ?? '';
    const lastWorn = stats?.lastWorn;
    const daysSinceWorn = lastWorn === undefined ? undefined : todayNumber - dayNumber(lastWorn);
    // Every field is set, undefined or not, so that all entries share one shape: the per-range
    // loops over thousands of them stay fast.
    // A start that is not a day (bad data) sorts last: in 'all', never in a bounded range.
    const parsed = dayNumber(start);
    const startDay = Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
    const daysSinceStart = todayNumber - startDay;
    const entry: StatsItem = {
      item,
      start,
      startDay,
      price: itemPriceIn(item, settings.currency, rates),
      wears: stats?.totalTimesWorn ?? item.manualTimesWorn ?? 0,
      outfits: stats?.numOutfits ?? 0,
      // Set below, once positions are known.
      pairings: 0,
      pairedOutfits: 0,
      lastWorn,
      daysSinceWorn,
      daysSinceStart,
      idleDays: daysSinceWorn ?? daysSinceStart,
      costPerWear: stats?.costPerWear,
      inCloset: item.status === undefined || item.status === 'clothes',
      obtainedThisYear: item.dateObtained?.startsWith(thisYear) ?? false,
      brandKey: brand.toLocaleLowerCase(),
      brandLabel: brand,
    };
    items.push(entry);
  }
  // Stable: ties keep the wardrobe's order. A brand is labelled as written on its earliest piece.
  items.sort((a, b) => (a.startDay < b.startDay ? -1 : a.startDay > b.startDay ? 1 : 0));

  const position = new Map<string, number>();
  items.forEach((e, i) => position.set(e.item.id, i));
  const groups: number[][] = [];
  for (const ids of index.outfitItems.values()) {
    const members: number[] = [];
    for (const id of ids) {
      const p = position.get(id);
      if (p !== undefined) members.push(p);
    }
    if (members.length > 1) groups.push(members);
  }
  const pairs = distinctPairs(groups, items.length);
  const prepared: PreparedWardrobeStats = {
    now,
    today,
    currency: settings.currency,
    items,
    pairs,
    groups,
  };
  const all = pairingsWithin(prepared, 0, items.length);
  items.forEach((e, i) => {
    e.pairings = all.partners[i]!;
    e.pairedOutfits = all.outfits[i]!;
  });
  return prepared;
}

/**
 * For each position from `from` to `to` − 1 (index 0 is `from`): its distinct partners within
 * those positions, and the outfits it shares with at least one of them. One pass over the pairs
 * and one over the outfits' positions.
 */
function pairingsWithin(
  prepared: Pick<PreparedWardrobeStats, 'pairs' | 'groups'>,
  from: number,
  to: number,
): { partners: Int32Array; outfits: Int32Array } {
  const partners = new Int32Array(Math.max(0, to - from));
  const outfits = new Int32Array(partners.length);
  const { pairs, groups } = prepared;
  for (let k = 0; k < pairs.length; k += 2) {
    const a = pairs[k]!;
    const b = pairs[k + 1]!;
    // a < b, as in statsForRange.
    if (a >= from && b < to) {
      partners[a - from]! += 1;
      partners[b - from]! += 1;
    }
  }
  for (const g of groups) {
    let inside = 0;
    for (const p of g) if (p >= from && p < to) inside += 1;
    if (inside < 2) continue;
    for (const p of g) if (p >= from && p < to) outfits[p - from]! += 1;
  }
  return { partners, outfits };
}

/** First position whose start day is not before `day` (or, with `after`, is after it). */
function searchStart(items: readonly StatsItem[], day: number, after: boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const s = items[mid]!.startDay;
    if (after ? s <= day : s < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The positions [from, to) of a range's items in a prepared wardrobe: those whose closet start
 * lies from the range's first day to today ('all' keeps every one, even a start still to come).
 */
export function rangePositions(
  prepared: PreparedWardrobeStats,
  range: TimeRange,
): { from: number; to: number } {
  const { start, end } = timeRangeBounds(range, prepared.now);
  if (start === undefined) return { from: 0, to: prepared.items.length };
  const from = searchStart(prepared.items, dayNumber(start), false);
  const to = Math.max(from, searchStart(prepared.items, dayNumber(end), true));
  return { from, to };
}

/**
 * The counted items of a range, in start-day order, with their pairings among the range's
 * pieces: the same scope as the range's total pairings (statsForRange), so the leader lists and
 * the figures of one range agree. A range that holds every counted item gives the prepared
 * entries themselves; a narrower one gives copies with the narrower pairings.
 */
export function rangeItems(prepared: PreparedWardrobeStats, range: TimeRange): StatsItem[] {
  const { from, to } = rangePositions(prepared, range);
  const run = prepared.items.slice(from, to);
  if (from === 0 && to === prepared.items.length) return run;
  const { partners, outfits } = pairingsWithin(prepared, from, to);
  return run.map((e, i) => ({ ...e, pairings: partners[i]!, pairedOutfits: outfits[i]! }));
}

function brandSharesOf(items: readonly Pick<StatsItem, 'brandKey' | 'brandLabel'>[]): ShareSlice[] {
  const total = items.length;
  const counts = new Map<string, { label: string; count: number }>();
  let none = 0;
  for (const { brandKey, brandLabel } of items) {
    if (!brandKey) {
      none += 1;
      continue;
    }
    const entry = counts.get(brandKey);
    if (entry) entry.count += 1;
    else counts.set(brandKey, { label: brandLabel, count: 1 });
  }
  if (total === 0) return [];
  const slices: ShareSlice[] = [];
  let other = 0;
  for (const { label, count } of counts.values()) {
    // Compare counts, not rounded percentages, so that 3 of 100 is exactly at the boundary.
    if (count < BRAND_GROUP_THRESHOLD * total - 1e-9) other += count;
    else slices.push({ label, count, percent: (count / total) * 100 });
  }
  slices.sort(byCountThenLabel);
  if (other > 0)
    slices.push({ label: OTHER_BRANDS_LABEL, count: other, percent: (other / total) * 100 });
  if (none > 0) slices.push({ label: NO_BRAND_LABEL, count: none, percent: (none / total) * 100 });
  return slices;
}

/** The stats screen for one range of a prepared wardrobe (docs/spec.md §2). */
export function statsForRange(prepared: PreparedWardrobeStats, range: TimeRange): WardrobeStats {
  const { from, to } = rangePositions(prepared, range);
  const n = to - from;
  let spendThisYear = 0;
  let spentInCloset = 0;
  let allTimeSpend = 0;
  let outfitsSum = 0;
  let wearsSum = 0;
  let daysSinceSum = 0;
  let daysSinceCount = 0;
  let cpwSum = 0;
  let cpwCount = 0;
  const wearCounts = new Array<number>(n);
  const slice = prepared.items.slice(from, to);
  slice.forEach((e, i) => {
    const price = e.price ?? 0;
    allTimeSpend += price;
    if (e.inCloset) spentInCloset += price;
    if (e.obtainedThisYear) spendThisYear += price;
    wearCounts[i] = e.wears;
    wearsSum += e.wears;
    outfitsSum += e.outfits;
    if (e.daysSinceWorn !== undefined) {
      daysSinceSum += e.daysSinceWorn;
      daysSinceCount += 1;
    }
    if (e.costPerWear !== undefined) {
      cpwSum += e.costPerWear;
      cpwCount += 1;
    }
  });

  let totalPairings = 0;
  const { pairs } = prepared;
  for (let k = 0; k < pairs.length; k += 2) {
    // a < b by construction, so both lie in the run when a is at or after its start and b
    // before its end.
    if (pairs[k]! >= from && pairs[k + 1]! < to) totalPairings += 1;
  }
  const maxPairings = n > 1 ? (n * (n - 1)) / 2 : 0;
  const stats: WardrobeStats = {
    range,
    currency: prepared.currency,
    totalItems: n,
    spendThisYear,
    spentInCloset,
    allTimeSpend,
    averageOutfitsPerItem: n > 0 ? outfitsSum / n : 0,
    maxPairings,
    totalPairings,
    pairingsPercentage: maxPairings > 0 ? (totalPairings / maxPairings) * 100 : 0,
    averagePairingsPerItem: n > 0 ? (totalPairings * 2) / n : 0,
    averageTimesWorn: n > 0 ? wearsSum / n : 0,
    wearFrequency: wearFrequencySeries(wearCounts),
    brandShares: brandSharesOf(slice),
    sourceShares: sourceShares(slice.map((e) => e.item)),
    colourShares: colourShares(slice.map((e) => ({ colors: e.item.colors, weight: 1 }))),
    wearColourShares: colourShares(slice.map((e) => ({ colors: e.item.colors, weight: e.wears }))),
  };
  if (daysSinceCount > 0) stats.averageDaysSinceLastWorn = daysSinceSum / daysSinceCount;
  if (cpwCount > 0) stats.averageCostPerWear = cpwSum / cpwCount;
  return stats;
}

/**
 * The stats screen for one range (docs/spec.md §2). Averages over items are over the range's items;
 * an empty range gives zeros, which the screen replaces with 'No items match the selected time
 * range.'. To show several ranges of one wardrobe, prepare it once and call statsForRange.
 */
export function computeWardrobeStats(
  wardrobe: WardrobeData,
  settings: Settings,
  range: TimeRange,
  now: Date = new Date(),
  options: WardrobeStatsOptions = {},
): WardrobeStats {
  return statsForRange(prepareWardrobeStats(wardrobe, settings, now, options), range);
}
