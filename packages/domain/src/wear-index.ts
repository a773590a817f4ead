import type { ClothingItem, Outfit, WardrobeData } from './types.js';
import { wearDayKey } from './wear-day.js';

/**
 * The indexes every derived stat needs, built in one pass over outfits and one over the calendar
 * so that stats for a whole wardrobe cost time linear in its size.
 *
 * Only ids that exist in the wardrobe are indexed: calendar days and canvases may still name
 * something deleted, and such ids are ignored rather than counted.
 */
export interface WearIndex {
  /** Today by the wear-day rule; days after it do not count as worn. */
  today: string;
  /**
   * The wardrobe's records as lists, read once: listing a large id-keyed object is not free
   * (V8 sorts a big object's keys on every Object.values), and every stat needs the lists.
   */
  items: ClothingItem[];
  outfits: Outfit[];
  /** Distinct existing item ids on each outfit's canvas, in canvas order. */
  outfitItems: Map<string, string[]>;
  /** Outfits whose canvas holds the item, in outfit map order. */
  itemOutfits: Map<string, string[]>;
  /** Days the item was worn, directly or through an outfit, ascending, each once. */
  itemDays: Map<string, string[]>;
  /** Days the outfit was worn, ascending, each once. */
  outfitDays: Map<string, string[]>;
}

const NONE: readonly string[] = Object.freeze([]);

/** Read-only empty list for ids the index has nothing for. */
export function daysOf(map: Map<string, string[]>, id: string): readonly string[] {
  return map.get(id) ?? NONE;
}

/**
 * Object.values of a record, in its order: a `for…in` walk, which V8 does in about half the time
 * of Object.values on a large id-keyed object (a dictionary of 10,000 ids: 1.4 ms against 2.5 in
 * node). The wardrobe's records are plain objects (JSON), so both list the same own values.
 */
function valuesOf<T>(record: Readonly<Record<string, T>>): T[] {
  const list: T[] = [];
  for (const id in record) list.push(record[id]!);
  return list;
}

export function buildWearIndex(wardrobe: WardrobeData, now: Date = new Date()): WearIndex {
  const { clothes, outfits, calendar } = wardrobe;
  const today = wearDayKey(now);

  const itemList = valuesOf(clothes);
  const outfitList = valuesOf(outfits);
  const outfitItems = new Map<string, string[]>();
  const itemOutfits = new Map<string, string[]>();
  // An id already listed is an item of the wardrobe: only an id met for the first time is looked
  // up among the items (a lookup in a large id-keyed object costs more than one in a Map).
  for (const outfit of outfitList) {
    const ids: string[] = [];
    for (const entry of outfit.canvasData) {
      const id = entry.clothingId;
      if (ids.includes(id)) continue;
      const list = itemOutfits.get(id);
      if (list) list.push(outfit.id);
      else if (clothes[id] !== undefined) itemOutfits.set(id, [outfit.id]);
      else continue;
      ids.push(id);
    }
    outfitItems.set(outfit.id, ids);
  }

  const itemDays = new Map<string, string[]>();
  const outfitDays = new Map<string, string[]>();
  const wornDays = Object.keys(calendar)
    .filter((day) => day <= today)
    .sort();

  // Walking days in order lets "each day once" be a check of the list's last element.
  const markItem = (id: string, day: string): void => {
    const list = itemDays.get(id);
    if (!list) {
      if (clothes[id] !== undefined) itemDays.set(id, [day]);
    } else if (list[list.length - 1] !== day) list.push(day);
  };

  for (const day of wornDays) {
    const entry = calendar[day];
    if (!entry) continue;
    for (const outfitId of entry.outfits) {
      const items = outfitItems.get(outfitId);
      if (items === undefined) continue;
      const list = outfitDays.get(outfitId);
      if (!list) outfitDays.set(outfitId, [day]);
      else if (list[list.length - 1] !== day) list.push(day);
      for (const id of items) markItem(id, day);
    }
    for (const id of entry.clothes) markItem(id, day);
  }

  return {
    today,
    items: itemList,
    outfits: outfitList,
    outfitItems,
    itemOutfits,
    itemDays,
    outfitDays,
  };
}
