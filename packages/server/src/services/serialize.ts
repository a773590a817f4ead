import type { WireCanvasEntry } from '@hanger/domain';
import type { ClothesRow, OutfitItemRow, OutfitRow } from '../db/schema.js';
import type { BlobStore } from './context.js';

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
] as const;

export type WireRecord = Record<string, unknown>;

/** An item as GET users and POST clothes answer it: absent fields are left out. */
export async function itemToWire(storage: BlobStore, row: ClothesRow): Promise<WireRecord> {
  const [image, thumbnail] = await Promise.all([
    storage.url(row.image_key),
    storage.url(row.thumb_key),
  ]);
  const wire: WireRecord = { id: row.id, image, thumbnail };
  for (const column of ITEM_COLUMNS) {
    const value = row[column];
    if (value !== null && value !== undefined) wire[column] = value;
  }
  return wire;
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

export async function outfitToWire(
  storage: BlobStore,
  row: OutfitRow,
  canvas: OutfitItemRow[],
): Promise<WireRecord> {
  const [image, thumbnail] = await Promise.all([
    storage.url(row.image_key),
    storage.url(row.thumb_key),
  ]);
  const wire: WireRecord = { id: row.id, image, thumbnail, date_created: row.date_created };
  if (row.status !== null) wire.status = row.status;
  if (row.manual_times_worn !== null) wire.manual_times_worn = row.manual_times_worn;
  wire.canvas_data = canvasToWire(canvas);
  return wire;
}
