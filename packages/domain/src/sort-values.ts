import type { ItemSortOption } from './sorting.js';
import type { ClothingItem } from './types.js';

/**
 * The sort values that need nothing but the record itself, and how two values compare (SPEC §9).
 * Apart from sorting.ts, which brings money, stats and captions, so that the web app's first-view
 * worker (issue 15) orders the first screen exactly as the grid will with a module this small.
 */

export type SortValue = number | string | undefined;

/** Two present sort values: numbers by size, text by code unit order. */
export function compareSortValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** A timestamp as a number so that differently written ISO strings compare by time. */
export function timeValue(iso: string): number | undefined {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

/** The item sort options whose value is one of the item's own text fields. */
export const PLAIN_ITEM_SORTS: ReadonlySet<ItemSortOption> = new Set<ItemSortOption>([
  'Date Created',
  'Date Obtained',
  'Brand',
]);

/** An item's sort value for one of PLAIN_ITEM_SORTS (undefined for the others, and when absent). */
export function plainItemSortValue(option: ItemSortOption, item: ClothingItem): SortValue {
  switch (option) {
    case 'Date Created':
      return timeValue(item.dateCreated);
    case 'Date Obtained':
      return item.dateObtained;
    case 'Brand': {
      const brand = item.brand?.trim();
      return brand ? brand.toLocaleLowerCase() : undefined;
    }
    default:
      return undefined;
  }
}
