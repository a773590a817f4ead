import type { CalendarItemType, CalendarPut, WireCalendarEntry } from '@hanger/domain';
import { lockAccount } from '../db/account-lock.js';
import { NotFoundError } from '../errors.js';
import {
  clearDayStar,
  deleteWear,
  findDayStar,
  insertWears,
  isWornOn,
  listDayWears,
  starDay,
} from '../repositories/calendar.js';
import type { Db } from '../repositories/db.js';
import type { ServiceContext } from './context.js';
import { assertCalendarRoomFor } from './quota.js';

const NOT_FOUND = 'The requested item was not found.';

export async function readDay(db: Db, userId: string, day: string): Promise<WireCalendarEntry> {
  const [items, star] = await Promise.all([
    listDayWears(db, userId, day),
    findDayStar(db, userId, day),
  ]);
  const entry: WireCalendarEntry = {
    clothes: items.flatMap((i) => (i.clothing_id ? [i.clothing_id] : [])),
    outfits: items.flatMap((i) => (i.outfit_id ? [i.outfit_id] : [])),
  };
  if (star !== undefined) entry.display_item = star;
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
    // Only the account's own items and outfits can be worn (else nothing is written).
    const wears = [
      ...clothes.map((id) => ({ day, clothing_id: id, outfit_id: null })),
      ...outfits.map((id) => ({ day, clothing_id: null, outfit_id: id })),
    ];
    if (!(await insertWears(trx, userId, wears))) throw new NotFoundError(NOT_FOUND);

    if (put.display_item === null) {
      await clearDayStar(trx, userId, day);
    } else if (put.display_item !== undefined) {
      const starred = put.display_item;
      // Only something worn that day can be its display item.
      if (!(await isWornOn(trx, userId, day, starred))) throw new NotFoundError(NOT_FOUND);
      await starDay(trx, userId, day, starred);
    }
    return readDay(trx, userId, day);
  });
  await ctx.cache.invalidate(userId, 'calendar');
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
    if (!(await deleteWear(trx, userId, day, itemType, itemId))) throw new NotFoundError(NOT_FOUND);
    await clearDayStar(trx, userId, day, itemId);
  });
  await ctx.cache.invalidate(userId, 'calendar');
}
