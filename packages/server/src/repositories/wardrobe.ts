import { isStorableText } from '@hanger/domain';
import type { OutfitItemRow } from '../db/schema.js';
import { listDayStars, listWears } from './calendar.js';
import { listItems } from './clothes.js';
import { chunks, type Db } from './db.js';
import { listCanvasRows, listOutfits } from './outfits.js';

/**
 * Every row of the owner's wardrobe in a stable order (items and outfits by creation, then id;
 * wears by day), with each outfit's canvas grouped by outfit. GET users and the export both read
 * the wardrobe through this.
 */
export async function readWardrobeRows(db: Db, ownerId: string) {
  const [clothes, outfits, placements, days, stars] = await Promise.all([
    listItems(db, ownerId),
    listOutfits(db, ownerId),
    listCanvasRows(db, ownerId),
    listWears(db, ownerId),
    listDayStars(db, ownerId),
  ]);
  return { clothes, outfits, canvases: canvasesByOutfit(placements), days, stars };
}

/** Canvas rows grouped by their outfit, each outfit's in their order. */
export function canvasesByOutfit(
  placements: readonly OutfitItemRow[],
): Map<string, OutfitItemRow[]> {
  const canvases = new Map<string, OutfitItemRow[]>();
  for (const p of placements) {
    const list = canvases.get(p.outfit_id);
    if (list) list.push(p);
    else canvases.set(p.outfit_id, [p]);
  }
  return canvases;
}

/** The column by which calendar entries and outfit canvases point at an item or an outfit. */
const REFERENCE = { clothes: 'clothing_id', outfits: 'outfit_id' } as const;

/**
 * Delete several of the owner's items or outfits and every trace of each: a day's display item
 * that pointed at one, their calendar entries, their canvas rows (an item's places on the owner's
 * canvases, an outfit's own canvas) and their collection entries (an item's Packed ticks too), in
 * a few statements per IN_CHUNK ids. Answers the photo keys of those found (ids the owner has no
 * record of delete nothing). Run it in a transaction: it is several statements.
 */
export async function deleteWardrobeEntries(
  db: Db,
  ownerId: string,
  table: keyof typeof REFERENCE,
  ids: readonly string[],
): Promise<{ id: string; image_key: string; thumb_key: string }[]> {
  const reference = REFERENCE[table];
  const found: { id: string; image_key: string; thumb_key: string }[] = [];
  for (const chunk of chunks(ids.filter(isStorableText))) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'image_key', 'thumb_key'])
      .where('user_id', '=', ownerId)
      .where('id', 'in', chunk)
      .execute();
    if (rows.length === 0) continue;
    const owned = rows.map((r) => r.id);
    await db
      .deleteFrom('calendar_days')
      .where('user_id', '=', ownerId)
      .where('display_item', 'in', owned)
      .execute();
    await db
      .deleteFrom('calendar_items')
      .where('user_id', '=', ownerId)
      .where(reference, 'in', owned)
      .execute();
    await db
      .deleteFrom('outfit_items')
      .where(reference, 'in', owned)
      .where('outfit_id', 'in', (eb) =>
        eb.selectFrom('outfits').select('id').where('user_id', '=', ownerId),
      )
      .execute();
    // Off every collection (docs/collections.md), and an item's Packed ticks with it.
    await db
      .deleteFrom('collection_entries')
      .where('user_id', '=', ownerId)
      .where(reference, 'in', owned)
      .execute();
    if (table === 'clothes') {
      await db
        .deleteFrom('collection_packed')
        .where('user_id', '=', ownerId)
        .where('clothing_id', 'in', owned)
        .execute();
    }
    await db.deleteFrom(table).where('user_id', '=', ownerId).where('id', 'in', owned).execute();
    found.push(...rows);
  }
  return found;
}
