import { categoryIndex } from './categories.js';
import { coloursCaption } from './colour-names.js';
import { BUNDLED_RATES, formatMoney, type RatesTable } from './currency.js';
import { toDayKey } from './day-keys.js';
import { useFrequencyText, wornUseFrequency, type ItemStats } from './item-stats.js';
import { itemPriceIn } from './money.js';
import {
  compareSortValues,
  dayValue,
  plainItemSortValue,
  textCollator,
  timeValue,
  type SortValue,
} from './sort-values.js';
import { subcategoryName } from './subcategories.js';
import type { OutfitStats } from './outfit-stats.js';
import type { ClothingItem, Outfit, Settings, SortDirection } from './types.js';

/** The item sort options of docs/spec.md §9, with their exact labels. */
export const ITEM_SORT_OPTIONS = [
  'Date Created',
  'Date Obtained',
  'Last Worn',
  'Times Worn',
  '# of Outfits',
  '# of Pairings',
  'Category',
  'Use Frequency',
  'Price',
  'Cost per Wear',
  'Brand',
  'Colour',
] as const;
export type ItemSortOption = (typeof ITEM_SORT_OPTIONS)[number];

export const OUTFIT_SORT_OPTIONS = [
  'Date Created',
  'Last Worn',
  'Times Worn',
  'Number of Items',
  'Total Cost',
] as const;
export type OutfitSortOption = (typeof OUTFIT_SORT_OPTIONS)[number];

export const DEFAULT_ITEM_SORT: ItemSortOption = 'Date Created';
export const DEFAULT_OUTFIT_SORT: OutfitSortOption = 'Date Created';

/**
 * The item sort options whose order and caption read only the item itself, not its stats (wear
 * history, outfits, pairings). With one of them, the Items grid needs no stats at all: its first
 * screen is not held up building them for every item (a 10,000-item wardrobe).
 */
const STATS_FREE_ITEM_SORTS: ReadonlySet<ItemSortOption> = new Set<ItemSortOption>([
  'Date Created',
  'Date Obtained',
  'Category',
  'Price',
  'Brand',
  'Colour',
]);

/** Whether `sortItems` and `sortCaption` read the item's stats for this option. */
export function itemSortNeedsStats(option: ItemSortOption): boolean {
  return !STATS_FREE_ITEM_SORTS.has(option);
}

export function isItemSortOption(value: unknown): value is ItemSortOption {
  return typeof value === 'string' && (ITEM_SORT_OPTIONS as readonly string[]).includes(value);
}

export function isOutfitSortOption(value: unknown): value is OutfitSortOption {
  return typeof value === 'string' && (OUTFIT_SORT_OPTIONS as readonly string[]).includes(value);
}

export function isSortDirection(value: unknown): value is SortDirection {
  return value === 'asc' || value === 'desc';
}

interface Keyed<T> {
  record: T;
  value: SortValue;
  category: number;
  subcategory: number;
  id: string;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * docs/spec.md §5/§9: records without a value go last whatever the direction; then the value in the
 * chosen direction (text in the user's locale); ties break by category order, then subcategory
 * order (both ascending, the order of the user's settings), then id ascending. Every record
 * therefore has one place, so the result does not depend on the input order.
 */
function compareKeyed<T>(direction: SortDirection, locale: string | undefined) {
  const sign = direction === 'asc' ? 1 : -1;
  // Fetched once per sort, and only for a sort by text: the date sorts never build one.
  let collator: Intl.Collator | undefined;
  return (a: Keyed<T>, b: Keyed<T>): number => {
    const av = a.value;
    const bv = b.value;
    if (av === undefined || bv === undefined) {
      if (av !== bv) return av === undefined ? 1 : -1;
    } else {
      if (typeof av === 'string') collator ??= textCollator(locale);
      const c = compareSortValues(av, bv, collator);
      if (c !== 0) return sign * c;
    }
    return a.category - b.category || a.subcategory - b.subcategory || compareIds(a.id, b.id);
  };
}

/** Position of the item's subcategory in its category's list; none or unknown sort after. */
function subcategoryPosition(item: ClothingItem, settings: Settings): number {
  const list = settings.subcategories[item.category] ?? [];
  const i = item.subCategoryId ? list.findIndex((s) => s.id === item.subCategoryId) : -1;
  return i === -1 ? list.length : i;
}

export interface SortContext {
  settings: Settings;
  rates?: RatesTable;
}

/**
 * The value an item sorts by. A value that means "none" is undefined, not a number that would
 * sort as one: never worn has no last-worn day, no use frequency and no cost per wear; no price
 * is no price (a price of 0 is a price).
 */
function itemSortValue(
  option: ItemSortOption,
  item: ClothingItem,
  stats: ItemStats | undefined,
  ctx: SortContext,
): SortValue {
  switch (option) {
    case 'Date Created':
    case 'Date Obtained':
    case 'Brand':
    case 'Colour':
      return plainItemSortValue(option, item);
    case 'Last Worn':
      return dayValue(stats?.lastWorn);
    case 'Times Worn':
      return stats?.totalTimesWorn ?? item.manualTimesWorn ?? 0;
    case '# of Outfits':
      return stats?.numOutfits ?? 0;
    case '# of Pairings':
      return stats?.numPairings ?? 0;
    case 'Category':
      return categoryIndex(item.category);
    case 'Use Frequency':
      return wornUseFrequency(stats?.useFrequency);
    case 'Price':
      return itemPriceIn(item, ctx.settings.currency, ctx.rates ?? BUNDLED_RATES);
    case 'Cost per Wear':
      return stats?.costPerWear;
  }
}

/**
 * Items in the order of a sort option (docs/spec.md §9). Returns a new array. Category sorts by the
 * category order and then, like every tie, by subcategory order and id.
 */
export function sortItems(
  items: readonly ClothingItem[],
  option: ItemSortOption,
  direction: SortDirection,
  stats: ReadonlyMap<string, ItemStats>,
  ctx: SortContext,
): ClothingItem[] {
  const keyed: Keyed<ClothingItem>[] = items.map((item) => ({
    record: item,
    value: itemSortValue(option, item, stats.get(item.id), ctx),
    category: categoryIndex(item.category),
    subcategory: subcategoryPosition(item, ctx.settings),
    id: item.id,
  }));
  keyed.sort(compareKeyed(direction, ctx.settings.locale));
  return keyed.map((k) => k.record);
}

/** As itemSortValue: never worn has no last-worn day; an outfit of unpriced pieces no cost. */
function outfitSortValue(
  option: OutfitSortOption,
  outfit: Outfit,
  stats: OutfitStats | undefined,
): SortValue {
  switch (option) {
    case 'Date Created':
      return timeValue(outfit.dateCreated);
    case 'Last Worn':
      return dayValue(stats?.lastWorn);
    case 'Times Worn':
      return stats?.totalTimesWorn ?? outfit.manualTimesWorn ?? 0;
    case 'Number of Items':
      return stats?.numItems ?? 0;
    case 'Total Cost':
      return stats?.pricedItems ? stats.totalCost : undefined;
  }
}

/** Outfits in the order of a sort option; ties break by id ascending (outfits have no category). */
export function sortOutfits(
  outfits: readonly Outfit[],
  option: OutfitSortOption,
  direction: SortDirection,
  stats: ReadonlyMap<string, OutfitStats>,
): Outfit[] {
  const keyed: Keyed<Outfit>[] = outfits.map((outfit) => ({
    record: outfit,
    value: outfitSortValue(option, outfit, stats.get(outfit.id)),
    category: 0,
    subcategory: 0,
    id: outfit.id,
  }));
  // Outfits sort by numbers only: no text, so no locale.
  keyed.sort(compareKeyed(direction, undefined));
  return keyed.map((k) => k.record);
}

// Captions ---------------------------------------------------------------------------------------

/** What a caption shows when the record has no value for the option. */
export const CAPTION_NONE = '—';

// Building a DateTimeFormat costs far more than using one (about 1 ms on a phone; the Items grid
// captions every tile it draws, on every render): one per locale, null for a locale it refuses.
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(locale: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(locale);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    } catch {
      format = null;
    }
    dayFormats.set(locale, format);
  }
  return format;
}

// The first DateTimeFormat of a page is dearer still (ICU's locale data and pattern generator: 280
// ms under 4x CPU throttling, the longest task of the Items first screen; docs/performance.md).
// English, the default and most common locale, is spelled out here exactly as Intl (CLDR) writes
// it; a test compares the two for every month.
const SHORT_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const SHORT_MONTHS_GB = SHORT_MONTHS.map((m) => (m === 'Sep' ? 'Sept' : m));

function englishDay(locale: string, y: number, m: number, d: number): string | null {
  if (locale === 'en' || locale === 'en-US') return `${SHORT_MONTHS[m - 1]} ${d}, ${y}`;
  if (locale === 'en-GB') return `${d} ${SHORT_MONTHS_GB[m - 1]} ${y}`;
  return null;
}

/** A day key or timestamp as day, short month, year in the user's locale ("5 Mar 2024"). */
export function formatDay(value: string, locale = 'en-GB'): string {
  const key = toDayKey(value);
  const [y, m, d] = key.split('-').map(Number);
  if (!y || !m || !d) return value;
  if (y >= 1000 && m <= 12) {
    const english = englishDay(locale, y, m, d);
    if (english !== null) return english;
  }
  const format = dayFormat(locale);
  return format ? format.format(new Date(Date.UTC(y, m - 1, d))) : key;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "T-shirt" for an item with a subcategory, else its category ("full body"). */
export function categoryCaption(item: ClothingItem, settings: Settings): string {
  const sub = subcategoryName(item, settings);
  return sub ? `${item.category} · ${sub}` : item.category;
}

/** The value shown under an item tile for the chosen sort option (docs/spec.md §2). */
export function sortCaption(
  option: ItemSortOption,
  item: ClothingItem,
  stats: ItemStats | undefined,
  ctx: SortContext,
): string {
  const { settings } = ctx;
  const money = (v: number | undefined) =>
    v === undefined ? CAPTION_NONE : formatMoney(v, settings.currency, settings.locale);
  switch (option) {
    case 'Date Created':
      return formatDay(item.dateCreated, settings.locale);
    case 'Date Obtained':
      return item.dateObtained ? formatDay(item.dateObtained, settings.locale) : CAPTION_NONE;
    case 'Last Worn':
      return stats?.lastWorn ? formatDay(stats.lastWorn, settings.locale) : 'Never worn';
    case 'Times Worn':
      return plural(stats?.totalTimesWorn ?? item.manualTimesWorn ?? 0, 'wear', 'wears');
    case '# of Outfits':
      return plural(stats?.numOutfits ?? 0, 'outfit', 'outfits');
    case '# of Pairings':
      return plural(stats?.numPairings ?? 0, 'pairing', 'pairings');
    case 'Category':
      return categoryCaption(item, settings);
    case 'Use Frequency':
      return useFrequencyText(stats?.useFrequency);
    case 'Price':
      return money(itemPriceIn(item, settings.currency, ctx.rates ?? BUNDLED_RATES));
    case 'Cost per Wear':
      return stats?.costPerWear === undefined ? CAPTION_NONE : `${money(stats.costPerWear)}/wear`;
    case 'Brand':
      return item.brand?.trim() || CAPTION_NONE;
    case 'Colour':
      return coloursCaption(item.colors) ?? CAPTION_NONE;
  }
}

/**
 * The value shown under an outfit tile. Total cost is money in the user's currency, which with
 * the default USD reads with a $ sign as docs/spec.md §9 shows.
 */
export function outfitSortCaption(
  option: OutfitSortOption,
  outfit: Outfit,
  stats: OutfitStats | undefined,
  settings: Settings,
): string {
  switch (option) {
    case 'Date Created':
      return formatDay(outfit.dateCreated, settings.locale);
    case 'Last Worn':
      return stats?.lastWorn ? formatDay(stats.lastWorn, settings.locale) : 'Never worn';
    case 'Times Worn':
      return plural(stats?.totalTimesWorn ?? outfit.manualTimesWorn ?? 0, 'wear', 'wears');
    case 'Number of Items':
      return plural(stats?.numItems ?? 0, 'item', 'items');
    case 'Total Cost':
      return stats?.pricedItems
        ? formatMoney(stats.totalCost, settings.currency, settings.locale)
        : CAPTION_NONE;
  }
}
