import { colourSortValue } from './colour-names.js';
import { dayNumber } from './day-keys.js';
import type { ItemSortOption } from './sorting.js';
import type { ClothingItem } from './types.js';

/**
 * The sort values that need nothing but the record itself, and how two values compare (docs/spec.md
 * §9). Apart from sorting.ts, which brings money, stats and captions, so that the web app's
 * first-view worker (docs/first-screen.md) orders the first screen exactly as the grid will with a
 * module this small.
 */

/** A number (times, days, counts, money) or a text (brand); undefined is "no value". */
export type SortValue = number | string | undefined;

/**
 * The locale text sorts fall back to without a usable one: the settings' default (schemas.ts
 * DEFAULT_LOCALE, not imported here: it would bring the schema library into the worker).
 */
const FALLBACK_LOCALE = 'en';

// Building a Collator costs far more than using one, and the first of a page loads ICU's
// collation data: one per locale, built the first time a text is compared in it.
const collators = new Map<string, Intl.Collator>();

/**
 * How text sort values compare in `locale`: as people read them there ("Ålesund" with the A's in
 * English, after "Zara" in Swedish), ignoring case and accents (sensitivity 'base'). A locale
 * Intl refuses gives the English order.
 */
export function textCollator(locale: string = FALLBACK_LOCALE): Intl.Collator {
  let collator = collators.get(locale);
  if (collator === undefined) {
    try {
      collator = new Intl.Collator(locale, { sensitivity: 'base' });
    } catch {
      collator = textCollator(FALLBACK_LOCALE);
    }
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * Two present sort values: numbers by size, text by `collator` (textCollator's English order by
 * default). Dates are numbers (timeValue, dayValue), never text.
 */
export function compareSortValues(
  a: number | string,
  b: number | string,
  collator?: Intl.Collator,
): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return (collator ?? textCollator()).compare(String(a), String(b));
}

/** A timestamp as a number so that differently written ISO strings compare by time. */
export function timeValue(iso: string): number | undefined {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

/** A day key (YYYY-MM-DD) as its day number; undefined when it is not one (blank, malformed). */
export function dayValue(key: string | undefined): number | undefined {
  if (key === undefined) return undefined;
  const n = dayNumber(key);
  return Number.isNaN(n) ? undefined : n;
}

/** The item sort options whose value is one of the item's own fields. */
export const PLAIN_ITEM_SORTS: ReadonlySet<ItemSortOption> = new Set<ItemSortOption>([
  'Date Created',
  'Date Obtained',
  'Brand',
  'Colour',
]);

/** An item's sort value for one of PLAIN_ITEM_SORTS (undefined for the others, and when absent). */
export function plainItemSortValue(option: ItemSortOption, item: ClothingItem): SortValue {
  switch (option) {
    case 'Date Created':
      return timeValue(item.dateCreated);
    case 'Date Obtained':
      return dayValue(item.dateObtained);
    case 'Brand': {
      const brand = item.brand?.trim();
      return brand ? brand.toLocaleLowerCase() : undefined;
    }
    case 'Colour':
      return colourSortValue(item.colors);
    default:
      return undefined;
  }
}
