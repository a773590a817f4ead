import { isStorableText } from '@hanger/domain';
import type { OutfitItemRow } from '../db/schema.js';
import type { Db } from './db.js';
import { ownedRecords, type RecordChanges } from './records.js';
import { ownsAll } from './ownership.js';

/**
 * The account's outfits and their canvases (tables `outfits` and `outfit_items`). A canvas row has
 * no owner column: it is the owner's when its outfit is, so every canvas query goes through the
 * owner's outfits (repositories/README.md).
 */

/** The fields a write may change; an outfit never changes id or owner. */
export type OutfitChanges = RecordChanges<'outfits'>;

const outfits = ownedRecords('outfits');

/** One of the owner's outfits, or undefined (also for an id no row can hold). */
export const findOutfit = outfits.find;
/** Which of `ids` are the owner's outfits. */
export const findOutfitIds = outfits.findIds;
/** Every outfit of the owner, oldest first (then by id): the wardrobe's order. */
export const listOutfits = outfits.list;
/** The owner's outfits counted by status. */
export const countOutfitsByStatus = outfits.countByStatus;
/** How many outfits the owner holds. */
export const countOutfits = outfits.count;
/** Add outfits to the owner's wardrobe (without their canvases: `insertCanvases`). */
export const insertOutfits = outfits.insert;
/** Change one of the owner's outfits; answers whether it was found. */
export const updateOutfit = outfits.update;
/**
 * Change several of the owner's outfits the same way (one statement per IN_CHUNK ids); answers
 * how many were found. Run it in the caller's transaction when all or none must change.
 */
export const updateOutfits = outfits.updateMany;

/** One canvas placement as it is written: its outfit is given separately. */
export type Placement = Omit<OutfitItemRow, 'outfit_id'>;

/** The ids of the owner's outfits, as a subquery. */
function ownOutfitIds(db: Db, ownerId: string) {
  return db.selectFrom('outfits').select('id').where('user_id', '=', ownerId);
}

/** The canvas of one of the owner's outfits, in order (empty for another account's outfit). */
export async function readCanvas(
  db: Db,
  ownerId: string,
  outfitId: string,
): Promise<OutfitItemRow[]> {
  if (!isStorableText(outfitId)) return [];
  return db
    .selectFrom('outfit_items')
    .selectAll()
    .where('outfit_id', '=', outfitId)
    .where('outfit_id', 'in', ownOutfitIds(db, ownerId))
    .orderBy('position')
    .execute();
}

/**
 * Every canvas row of the owner's outfits, or of those of `outfitIds` (at most IN_CHUNK, none
 * empty), by outfit then position.
 */
export async function listCanvasRows(
  db: Db,
  ownerId: string,
  outfitIds?: readonly string[],
): Promise<OutfitItemRow[]> {
  let query = db
    .selectFrom('outfit_items')
    .innerJoin('outfits', 'outfits.id', 'outfit_items.outfit_id')
    .selectAll('outfit_items')
    .where('outfits.user_id', '=', ownerId);
  if (outfitIds !== undefined) query = query.where('outfit_items.outfit_id', 'in', outfitIds);
  return query.orderBy('outfit_items.outfit_id').orderBy('outfit_items.position').execute();
}

/**
 * Place canvas rows on the owner's outfits (several outfits in one statement). Rows of an outfit
 * that is not the owner's, or that name an item that is not the owner's, are refused: nothing is
 * written and it throws.
 */
export async function insertCanvases(
  db: Db,
  ownerId: string,
  rows: readonly OutfitItemRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const owned = await ownsAll(db, ownerId, {
    outfits: rows.map((r) => r.outfit_id),
    clothes: rows.map((r) => r.clothing_id),
  });
  if (!owned) throw new Error("A canvas may only place the owner's items on the owner's outfits.");
  await db.insertInto('outfit_items').values(rows).execute();
}

/** Replace the canvas of one of the owner's outfits with `placements` (in their order). */
export async function replaceCanvas(
  db: Db,
  ownerId: string,
  outfitId: string,
  placements: readonly Placement[],
): Promise<void> {
  await db
    .deleteFrom('outfit_items')
    .where('outfit_id', '=', outfitId)
    .where('outfit_id', 'in', ownOutfitIds(db, ownerId))
    .execute();
  await insertCanvases(
    db,
    ownerId,
    placements.map((p) => ({ ...p, outfit_id: outfitId })),
  );
}
