import { isStorableText } from '@hanger/domain';
import type { OutfitStatus } from '@hanger/domain';
import type { OutfitItemRow, OutfitRow, OutfitsTable } from '../db/schema.js';
import type { Insertable, Updateable } from 'kysely';
import { callerColumns, chunks, type Db, type Owned } from './db.js';
import { ownsAll } from './ownership.js';

/**
 * The account's outfits and their canvases (tables `outfits` and `outfit_items`). A canvas row has
 * no owner column: it is the owner's when its outfit is, so every canvas query goes through the
 * owner's outfits (repositories/README.md).
 */

/** The fields a write may change; an outfit never changes id or owner. */
export type OutfitChanges = Omit<Updateable<OutfitsTable>, 'id' | 'user_id'>;

/** One canvas placement as it is written: its outfit is given separately. */
export type Placement = Omit<OutfitItemRow, 'outfit_id'>;

/** The ids of the owner's outfits, as a subquery. */
function ownOutfitIds(db: Db, ownerId: string) {
  return db.selectFrom('outfits').select('id').where('user_id', '=', ownerId);
}

/** One of the owner's outfits, or undefined (also for an id no row can hold). */
export async function findOutfit(
  db: Db,
  ownerId: string,
  id: string,
): Promise<OutfitRow | undefined> {
  // PostgreSQL would refuse a NUL in the id.
  if (!isStorableText(id)) return undefined;
  return db
    .selectFrom('outfits')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of `ids` are the owner's outfits. */
export async function findOutfitIds(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<string[]> {
  const storable = ids.filter(isStorableText);
  if (storable.length === 0) return [];
  const rows = await db
    .selectFrom('outfits')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('id', 'in', storable)
    .execute();
  return rows.map((r) => r.id);
}

/** Every outfit of the owner, oldest first (then by id): the wardrobe's order. */
export async function listOutfits(db: Db, ownerId: string): Promise<OutfitRow[]> {
  return db
    .selectFrom('outfits')
    .selectAll()
    .where('user_id', '=', ownerId)
    .orderBy('date_created')
    .orderBy('id')
    .execute();
}

/** The owner's outfits counted by status. */
export async function countOutfitsByStatus(
  db: Db,
  ownerId: string,
): Promise<{ status: OutfitStatus | null; count: number }[]> {
  const rows = await db
    .selectFrom('outfits')
    .select((eb) => ['status', eb.fn.countAll<number | string | bigint>().as('n')])
    .where('user_id', '=', ownerId)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}

/** How many outfits the owner holds. */
export async function countOutfits(db: Db, ownerId: string): Promise<number> {
  const { n } = await db
    .selectFrom('outfits')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Add outfits to the owner's wardrobe (without their canvases: `insertCanvases`). */
export async function insertOutfits(
  db: Db,
  ownerId: string,
  rows: readonly Owned<Insertable<OutfitsTable>>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('outfits')
    .values(rows.map((row) => ({ ...row, user_id: ownerId })))
    .execute();
}

/** Change one of the owner's outfits; answers whether it was found. */
export async function updateOutfit(
  db: Db,
  ownerId: string,
  id: string,
  changes: OutfitChanges,
): Promise<boolean> {
  const set = callerColumns(changes, { id: true });
  if (Object.keys(set).length === 0) return (await findOutfit(db, ownerId, id)) !== undefined;
  if (!isStorableText(id)) return false;
  const result = await db
    .updateTable('outfits')
    .set(set)
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Change several of the owner's outfits the same way (one statement per IN_CHUNK ids); answers
 * how many were found. Run it in the caller's transaction when all or none must change.
 */
export async function updateOutfits(
  db: Db,
  ownerId: string,
  ids: readonly string[],
  changes: OutfitChanges,
): Promise<number> {
  const set = callerColumns(changes, { id: true });
  if (Object.keys(set).length === 0) return (await findOutfitIds(db, ownerId, ids)).length;
  let updated = 0;
  for (const chunk of chunks(ids.filter(isStorableText))) {
    const result = await db
      .updateTable('outfits')
      .set(set)
      .where('user_id', '=', ownerId)
      .where('id', 'in', chunk)
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  return updated;
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

/** Every canvas row of the owner's outfits, by outfit then position. */
export async function listCanvasRows(db: Db, ownerId: string): Promise<OutfitItemRow[]> {
  return db
    .selectFrom('outfit_items')
    .innerJoin('outfits', 'outfits.id', 'outfit_items.outfit_id')
    .selectAll('outfit_items')
    .where('outfits.user_id', '=', ownerId)
    .orderBy('outfit_items.outfit_id')
    .orderBy('outfit_items.position')
    .execute();
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
