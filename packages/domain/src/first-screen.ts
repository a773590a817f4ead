import { DEFAULT_SORT_DIRECTION } from './constants.js';
import {
  DEFAULT_ITEM_FILTERS,
  DEFAULT_ITEM_STATUS_FILTER,
  DEFAULT_OUTFIT_STATUS_FILTER,
  filterItems,
  itemMatchesStatus,
  outfitMatchesStatus,
  type ItemFilters,
} from './filtering.js';
import type { ItemStats } from './item-stats.js';
import { DEFAULT_ITEM_SORT, sortCaption, sortItems, type ItemSortOption } from './sorting.js';
import { itemTileLabel } from './subcategories.js';
import type { ItemStatus, OutfitStatus } from './status.js';
import type { ClothingItem, Outfit, Settings, SortDirection } from './types.js';

/**
 * The server-drawn first screen of /items (docs/first-screen.md). On a device with nothing stored (a
 * new phone, site data cleared: no service worker, no IndexedDB copy), the server fills the static
 * first paint that index.html carries (#boot-shell) with the first tiles of the Items view, photos
 * and captions included, so they show as soon as the HTML is in, before the app's code and the
 * wardrobe have arrived. This module is the contract between the web build, which writes the tile
 * template into index.html, and the server, which fills it.
 *
 * Only the default view is drawn (Date Created, newest first, the default filters, responsive
 * columns): the only one a device with nothing stored can be showing. A browser whose Items view
 * is anything else says so with the FIRST_SCREEN_VIEW_COOKIE, and gets the skeleton as before.
 */

/** Tiles drawn: a desktop's first screen (5 columns, 3 rows); a phone shows the first 6 to 8. */
export const FIRST_SCREEN_TILES = 15;

/** Tiles whose photo is fetched with high priority: the first two rows on a phone. */
export const FIRST_SCREEN_HIGH_PRIORITY = 4;

/** Placeholders in the tile template (index.html's <template data-boot-tile>), filled per tile. */
export const BOOT_TILE_SLOTS = {
  /** The item's id, in its link. */
  id: '@@tile-id@@',
  /** The thumbnail's URL. */
  src: '@@tile-src@@',
  /** The tile's label (brand and kind), in the photo's alt and the link's name. */
  label: '@@tile-label@@',
  /** The sort's caption under the photo (the Date Created day). */
  caption: '@@tile-caption@@',
  /** The photo's loading attributes (eager and high priority for the first rows). */
  loading: '@@tile-loading@@',
} as const;

/** Comment markers around the shell grid's tiles, which the server replaces. */
export const BOOT_TILES_START = '<!--boot-tiles-->';
export const BOOT_TILES_END = '<!--/boot-tiles-->';
/** The tile template, after the shell's markup. */
export const BOOT_TILE_TEMPLATE_START = '<template data-boot-tile>';
export const BOOT_TILE_TEMPLATE_END = '</template>';

/**
 * The Items and Outfits tabs' counts ("Items 795"): markers where the server puts them in the
 * shell's tabs, and the count's template (after the tile template) with its one slot. A page the
 * server did not fill keeps the markers, which are comments, and shows no counts, as the app does
 * until its wardrobe is in.
 */
export const BOOT_TAB_COUNT_MARKERS = {
  items: '<!--boot-count-items-->',
  outfits: '<!--boot-count-outfits-->',
} as const;
export const BOOT_COUNT_SLOT = '@@tab-count@@';
export const BOOT_COUNT_TEMPLATE_START = '<template data-boot-count>';

/** The two tabs' counts of the default view, as the app's tabCounts gives them. */
export interface FirstScreenCounts {
  items: number;
  outfits: number;
}

/** How many of a user's records have one status (null: the column is empty). */
export interface StatusCount<S extends string> {
  status: S | null;
  count: number;
}

/**
 * The tabs' counts of the default view (the default filters are status filters only: tabCounts
 * with DEFAULT_ITEM_FILTERS and DEFAULT_OUTFIT_FILTERS) from counts of records by status, which a
 * database gives without reading the records.
 */
export function defaultTabCounts(
  items: readonly StatusCount<ItemStatus>[],
  outfits: readonly StatusCount<OutfitStatus>[],
): FirstScreenCounts {
  const sum = <S extends string>(
    groups: readonly StatusCount<S>[],
    kept: (status?: S) => boolean,
  ) => groups.reduce((n, g) => (kept(g.status ?? undefined) ? n + g.count : n), 0);
  return {
    items: sum(items, (status) =>
      itemMatchesStatus({ status } as ClothingItem, DEFAULT_ITEM_STATUS_FILTER),
    ),
    outfits: sum(outfits, (status) =>
      outfitMatchesStatus({ status } as Outfit, DEFAULT_OUTFIT_STATUS_FILTER),
    ),
  };
}

/**
 * Set (to "1") by the app while its Items view is not the default one (another sort or direction,
 * a saved column count, filters other than the defaults); the server then leaves the first screen
 * to the app.
 */
export const FIRST_SCREEN_VIEW_COOKIE = 'hanger-custom-view';

/** Whether an Items view is the one the server draws. */
export function isFirstScreenView(view: {
  option: ItemSortOption;
  direction: SortDirection;
  cols: number | null;
  filters: ItemFilters;
}): boolean {
  const keys = new Set([...Object.keys(view.filters), ...Object.keys(DEFAULT_ITEM_FILTERS)]);
  return (
    view.option === DEFAULT_ITEM_SORT &&
    view.direction === DEFAULT_SORT_DIRECTION &&
    view.cols === null &&
    [...keys].every(
      (k) => view.filters[k as keyof ItemFilters] === DEFAULT_ITEM_FILTERS[k as keyof ItemFilters],
    )
  );
}

/** One tile of the first screen, as the grid draws it. */
export interface FirstScreenTile {
  id: string;
  src: string;
  label: string;
  caption: string;
}

const NO_STATS: ReadonlyMap<string, ItemStats> = new Map();

/**
 * The first tiles of the default Items view, in the grid's order: `candidates` must hold every
 * item whose Date Created is on or after the last tile's (the server reads them newest first).
 */
export function firstScreenTiles(
  candidates: readonly ClothingItem[],
  settings: Settings,
  count: number = FIRST_SCREEN_TILES,
): FirstScreenTile[] {
  const kept = filterItems(candidates, DEFAULT_ITEM_FILTERS);
  const sorted = sortItems(kept, DEFAULT_ITEM_SORT, DEFAULT_SORT_DIRECTION, NO_STATS, {
    settings,
  });
  return sorted.slice(0, count).map((item) => ({
    id: item.id,
    src: item.thumbnail || item.image,
    label: itemTileLabel(item, settings),
    caption: sortCaption(DEFAULT_ITEM_SORT, item, undefined, { settings }),
  }));
}
