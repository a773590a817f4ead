import { CATEGORIES, type Category } from './categories.js';
import { BUNDLED_RATES, type RatesTable } from './currency.js';
import { itemPriceIn } from './money.js';
import { timeRangeBounds, type TimeRange } from './time-ranges.js';
import type { ClothingItem, Outfit, Settings, WardrobeData } from './types.js';
import { wearDayKey } from './wear-day.js';
import type { WireCollection } from './schemas.js';

/**
 * Custom collections (docs/collections.md): packing lists and capsules, each a named set of items
 * and outfits of one account. The rules here are pure; the server stores collections and the web
 * shows them, both through these functions.
 */

export const COLLECTION_KINDS = ['packing', 'capsule'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

export const COLLECTION_KIND_LABELS: Record<CollectionKind, string> = {
  packing: 'Packing list',
  capsule: 'Capsule',
};

/** Collections one account may keep. */
export const MAX_COLLECTIONS = 200;
/** Entries (items plus outfits) of one collection. */
export const MAX_COLLECTION_ENTRIES = 1000;
export const MAX_COLLECTION_NAME = 80;
export const MAX_COLLECTION_NOTE = 1000;
export const MAX_COLLECTION_DESTINATION = 120;

/** The 422 detail of a create past MAX_COLLECTIONS (docs/spec.md §8: the server's text is shown). */
export function collectionsLimitMessage(max = MAX_COLLECTIONS): string {
  return `You can keep up to ${max.toLocaleString('en-US')} collections. Delete one to add another.`;
}

/** The 422 detail of an add past MAX_COLLECTION_ENTRIES. */
export function collectionEntriesLimitMessage(max = MAX_COLLECTION_ENTRIES): string {
  return `A collection holds up to ${max.toLocaleString('en-US')} items and outfits. Remove some to add more.`;
}

/** A collection as the app reads it (camelCase; the wire is snake_case, schemas.ts). */
export interface Collection {
  id: string;
  kind: CollectionKind;
  name: string;
  note?: string;
  /** Trip dates of a packing list, day keys, inclusive. */
  startDate?: string;
  endDate?: string;
  destination?: string;
  /** ISO time of the create. */
  dateCreated: string;
  /** Items on the list, in the order they were added. */
  itemIds: string[];
  /** Outfits on the list, in the order they were added. */
  outfitIds: string[];
  /** Items ticked Packed (a packing list's); any piece of the list, direct or through an outfit. */
  packedIds: string[];
}

/** The distinct existing pieces of an outfit, in canvas order. */
function outfitPieces(outfit: Outfit, clothes: WardrobeData['clothes']): string[] {
  const ids: string[] = [];
  for (const entry of outfit.canvasData) {
    if (clothes[entry.clothingId] !== undefined && !ids.includes(entry.clothingId))
      ids.push(entry.clothingId);
  }
  return ids;
}

/**
 * Every piece of a collection, each once: its items, then the pieces of its outfits that are not
 * already listed (an item in an outfit on the list is counted once). Ids no longer in the
 * wardrobe are left out.
 */
export function collectionPieceIds(
  collection: Pick<Collection, 'itemIds' | 'outfitIds'>,
  wardrobe: Pick<WardrobeData, 'clothes' | 'outfits'>,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (id: string) => {
    if (seen.has(id) || wardrobe.clothes[id] === undefined) return;
    seen.add(id);
    out.push(id);
  };
  for (const id of collection.itemIds) add(id);
  for (const outfitId of collection.outfitIds) {
    const outfit = wardrobe.outfits[outfitId];
    if (outfit) for (const id of outfitPieces(outfit, wardrobe.clothes)) add(id);
  }
  return out;
}

/**
 * "Outfits you can make": the saved outfits (not wishlist ones) that have at least one piece and
 * whose pieces are all among `pieceIds`, in the wardrobe's order.
 */
export function outfitsYouCanMake(
  pieceIds: Iterable<string>,
  wardrobe: Pick<WardrobeData, 'clothes' | 'outfits'>,
): string[] {
  const pieces = new Set(pieceIds);
  const out: string[] = [];
  for (const outfit of Object.values(wardrobe.outfits)) {
    if (outfit.status === 'wishlist') continue;
    const ids = outfitPieces(outfit, wardrobe.clothes);
    if (ids.length > 0 && ids.every((id) => pieces.has(id))) out.push(outfit.id);
  }
  return out;
}

export interface PackingProgress {
  /** Pieces on the list (items and the pieces of its outfits, each once). */
  total: number;
  /** Of those, ticked Packed. */
  packed: number;
}

/** "12 of 18 packed": ticks of pieces no longer on the list do not count. */
export function packingProgress(
  collection: Pick<Collection, 'itemIds' | 'outfitIds' | 'packedIds'>,
  wardrobe: Pick<WardrobeData, 'clothes' | 'outfits'>,
): PackingProgress {
  const pieces = collectionPieceIds(collection, wardrobe);
  const packed = new Set(collection.packedIds);
  return { total: pieces.length, packed: pieces.filter((id) => packed.has(id)).length };
}

/** "12 of 18 packed". */
export function packingProgressText({ packed, total }: PackingProgress): string {
  return `${packed} of ${total} packed`;
}

/** The trip's days, inclusive, ascending; empty without both dates or when they are reversed. */
export function tripDays(collection: Pick<Collection, 'startDate' | 'endDate'>): string[] {
  const { startDate, endDate } = collection;
  if (!startDate || !endDate || endDate < startDate) return [];
  const days: string[] = [];
  const d = new Date(`${startDate}T00:00:00Z`);
  for (let i = 0; i < 366; i++) {
    const key = d.toISOString().slice(0, 10);
    if (key > endDate) break;
    days.push(key);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}

export interface CategoryCoverage {
  category: Category;
  /** Pieces of the capsule in the category. */
  count: number;
}

export interface CapsuleFigures {
  /** Pieces (items and the pieces of its outfits, each once). */
  pieces: number;
  /** Saved outfits made only of the capsule's pieces (outfitsYouCanMake). */
  outfitsPossible: number;
  /** Wears of the capsule's pieces in the range (one per piece and day worn, up to today). */
  wears: number;
  /** The prices of the pieces obtained in the range, in the settings currency. */
  spend: number;
  /** What the capsule's pieces cost divided by their wears in the range; undefined without wears. */
  costPerWear?: number;
  /** Every category, in the app's order, with how many pieces it has (0 for a gap). */
  coverage: CategoryCoverage[];
  /** Pieces with no wear in the range, in the capsule's order. */
  neverWorn: string[];
}

export interface CapsuleOptions {
  now?: Date;
  rates?: RatesTable;
}

/**
 * A capsule's figures for a time range (docs/collections.md): a wear counts on a day in the range
 * up to today (the wear-day rule), whether the piece was logged alone or in an outfit; spend
 * counts pieces whose date obtained (else creation) falls in the range, at their price in the
 * settings currency; cost per wear is the price of every priced piece over the range's wears.
 */
export function capsuleFigures(
  collection: Pick<Collection, 'itemIds' | 'outfitIds'>,
  wardrobe: WardrobeData,
  settings: Pick<Settings, 'currency'>,
  range: TimeRange,
  options: CapsuleOptions = {},
): CapsuleFigures {
  const now = options.now ?? new Date();
  const rates = options.rates ?? BUNDLED_RATES;
  const pieceIds = collectionPieceIds(collection, wardrobe);
  const pieces = new Set(pieceIds);
  const { start, end } = timeRangeBounds(range, now);
  const today = wearDayKey(now);
  const last = end < today ? end : today;

  // Days each piece was worn in the range, alone or through an outfit, each day once.
  const worn = new Map<string, Set<string>>();
  const wear = (id: string, day: string) => {
    if (!pieces.has(id)) return;
    let days = worn.get(id);
    if (!days) worn.set(id, (days = new Set()));
    days.add(day);
  };
  for (const [day, entry] of Object.entries(wardrobe.calendar)) {
    if (day > last || (start !== undefined && day < start)) continue;
    for (const id of entry.clothes) wear(id, day);
    for (const outfitId of entry.outfits) {
      const outfit = wardrobe.outfits[outfitId];
      if (outfit) for (const id of outfitPieces(outfit, wardrobe.clothes)) wear(id, day);
    }
  }

  let wears = 0;
  let spend = 0;
  let cost = 0;
  const counts = new Map<Category, number>();
  const neverWorn: string[] = [];
  for (const id of pieceIds) {
    const item = wardrobe.clothes[id] as ClothingItem;
    const n = worn.get(id)?.size ?? 0;
    wears += n;
    if (n === 0) neverWorn.push(id);
    counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
    const price =
      item.status === 'wishlist' ? undefined : itemPriceIn(item, settings.currency, rates);
    if (price === undefined) continue;
    cost += price;
    const obtained = item.dateObtained ?? item.dateCreated.slice(0, 10);
    if (start === undefined || (obtained >= start && obtained <= end)) spend += price;
  }
  const figures: CapsuleFigures = {
    pieces: pieceIds.length,
    outfitsPossible: outfitsYouCanMake(pieceIds, wardrobe).length,
    wears,
    spend,
    coverage: CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 })),
    neverWorn,
  };
  if (wears > 0) figures.costPerWear = cost / wears;
  return figures;
}

/**
 * A copy of a collection for the next trip ("Copy for the next trip"): the same pieces and
 * outfits, nothing packed, no dates, named "<name> (copy)" within MAX_COLLECTION_NAME.
 */
export function duplicateName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, MAX_COLLECTION_NAME - suffix.length)}${suffix}`;
}

/** Collections that hold an item directly (the item page's list). */
export function collectionsWithItem<C extends Pick<Collection, 'itemIds'>>(
  collections: readonly C[],
  itemId: string,
): C[] {
  return collections.filter((c) => c.itemIds.includes(itemId));
}

/** A collection from the wire (snake_case, nulls) into the app's record. */
export function collectionFromWire(wire: WireCollection): Collection {
  const c: Collection = {
    id: wire.id,
    kind: wire.kind,
    name: wire.name,
    dateCreated: wire.date_created,
    itemIds: wire.item_ids,
    outfitIds: wire.outfit_ids,
    packedIds: wire.packed_ids,
  };
  if (wire.note) c.note = wire.note;
  if (wire.start_date) c.startDate = wire.start_date;
  if (wire.end_date) c.endDate = wire.end_date;
  if (wire.destination) c.destination = wire.destination;
  return c;
}

/** Fields of a collection a change may set; null clears an optional one. */
export interface CollectionFields {
  name?: string;
  note?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  destination?: string | null;
}

/**
 * One change to the account's collections, as the app makes it (optimistically, and kept in the
 * outbox until sent). Each is idempotent: applied twice, it gives what applying it once gives.
 */
export type CollectionChange =
  | { type: 'create'; collection: Collection }
  | { type: 'update'; id: string; fields: CollectionFields }
  | { type: 'delete'; id: string }
  | { type: 'add'; id: string; itemIds: string[]; outfitIds: string[] }
  | { type: 'remove'; id: string; entry: 'item' | 'outfit'; entryId: string }
  /** Tick or untick these pieces ("Unpack all" names every piece the list has). */
  | { type: 'packed'; id: string; itemIds: string[]; packed: boolean };

function withoutKey<T extends object>(value: T, key: keyof T): T {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

function applyFields(c: Collection, fields: CollectionFields): Collection {
  let next: Collection = { ...c };
  if (fields.name !== undefined) next.name = fields.name;
  const optional = [
    ['note', fields.note],
    ['startDate', fields.startDate],
    ['endDate', fields.endDate],
    ['destination', fields.destination],
  ] as const;
  for (const [key, value] of optional) {
    if (value === undefined) continue;
    if (value === null || value === '') next = withoutKey(next, key);
    else next[key] = value;
  }
  return next;
}

/** The collections after one change; a change to a collection not in the list changes nothing. */
export function applyCollectionChange(
  collections: readonly Collection[],
  change: CollectionChange,
): Collection[] {
  if (change.type === 'create') {
    if (collections.some((c) => c.id === change.collection.id)) return [...collections];
    return [...collections, change.collection];
  }
  if (change.type === 'delete') return collections.filter((c) => c.id !== change.id);
  return collections.map((c) => {
    if (c.id !== change.id) return c;
    switch (change.type) {
      case 'update':
        return applyFields(c, change.fields);
      case 'add':
        return {
          ...c,
          itemIds: [...new Set([...c.itemIds, ...change.itemIds])],
          outfitIds: [...new Set([...c.outfitIds, ...change.outfitIds])],
        };
      case 'remove':
        return change.entry === 'item'
          ? {
              ...c,
              itemIds: c.itemIds.filter((id) => id !== change.entryId),
              packedIds: c.packedIds.filter((id) => id !== change.entryId),
            }
          : { ...c, outfitIds: c.outfitIds.filter((id) => id !== change.entryId) };
      case 'packed': {
        const ids = new Set(change.itemIds);
        const rest = c.packedIds.filter((id) => !ids.has(id));
        return { ...c, packedIds: change.packed ? [...rest, ...change.itemIds] : rest };
      }
    }
  });
}

/**
 * `change` with `map` applied to each of its lists of item and outfit ids, and `mapEntry` to the
 * id of the entry it removes.
 */
function mapChangeIds(
  change: CollectionChange,
  map: (ids: string[]) => string[],
  mapEntry: (id: string) => string = (id) => id,
): CollectionChange {
  switch (change.type) {
    case 'create': {
      const c = change.collection;
      return {
        ...change,
        collection: {
          ...c,
          itemIds: map(c.itemIds),
          outfitIds: map(c.outfitIds),
          packedIds: map(c.packedIds),
        },
      };
    }
    case 'add':
      return { ...change, itemIds: map(change.itemIds), outfitIds: map(change.outfitIds) };
    case 'remove':
      return { ...change, entryId: mapEntry(change.entryId) };
    case 'packed':
      return { ...change, itemIds: map(change.itemIds) };
    default:
      return change;
  }
}

/** A change with item or outfit `from` renamed `to` (a record created offline got its id). */
export function renameInCollectionChange(
  change: CollectionChange,
  from: string,
  to: string,
): CollectionChange {
  const rename = (id: string) => (id === from ? to : id);
  return mapChangeIds(change, (ids) => (ids.includes(from) ? ids.map(rename) : ids), rename);
}

/**
 * A change once item or outfit `id` will never exist on the server: null when nothing of it is
 * left to send.
 */
export function collectionChangeWithout(
  change: CollectionChange,
  id: string,
): CollectionChange | null {
  const left = mapChangeIds(change, (ids) => ids.filter((x) => x !== id));
  switch (left.type) {
    case 'add':
      return left.itemIds.length + left.outfitIds.length === 0 ? null : left;
    case 'remove':
      return left.entryId === id ? null : left;
    case 'packed':
      return left.itemIds.length === 0 ? null : left;
    default:
      return left;
  }
}

/**
 * The wardrobe limited to one collection (the stats' "Collection" filter): its pieces, the
 * outfits made only of them, and the calendar as it is (wears of other records are ignored by
 * every stat, wear-index.ts).
 */
export function wardrobeOfCollection(
  collection: Pick<Collection, 'itemIds' | 'outfitIds'>,
  wardrobe: WardrobeData,
): WardrobeData {
  const pieces = collectionPieceIds(collection, wardrobe);
  const clothes = Object.fromEntries(pieces.map((id) => [id, wardrobe.clothes[id]!]));
  const outfits = Object.fromEntries(
    outfitsYouCanMake(pieces, wardrobe).map((id) => [id, wardrobe.outfits[id]!]),
  );
  return { clothes, outfits, calendar: wardrobe.calendar };
}
