import { isStorableText } from '@hanger/domain';
import { chunks, type Db } from './db.js';
import { listCanvasRows } from './outfits.js';
import { canvasesByOutfit } from './wardrobe.js';

/**
 * The account's "Not this" of What to wear (table `suggestion_feedback`, migration 0012). The key
 * is made of item ids, which can repeat across accounts, so every statement names the owner.
 */

/** The owner's "Not this" still in force on `day` (until on or after it). */
export async function listLiveFeedback(
  db: Db,
  ownerId: string,
  day: string,
): Promise<{ key: string; until: string }[]> {
  const rows = await db
    .selectFrom('suggestion_feedback')
    .select(['item_key', 'until'])
    .where('user_id', '=', ownerId)
    .where('until', '>=', day)
    .orderBy('item_key')
    .execute();
  return rows.map((r) => ({ key: r.item_key, until: r.until }));
}

/**
 * Record a "Not this" of the owner's (a second one for the same pieces moves its day), and sweep
 * the owner's rows that ended before `today`.
 */
export async function saveFeedback(
  db: Db,
  ownerId: string,
  key: string,
  until: string,
  today: string,
): Promise<void> {
  await db
    .deleteFrom('suggestion_feedback')
    .where('user_id', '=', ownerId)
    .where((eb) => eb.or([eb('until', '<', today), eb('item_key', '=', key)]))
    .execute();
  await db
    .insertInto('suggestion_feedback')
    .values({ user_id: ownerId, item_key: key, until })
    .execute();
}

/** The item columns What to wear reads (services/serialize.ts SuggestionItemRow). */
const SUGGESTION_ITEM_COLUMNS = [
  'id',
  'category',
  'sub_category_id',
  'status',
  'date_created',
  'price',
  'currency',
  'converted_price',
  'manual_times_worn',
  'colors',
] as const;

/**
 * The owner's items and outfits as What to wear reads them (docs/suggestions.md): of the items
 * only the columns the suggestions use (no photo keys, no notes), of the outfits their canvases.
 * Reading the whole wardrobe (every column, every photo URL signed) was most of a kept
 * preparation's cost after a write. The calendar's wears are listWears.
 */
export async function readSuggestionRecords(db: Db, ownerId: string) {
  const [items, outfits, placements] = await Promise.all([
    db
      .selectFrom('clothes')
      .select(SUGGESTION_ITEM_COLUMNS)
      .where('user_id', '=', ownerId)
      .orderBy('date_created')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('outfits')
      .select(['id', 'date_created'])
      .where('user_id', '=', ownerId)
      .orderBy('date_created')
      .orderBy('id')
      .execute(),
    listCanvasRows(db, ownerId),
  ]);
  return { items, outfits, canvases: canvasesByOutfit(placements) };
}

/**
 * Those of `ids` that the owner holds, with the columns readSuggestionRecords reads: the items a
 * write changed, read again into kept records (services/suggestions.ts). An id deleted, or another
 * account's, is not answered.
 */
export async function readSuggestionItems(db: Db, ownerId: string, ids: readonly string[]) {
  const found = [];
  for (const chunk of chunks(ids.filter(isStorableText))) {
    found.push(
      ...(await db
        .selectFrom('clothes')
        .select(SUGGESTION_ITEM_COLUMNS)
        .where('user_id', '=', ownerId)
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return found;
}

/**
 * Those of `ids` that the owner holds, as readSuggestionRecords reads its outfits (each one's
 * creation and canvas): the outfits a write changed, read again into kept records
 * (services/suggestions.ts). An id deleted, or another account's, is not answered.
 */
export async function readSuggestionOutfits(db: Db, ownerId: string, ids: readonly string[]) {
  const outfits = [];
  const placements = [];
  for (const chunk of chunks(ids.filter(isStorableText))) {
    outfits.push(
      ...(await db
        .selectFrom('outfits')
        .select(['id', 'date_created'])
        .where('user_id', '=', ownerId)
        .where('id', 'in', chunk)
        .execute()),
    );
    placements.push(...(await listCanvasRows(db, ownerId, chunk)));
  }
  return { outfits, canvases: canvasesByOutfit(placements) };
}
