import { isStorableText } from '@hanger/domain';
import type { ItemStatus, WireCategory } from '@hanger/domain';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ClothesRow, Database } from '../db/schema.js';
import { callerColumns, chunks, type Db } from './db.js';
import { ownedRecords, type RecordChanges } from './records.js';

/**
 * The account's items (table `clothes`). Every function takes the owner's id first and reads or
 * writes only that account's rows (repositories/README.md).
 */

/** The fields a write may change; an item never changes id or owner. */
export type ItemChanges = RecordChanges<'clothes'>;

const items = ownedRecords('clothes');

/** One of the owner's items, or undefined (also for an id no row can hold). */
export const findItem = items.find;
/** Every item of the owner, oldest first (then by id): the wardrobe's order. */
export const listItems = items.list;
/** The owner's items counted by status. */
export const countItemsByStatus = items.countByStatus;
/** How many items the owner holds. */
export const countItems = items.count;
/** Add items to the owner's wardrobe (several rows in one statement). */
export const insertItems = items.insert;
/** Change one of the owner's items; answers whether it was found. */
export const updateItem = items.update;
/**
 * Change several of the owner's items the same way (one statement per IN_CHUNK ids); answers how
 * many were found. Run it in the caller's transaction when all or none must change.
 */
export const updateItems = items.updateMany;

/**
 * Which of `ids` are the owner's items, with their status and category (ids no row can hold are
 * skipped). Long lists are read in chunks of IN_CHUNK.
 */
export async function findItemStatuses(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<{ id: string; status: ItemStatus | null; category: WireCategory }[]> {
  const storable = ids.filter(isStorableText);
  const found: { id: string; status: ItemStatus | null; category: WireCategory }[] = [];
  for (const chunk of chunks(storable)) {
    found.push(
      ...(await db
        .selectFrom('clothes')
        .select(['id', 'status', 'category'])
        .where('user_id', '=', ownerId)
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return found;
}

/** A page of the owner's items, newest first (then by id). */
export async function listNewestItems(
  db: Db,
  ownerId: string,
  limit: number,
  offset: number,
): Promise<ClothesRow[]> {
  return db
    .selectFrom('clothes')
    .selectAll()
    .where('user_id', '=', ownerId)
    .orderBy('date_created', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The owner's items created at exactly `dateCreated`. */
export async function listItemsCreatedAt(
  db: Db,
  ownerId: string,
  dateCreated: string,
): Promise<ClothesRow[]> {
  return db
    .selectFrom('clothes')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('date_created', '=', dateCreated)
    .execute();
}

/** Whether some item of the owner has a creation time that does not match the LIKE `pattern`. */
export async function hasItemCreatedUnlike(
  db: Db,
  ownerId: string,
  pattern: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('clothes')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('date_created', 'not like', pattern)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner's items that have a price or a sold price, with those columns. */
export async function listPricedItems(db: Db, ownerId: string) {
  return db
    .selectFrom('clothes')
    .select([
      'id',
      'price',
      'currency',
      'sold_price',
      'sold_currency',
      'converted_price',
      'converted_sold_price',
    ])
    .where('user_id', '=', ownerId)
    .where((eb) => eb.or([eb('price', 'is not', null), eb('sold_price', 'is not', null)]))
    .execute();
}

/**
 * Change one of the owner's items only while its queued cut-out is still `token`
 * (`cutout_token`, docs/cutouts.md): a job's result lands in one statement, or not at all when the
 * photo was replaced, restored or queued again meanwhile. Answers whether it landed.
 */
export async function updateItemForCutout(
  db: Db,
  ownerId: string,
  id: string,
  token: string,
  changes: ItemChanges,
): Promise<boolean> {
  const set = callerColumns(changes, { id: true });
  return updateItemWhere(db, ownerId, id, set, (eb) => eb('cutout_token', '=', token));
}

/**
 * Change one of the owner's items only where `guard` holds of it too, in one statement; answers
 * whether it changed (never for an empty change).
 */
async function updateItemWhere(
  db: Db,
  ownerId: string,
  id: string,
  set: ItemChanges,
  guard: (eb: ExpressionBuilder<Database, 'clothes'>) => Expression<SqlBool>,
): Promise<boolean> {
  if (!isStorableText(id) || Object.keys(set).length === 0) return false;
  const result = await db
    .updateTable('clothes')
    .set(set)
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .where(guard)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Take a subcategory that is gone off the owner's items of `category` that had it. */
export async function clearSubcategories(
  db: Db,
  ownerId: string,
  category: WireCategory,
  subcategoryIds: readonly string[],
): Promise<void> {
  if (subcategoryIds.length === 0) return;
  await db
    .updateTable('clothes')
    .set({ sub_category_id: null })
    .where('user_id', '=', ownerId)
    .where('category', '=', category)
    .where('sub_category_id', 'in', subcategoryIds)
    .execute();
}

/** An item whose colours have not been looked for yet, with its owner and photo keys. */
export type ItemAwaitingColours = Pick<ClothesRow, 'id' | 'user_id' | 'image_key' | 'thumb_key'>;

/**
 * Across accounts by design: the colour backfill's sweep (services/colour-backfill.ts) over every
 * account's items whose colours were never looked for (`colors_source` NULL), the first `limit`
 * in id order. No cursor is needed: each item leaves this set once its colours are written, so the
 * next call starts where the last one stopped. It only lists; each write names its owner
 * (setFoundColours).
 */
export async function sweepItemsAwaitingColours(
  db: Db,
  limit: number,
): Promise<ItemAwaitingColours[]> {
  return db
    .selectFrom('clothes')
    .select(['id', 'user_id', 'image_key', 'thumb_key'])
    .where('colors_source', 'is', null)
    .orderBy('id')
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/**
 * Colours found automatically for one of the owner's items, written as 'auto' where the item's
 * colour source is null (never looked at) or, with `overAuto`, also 'auto' (found before); a
 * person's choice ('user') is never written over. Answers whether they were written.
 */
async function writeFoundColours(
  db: Db,
  ownerId: string,
  id: string,
  colors: string | null,
  overAuto: boolean,
): Promise<boolean> {
  return updateItemWhere(db, ownerId, id, { colors, colors_source: 'auto' }, (eb) =>
    overAuto
      ? eb.or([eb('colors_source', 'is', null), eb('colors_source', '=', 'auto')])
      : eb('colors_source', 'is', null),
  );
}

/**
 * Colours found automatically for one of the owner's items, written only while none were set
 * (a person's choice, or a photo replaced meanwhile, wins); answers whether they were written.
 */
export async function setFoundColours(
  db: Db,
  ownerId: string,
  id: string,
  colors: string | null,
): Promise<boolean> {
  return writeFoundColours(db, ownerId, id, colors, false);
}

/**
 * Colours found automatically from a newer picture of one of the owner's items (its cut-out),
 * written unless a person chose the item's colours; answers whether they were written.
 */
export async function replaceFoundColours(
  db: Db,
  ownerId: string,
  id: string,
  colors: string | null,
): Promise<boolean> {
  return writeFoundColours(db, ownerId, id, colors, true);
}
