import { isStorableText } from '@hanger/domain';
import type { CalendarItemType, CalendarPut, WireCalendarEntry } from '@hanger/domain';
import type { Kysely } from 'kysely';
import { lockAccount } from '../db/account-lock.js';
import type { Database } from '../db/schema.js';
import { NotFoundError } from '../errors.js';
import type { ServiceContext } from './context.js';
import { assertCalendarRoomFor } from './quota.js';

const NOT_FOUND = 'The requested item was not found.';

async function ownedIds(
  db: Kysely<Database>,
  table: 'clothes' | 'outfits',
  userId: string,
  ids: string[],
): Promise<Set<string>> {
  // An id no row can hold is not owned (and PostgreSQL would refuse a NUL in it).
  const storable = ids.filter(isStorableText);
  if (storable.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', storable)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function readDay(
  db: Kysely<Database>,
  userId: string,
  day: string,
): Promise<WireCalendarEntry> {
  const [items, star] = await Promise.all([
    db
      .selectFrom('calendar_items')
      .select(['clothing_id', 'outfit_id'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('calendar_days')
      .select('display_item')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst(),
  ]);
  const entry: WireCalendarEntry = {
    clothes: items.flatMap((i) => (i.clothing_id ? [i.clothing_id] : [])),
    outfits: items.flatMap((i) => (i.outfit_id ? [i.outfit_id] : [])),
  };
  if (star) entry.display_item = star.display_item;
  return entry;
}

/**
 * PUT calendar/{date}: add items and outfits to the day and set or clear its display item. Ids are
 * only ever added: an id already on the day is left alone (insert-or-ignore against a unique key),
 * so two devices saving the same day at once both keep what they added. The quota of calendar
 * entries is counted under the account's lock, in the transaction that inserts, so that saves
 * sent at once cannot pass it together.
 */
export async function addToDay(
  ctx: ServiceContext,
  userId: string,
  day: string,
  put: CalendarPut,
): Promise<WireCalendarEntry> {
  // Sorted, so that concurrent saves take the unique-key locks in one order and cannot deadlock.
  const clothes = [...new Set(put.clothes)].sort();
  const outfits = [...new Set(put.outfits)].sort();
  const entry = await ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    await assertCalendarRoomFor(
      { db: trx, quota: ctx.quota },
      userId,
      clothes.length + outfits.length,
    );
    const [ownClothes, ownOutfits] = await Promise.all([
      ownedIds(trx, 'clothes', userId, clothes),
      ownedIds(trx, 'outfits', userId, outfits),
    ]);
    if (ownClothes.size !== clothes.length || ownOutfits.size !== outfits.length) {
      throw new NotFoundError(NOT_FOUND);
    }
    const rows = [
      ...clothes.map((id) => ({ user_id: userId, day, clothing_id: id, outfit_id: null })),
      ...outfits.map((id) => ({ user_id: userId, day, clothing_id: null, outfit_id: id })),
    ];
    if (rows.length > 0) {
      await trx
        .insertInto('calendar_items')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    if (put.display_item === null) {
      await trx
        .deleteFrom('calendar_days')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .execute();
    } else if (put.display_item !== undefined) {
      const starred = put.display_item;
      if (!isStorableText(starred)) throw new NotFoundError(NOT_FOUND);
      const onDay = await trx
        .selectFrom('calendar_items')
        .select('id')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .where((eb) => eb.or([eb('clothing_id', '=', starred), eb('outfit_id', '=', starred)]))
        .executeTakeFirst();
      // Only something worn that day can be its display item.
      if (!onDay) throw new NotFoundError(NOT_FOUND);
      await trx
        .insertInto('calendar_days')
        .values({ user_id: userId, day, display_item: starred })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ display_item: starred }))
        .execute();
    }
    return readDay(trx, userId, day);
  });
  await ctx.cache.invalidate(userId);
  return entry;
}

/** DELETE calendar/{date}/{itemId}: take one id off the day, and its star if it had it. */
export async function removeFromDay(
  ctx: ServiceContext,
  userId: string,
  day: string,
  itemId: string,
  itemType: CalendarItemType,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const column = itemType === 'clothes' ? 'clothing_id' : 'outfit_id';
    const result = await trx
      .deleteFrom('calendar_items')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where(column, '=', itemId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new NotFoundError(NOT_FOUND);
    await trx
      .deleteFrom('calendar_days')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('display_item', '=', itemId)
      .execute();
  });
  await ctx.cache.invalidate(userId);
}
