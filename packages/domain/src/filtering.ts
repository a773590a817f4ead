import { SOURCE_NOT_SPECIFIED, type Category, type Source } from './categories.js';
import type { ColourName } from './colour-names.js';
import type { OutfitStats } from './outfit-stats.js';
import type { ClothingItem, Outfit, WardrobeData } from './types.js';
import { wearDayKey } from './wear-day.js';

/** Status filter values as the filter panels name them; 'in closet' is status clothes. */
export const ITEM_STATUS_FILTERS = ['in closet', 'archived'] as const;
/** The picker also offers items on loan and on the wishlist (docs/spec.md §9). */
export const PICKER_STATUS_FILTERS = ['in closet', 'archived', 'loaned', 'wishlist'] as const;
export type ItemStatusFilter = (typeof PICKER_STATUS_FILTERS)[number];

export const OUTFIT_STATUS_FILTERS = ['in closet', 'archived', 'wishlist'] as const;
export type OutfitStatusFilter = (typeof OUTFIT_STATUS_FILTERS)[number];

export const OUTFIT_TIMES_WORN_FILTERS = ['Never Worn', 'Worn 1+ Times'] as const;
export type OutfitTimesWornFilter = (typeof OUTFIT_TIMES_WORN_FILTERS)[number];

/** The subcategory filter value matching items with an empty or missing subcategory. */
export const SUBCATEGORY_NONE = 'none';
export const SUBCATEGORY_NONE_LABEL = 'None';
export const DATE_OBTAINED_THIS_YEAR = 'this year';

/** Filters of the Items view and the item picker; an absent key does not filter. */
export interface ItemFilters {
  category?: Category;
  /** A subcategory id, or SUBCATEGORY_NONE. */
  subCategory?: string;
  /** A source, or 'not specified'. */
  source?: Source | typeof SOURCE_NOT_SPECIFIED;
  dateObtained?: typeof DATE_OBTAINED_THIS_YEAR;
  /** Absent means the default, 'in closet'. */
  status?: ItemStatusFilter;
  /** Items with any of these colours (main or not); absent or empty does not filter. */
  colours?: ColourName[];
}

export interface OutfitFilters {
  timesWorn?: OutfitTimesWornFilter;
  /** Outfits holding a piece with any of these colours; absent or empty does not filter. */
  colours?: ColourName[];
  /** Absent means the default, 'in closet'. */
  status?: OutfitStatusFilter;
}

export const DEFAULT_ITEM_STATUS_FILTER: ItemStatusFilter = 'in closet';
export const DEFAULT_OUTFIT_STATUS_FILTER: OutfitStatusFilter = 'in closet';
export const DEFAULT_ITEM_FILTERS: Readonly<ItemFilters> = Object.freeze({
  status: DEFAULT_ITEM_STATUS_FILTER,
});
export const DEFAULT_OUTFIT_FILTERS: Readonly<OutfitFilters> = Object.freeze({
  status: DEFAULT_OUTFIT_STATUS_FILTER,
});

export function itemMatchesStatus(item: ClothingItem, status: ItemStatusFilter): boolean {
  const actual = item.status ?? 'clothes';
  return status === 'in closet' ? actual === 'clothes' : actual === status;
}

export function outfitMatchesStatus(outfit: Outfit, status: OutfitStatusFilter): boolean {
  const actual = outfit.status ?? 'outfits';
  return status === 'in closet' ? actual === 'outfits' : actual === status;
}

export interface ItemFilterOptions {
  now?: Date;
  /**
   * Leave the status alone: screens limited to one status by their route (wishlist, loaned)
   * have no status filter (docs/spec.md §2).
   */
  ignoreStatus?: boolean;
}

/** Whether one item passes the filters (docs/spec.md §5, §9). */
export function itemMatchesFilters(
  item: ClothingItem,
  filters: ItemFilters,
  year: string,
  ignoreStatus = false,
): boolean {
  if (!ignoreStatus && !itemMatchesStatus(item, filters.status ?? DEFAULT_ITEM_STATUS_FILTER)) {
    return false;
  }
  if (filters.category !== undefined && item.category !== filters.category) return false;
  if (filters.subCategory !== undefined) {
    if (filters.subCategory === SUBCATEGORY_NONE) {
      if (item.subCategoryId) return false;
    } else if (item.subCategoryId !== filters.subCategory) return false;
  }
  if (filters.source !== undefined) {
    if (filters.source === SOURCE_NOT_SPECIFIED) {
      if (item.source) return false;
    } else if (item.source !== filters.source) return false;
  }
  if (
    filters.colours !== undefined &&
    filters.colours.length > 0 &&
    !hasAnyColour(item, filters.colours)
  )
    return false;
  // Items without a date obtained are left out by 'this year' (docs/spec.md §5).
  if (filters.dateObtained === DATE_OBTAINED_THIS_YEAR && !item.dateObtained?.startsWith(year)) {
    return false;
  }
  return true;
}

/** Whether the item has one of `colours` among its own (any of the chosen, main or not). */
export function hasAnyColour(item: ClothingItem, colours: readonly ColourName[]): boolean {
  const own = item.colors;
  if (own === undefined) return false;
  for (const c of own) if (colours.includes(c)) return true;
  return false;
}

/** A colour filter's choices with `colour` added, or taken away when it was chosen. */
export function toggleColour(
  colours: readonly ColourName[] | undefined,
  colour: ColourName,
): ColourName[] {
  const list = colours ?? [];
  return list.includes(colour) ? list.filter((c) => c !== colour) : [...list, colour];
}

export function filterItems(
  items: readonly ClothingItem[],
  filters: ItemFilters,
  options: ItemFilterOptions = {},
): ClothingItem[] {
  const year = wearDayKey(options.now ?? new Date()).slice(0, 4);
  return items.filter((item) => itemMatchesFilters(item, filters, year, options.ignoreStatus));
}

/** The item picker: the filters plus "already picked" items left out (docs/spec.md §5). */
export function filterPickerItems(
  items: readonly ClothingItem[],
  filters: ItemFilters,
  alreadyPicked: ReadonlySet<string> | readonly string[],
  options: ItemFilterOptions = {},
): ClothingItem[] {
  const picked = alreadyPicked instanceof Set ? alreadyPicked : new Set(alreadyPicked);
  return filterItems(items, filters, options).filter((item) => !picked.has(item.id));
}

/**
 * Outfit filters (docs/spec.md §9). `exclude` leaves out outfits already on a calendar day (the day
 * picker hides them). The colour filter reads the pieces on each outfit's canvas in `clothes`.
 */
export function filterOutfits(
  outfits: readonly Outfit[],
  filters: OutfitFilters,
  stats: ReadonlyMap<string, OutfitStats>,
  exclude: ReadonlySet<string> = new Set(),
  clothes: Readonly<Record<string, ClothingItem>> = {},
): Outfit[] {
  const status = filters.status ?? DEFAULT_OUTFIT_STATUS_FILTER;
  const colours = filters.colours ?? [];
  return outfits.filter((outfit) => {
    if (exclude.has(outfit.id)) return false;
    if (!outfitMatchesStatus(outfit, status)) return false;
    if (colours.length > 0) {
      const pieces = outfit.canvasData;
      if (
        !pieces.some((p) => {
          const item = clothes[p.clothingId];
          return item !== undefined && hasAnyColour(item, colours);
        })
      )
        return false;
    }
    if (filters.timesWorn !== undefined) {
      const worn = (stats.get(outfit.id)?.totalTimesWorn ?? outfit.manualTimesWorn ?? 0) > 0;
      if (filters.timesWorn === 'Never Worn' ? worn : !worn) return false;
    }
    return true;
  });
}

/** Whether any item filter differs from the defaults (the red dot of docs/spec.md §2). */
export function hasActiveItemFilters(filters: ItemFilters, ignoreStatus = false): boolean {
  return (
    filters.category !== undefined ||
    filters.subCategory !== undefined ||
    filters.source !== undefined ||
    filters.dateObtained !== undefined ||
    (filters.colours?.length ?? 0) > 0 ||
    (!ignoreStatus && (filters.status ?? DEFAULT_ITEM_STATUS_FILTER) !== DEFAULT_ITEM_STATUS_FILTER)
  );
}

export function hasActiveOutfitFilters(filters: OutfitFilters): boolean {
  return (
    filters.timesWorn !== undefined ||
    (filters.colours?.length ?? 0) > 0 ||
    (filters.status ?? DEFAULT_OUTFIT_STATUS_FILTER) !== DEFAULT_OUTFIT_STATUS_FILTER
  );
}

/** Either kind of filters; outfit filters are told apart by their keys. */
export function hasActiveFilters(filters: ItemFilters | OutfitFilters): boolean {
  if ('timesWorn' in filters) return hasActiveOutfitFilters(filters as OutfitFilters);
  // Both kinds share 'status' with the same default, so the item rule covers outfit filters too.
  return hasActiveItemFilters(filters as ItemFilters);
}

/** Choosing a category clears the subcategory choice (docs/spec.md §4, §9). */
export function withCategory(filters: ItemFilters, category: Category | undefined): ItemFilters {
  const { subCategory: _cleared, category: _old, ...rest } = filters;
  return category === undefined ? rest : { ...rest, category };
}

/** Tab counts: each view's items and outfits after its filters (docs/spec.md §2). */
export function tabCounts(
  wardrobe: WardrobeData,
  itemFilters: ItemFilters = DEFAULT_ITEM_FILTERS,
  outfitFilters: OutfitFilters = DEFAULT_OUTFIT_FILTERS,
  outfitStats: ReadonlyMap<string, OutfitStats> = new Map(),
  now: Date = new Date(),
): { items: number; outfits: number } {
  const year = wearDayKey(now).slice(0, 4);
  let items = 0;
  for (const item of Object.values(wardrobe.clothes)) {
    if (itemMatchesFilters(item, itemFilters, year)) items += 1;
  }
  const outfits = filterOutfits(
    Object.values(wardrobe.outfits),
    outfitFilters,
    outfitStats,
    undefined,
    wardrobe.clothes,
  ).length;
  return { items, outfits };
}

/** The Groups screen's buttons: items on the wishlist and items on loan. */
export function groupCounts(wardrobe: WardrobeData): { wishlist: number; loaned: number } {
  let wishlist = 0;
  let loaned = 0;
  for (const item of Object.values(wardrobe.clothes)) {
    if (item.status === 'wishlist') wishlist += 1;
    else if (item.status === 'loaned') loaned += 1;
  }
  return { wishlist, loaned };
}
