import { coloursFromText } from '@hanger/domain';
import type { WireCanvasEntry, WireItem, WireOutfit } from '@hanger/domain';
import type { ClothesRow, OutfitItemRow, OutfitRow } from '../db/schema.js';
import type { Owned } from '../repositories/db.js';
import { cutoutWire } from './cutouts.js';
import { photoOf, photoUrls } from './photos.js';

/** Wire fields of an item that come straight from its columns (everything but photos and id). */
export const ITEM_COLUMNS = [
  'category',
  'sub_category_id',
  'status',
  'source',
  'brand',
  'date_created',
  'date_obtained',
  'date_archived',
  'price',
  'currency',
  'converted_price',
  'sold_price',
  'sold_currency',
  'converted_sold_price',
  'manual_times_worn',
  'scale',
] as const satisfies readonly (keyof WireItem & keyof ClothesRow)[];

// Every other field of WireItem must be in ITEM_COLUMNS: a new wire field fails to compile here.
type UnlistedItemField = Exclude<
  keyof WireItem,
  'id' | 'image' | 'thumbnail' | 'original' | 'cutout' | 'colors' | (typeof ITEM_COLUMNS)[number]
>;
const _everyItemFieldListed: [UnlistedItemField] extends [never] ? true : UnlistedItemField = true;

/** The row's value of each column that is set: docs/spec.md §5 leaves absent fields out of answers. */
function setColumns<R, K extends keyof R>(row: R, columns: readonly K[]): Partial<Pick<R, K>> {
  const out: Partial<Pick<R, K>> = {};
  for (const column of columns) {
    const value = row[column];
    if (value !== null && value !== undefined) out[column] = value;
  }
  return out;
}

/**
 * An item as GET users and POST clothes answer it: absent fields are left out. `capability` is
 * the owner's media capability (photos.ts `photoUrls`). `image` and `thumbnail` are what is shown
 * (a cut-out when there is one), `original` and `cutout` as docs/cutouts.md says.
 */
export function itemToWire(capability: string, row: Owned<ClothesRow>): WireItem {
  const item: WireItem = {
    id: row.id,
    ...photoUrls(capability, photoOf(row)),
    category: row.category,
    date_created: row.date_created,
    ...setColumns(row, ITEM_COLUMNS),
    ...cutoutWire(capability, row),
  };
  // Stored as names joined by commas (db/schema.ts), answered as a list; none is left out.
  if (row.colors) item.colors = coloursFromText(row.colors);
  return item;
}

/** The item columns What to wear reads (repositories/suggestions.ts readSuggestionRows). */
export type SuggestionItemRow = Pick<
  ClothesRow,
  | 'id'
  | 'category'
  | 'sub_category_id'
  | 'status'
  | 'date_created'
  | 'price'
  | 'currency'
  | 'converted_price'
  | 'manual_times_worn'
  | 'colors'
>;
const SUGGESTION_COLUMNS = [
  'sub_category_id',
  'status',
  'price',
  'currency',
  'converted_price',
  'manual_times_worn',
] as const satisfies readonly (keyof SuggestionItemRow)[];

/**
 * An item as What to wear reads it: its columns as itemToWire answers them, without photos (the
 * suggestions answer ids; the app shows its own copy's photos).
 */
export function suggestionItemToWire(row: SuggestionItemRow): WireItem {
  const item: WireItem = {
    id: row.id,
    image: '',
    category: row.category,
    date_created: row.date_created,
    ...setColumns(row, SUGGESTION_COLUMNS),
  };
  if (row.colors) item.colors = coloursFromText(row.colors);
  return item;
}

export function canvasToWire(entries: OutfitItemRow[]): WireCanvasEntry[] {
  return entries.map((e) => ({
    clothing_id: e.clothing_id,
    x: e.x,
    y: e.y,
    scale: e.scale,
    rotation: e.rotation,
  }));
}

export function outfitToWire(
  capability: string,
  row: Owned<OutfitRow>,
  canvas: OutfitItemRow[],
): WireOutfit {
  return {
    id: row.id,
    ...photoUrls(capability, photoOf(row)),
    date_created: row.date_created,
    ...setColumns(row, ['status', 'manual_times_worn']),
    canvas_data: canvasToWire(canvas),
  };
}
