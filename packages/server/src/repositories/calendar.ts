import { isStorableText } from '@hanger/domain';
import type { Db } from './db.js';
import { ownsAll } from './ownership.js';

/**
 * The account's calendar (tables `calendar_items`, one item or outfit worn on a day, and
 * `calendar_days`, a day's display item). Day keys repeat across accounts, so every query names
 * the owner (repositories/README.md).
 */

/** One item or outfit worn on a day: exactly one of the two ids is set. */
export interface Wear {
  day: string;
  clothing_id: string | null;
  outfit_id: string | null;
}

/** What was worn on one of the owner's days, in the order it was added. */
export async function listDayWears(
  db: Db,
  ownerId: string,
  day: string,
): Promise<Pick<Wear, 'clothing_id' | 'outfit_id'>[]> {
  return db
    .selectFrom('calendar_items')
    .select(['clothing_id', 'outfit_id'])
    .where('user_id', '=', ownerId)
    .where('day', '=', day)
    .orderBy('id')
    .execute();
}

/** The display item of one of the owner's days, if one is starred. */
export async function findDayStar(
  db: Db,
  ownerId: string,
  day: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('calendar_days')
    .select('display_item')
    .where('user_id', '=', ownerId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.display_item;
}

/** Every wear of the owner, by day then in the order added. */
export async function listWears(db: Db, ownerId: string): Promise<Wear[]> {
  return db
    .selectFrom('calendar_items')
    .select(['day', 'clothing_id', 'outfit_id'])
    .where('user_id', '=', ownerId)
    .orderBy('day')
    .orderBy('id')
    .execute();
}

/** Every starred day of the owner. */
export async function listDayStars(
  db: Db,
  ownerId: string,
): Promise<{ day: string; display_item: string }[]> {
  return db
    .selectFrom('calendar_days')
    .select(['day', 'display_item'])
    .where('user_id', '=', ownerId)
    .execute();
}

/** The owner's wears from day `first` to day `last` (included). */
export async function listWearsBetween(
  db: Db,
  ownerId: string,
  first: string,
  last: string,
): Promise<Wear[]> {
  return db
    .selectFrom('calendar_items')
    .select(['day', 'clothing_id', 'outfit_id'])
    .where('user_id', '=', ownerId)
    .where('day', '>=', first)
    .where('day', '<=', last)
    .execute();
}

/** The owner's starred days from `first` to `last` (included). */
export async function listStarredDaysBetween(
  db: Db,
  ownerId: string,
  first: string,
  last: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('calendar_days')
    .select('day')
    .where('user_id', '=', ownerId)
    .where('day', '>=', first)
    .where('day', '<=', last)
    .execute();
  return rows.map((r) => r.day);
}

/** How many wears (calendar entries) the owner holds. */
export async function countWears(db: Db, ownerId: string): Promise<number> {
  const { n } = await db
    .selectFrom('calendar_items')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Add wears to the owner's calendar; a wear already there is left alone (insert-or-ignore against
 * the unique keys of migration 0002). When any wear names an item or outfit that is not the
 * owner's, nothing is written and it answers false.
 */
export async function insertWears(
  db: Db,
  ownerId: string,
  wears: readonly Wear[],
): Promise<boolean> {
  if (wears.length === 0) return true;
  const owned = await ownsAll(db, ownerId, {
    clothes: wears.flatMap((w) => (w.clothing_id ? [w.clothing_id] : [])),
    outfits: wears.flatMap((w) => (w.outfit_id ? [w.outfit_id] : [])),
  });
  if (!owned) return false;
  await db
    .insertInto('calendar_items')
    .values(wears.map((w) => ({ ...w, user_id: ownerId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/** Whether `id` (an item or an outfit) is worn on one of the owner's days. */
export async function isWornOn(db: Db, ownerId: string, day: string, id: string): Promise<boolean> {
  if (!isStorableText(id)) return false;
  const row = await db
    .selectFrom('calendar_items')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('day', '=', day)
    .where((eb) => eb.or([eb('clothing_id', '=', id), eb('outfit_id', '=', id)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Star `displayItem` on one of the owner's days (replacing its star). */
export async function starDay(db: Db, ownerId: string, day: string, displayItem: string) {
  await db
    .insertInto('calendar_days')
    .values({ user_id: ownerId, day, display_item: displayItem })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ display_item: displayItem }))
    .execute();
}

/** Star several of the owner's days at once (days that have no star yet). */
export async function insertDayStars(
  db: Db,
  ownerId: string,
  stars: readonly { day: string; display_item: string }[],
): Promise<void> {
  if (stars.length === 0) return;
  await db
    .insertInto('calendar_days')
    .values(stars.map((s) => ({ ...s, user_id: ownerId })))
    .execute();
}

/** Clear the star of one of the owner's days; with `displayItem`, only if it is that one. */
export async function clearDayStar(
  db: Db,
  ownerId: string,
  day: string,
  displayItem?: string,
): Promise<void> {
  let query = db.deleteFrom('calendar_days').where('user_id', '=', ownerId).where('day', '=', day);
  if (displayItem !== undefined) query = query.where('display_item', '=', displayItem);
  await query.execute();
}

/** Take one item or outfit off one of the owner's days; answers whether it was there. */
export async function deleteWear(
  db: Db,
  ownerId: string,
  day: string,
  kind: 'clothes' | 'outfits',
  id: string,
): Promise<boolean> {
  if (!isStorableText(id)) return false;
  const column = kind === 'clothes' ? 'clothing_id' : 'outfit_id';
  const result = await db
    .deleteFrom('calendar_items')
    .where('user_id', '=', ownerId)
    .where('day', '=', day)
    .where(column, '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
