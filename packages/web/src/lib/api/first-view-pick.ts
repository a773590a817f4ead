import { categoryFromWire } from '../../../../domain/src/categories';
import { filterItems } from '../../../../domain/src/filtering';
import type { ClothingItem, WireItem } from '@hanger/domain';
import {
  PLAIN_ITEM_SORTS,
  compareSortValues,
  plainItemSortValue,
  textCollator,
  type SortValue,
} from '../../../../domain/src/sort-values';
import { decodeWardrobeColumns, isWardrobeColumns } from '../../../../domain/src/wire-columns';
import type { FirstViewQuery } from './first-view';

/**
 * The first-view worker's part of first-view.ts: picking the head of the Items view out of GET
 * users' answer. The domain's modules are imported one by one, not through its index: the
 * index brings the schema library (the mappers live beside the schemas), which this worker is
 * small and quick to start without. The records are compared as the grid compares them (the
 * domain's filterItems and sort-values.ts, which sortItems reads too) on a light reading of each
 * record; the head goes back as it came on the wire and the page maps it (firstViewFromWire).
 */

/** More than this many records tied at the cut: no preview (the whole wardrobe follows). */
const MAX_PREVIEW = 2000;

/**
 * The records heading the view (see above), or null when the sort is not served or too many
 * records tie at the cut. `items` are the whole wardrobe's.
 */
export function selectFirstView(
  items: readonly ClothingItem[],
  query: FirstViewQuery,
  now: Date = new Date(),
): ClothingItem[] | null {
  if (!PLAIN_ITEM_SORTS.has(query.option)) return null;
  const kept = filterItems(items, query.filters, { now });
  if (kept.length <= query.count) return kept;
  const sign = query.direction === 'asc' ? 1 : -1;
  const keyed = kept.map((item) => ({ item, value: plainItemSortValue(query.option, item) }));
  // Text compares in the user's locale, as sortItems compares it (only Brand is text).
  const collator = query.option === 'Brand' ? textCollator(query.locale) : undefined;
  // Records without a value go last whatever the direction (docs/spec.md §5/§9), as in sortItems.
  const compare = (a: SortValue, b: SortValue): number => {
    if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
    return compareSortValues(a, b, collator);
  };
  keyed.sort((a, b) =>
    a.value === undefined || b.value === undefined
      ? compare(a.value, b.value)
      : sign * compare(a.value, b.value),
  );
  // Ties as the grid sees them: "COS" and "Cos" are one brand (equal, not identical, values).
  const cut = keyed[query.count - 1]!.value;
  let end = query.count;
  while (end < keyed.length && compare(keyed[end]!.value, cut) === 0) end++;
  if (end > MAX_PREVIEW) return null;
  return keyed.slice(0, end).map((k) => k.item);
}

// An answer in columns with no outfits and no calendar: its items alone are decoded.
const NO_OUTFITS = {
  n: 0,
  id: [],
  canvas: { n: [], item: [], x: [], y: [], scale: [], rotation: [] },
};
const NO_CALENDAR = { day: [], c: [], o: [] };

const isText = (v: unknown) => typeof v === 'string';
const isOptionalText = (v: unknown) => v === undefined || v === null || typeof v === 'string';

/** The fields the grid, its sort and its filters read, as the schema has them. */
function looksLikeItem(wire: unknown): wire is WireItem {
  if (typeof wire !== 'object' || wire === null) return false;
  const w = wire as Record<string, unknown>;
  return (
    isText(w.id) &&
    isText(w.image) &&
    isText(w.category) &&
    isText(w.date_created) &&
    isOptionalText(w.thumbnail) &&
    isOptionalText(w.status) &&
    isOptionalText(w.brand) &&
    isOptionalText(w.date_obtained) &&
    isOptionalText(w.sub_category_id) &&
    isOptionalText(w.source)
  );
}

/** The trimmed text, or undefined when blank (schemas.ts answerField: blank is absent). */
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

/**
 * What filterItems and the sort values read of a record, as itemFromWire would give it (the
 * page maps the head with itemFromWire itself).
 */
function lightItem(w: WireItem): ClothingItem {
  const item = {
    id: w.id,
    image: w.image,
    category: categoryFromWire(w.category),
    dateCreated: w.date_created,
  } as ClothingItem;
  const status = text(w.status);
  if (status) item.status = status as ClothingItem['status'];
  const sub = text(w.sub_category_id);
  if (sub) item.subCategoryId = sub;
  const source = text(w.source);
  if (source) item.source = source as ClothingItem['source'];
  const brand = text(w.brand);
  if (brand) item.brand = brand;
  const obtained = text(w.date_obtained);
  if (obtained) item.dateObtained = obtained;
  // The tile draws a cut-out differently (components/wardrobe-grid.tsx).
  const cutout = text(w.cutout);
  if (cutout) item.cutout = cutout as ClothingItem['cutout'];
  return item;
}

/**
 * The wire records heading the view of `query` in GET users' answer (either form), or null when
 * there is none to give: a sort not served, too many ties, or an answer that is not a wardrobe
 * (the whole answer's check then says why).
 */
export function pickFirstView(
  json: unknown,
  query: FirstViewQuery,
  now: Date = new Date(),
): WireItem[] | null {
  try {
    let wires: unknown[];
    if (isWardrobeColumns(json)) {
      const itemsOnly = { ...json, outfits: NO_OUTFITS, calendar: NO_CALENDAR };
      wires = Object.values(decodeWardrobeColumns(itemsOnly).clothes);
    } else {
      const clothes = (json as { clothes?: unknown } | null)?.clothes;
      if (typeof clothes !== 'object' || clothes === null) return null;
      wires = Object.values(clothes);
    }
    const wireOf = new Map<ClothingItem, WireItem>();
    const items: ClothingItem[] = [];
    for (const wire of wires) {
      if (!looksLikeItem(wire)) return null;
      const item = lightItem(wire);
      wireOf.set(item, wire);
      items.push(item);
    }
    return selectFirstView(items, query, now)?.map((item) => wireOf.get(item)!) ?? null;
  } catch {
    return null;
  }
}
