import { NotFoundError } from '../errors.js';
import type { ServiceContext } from './context.js';
import { discardPhoto, photoOf } from './photos.js';

/** The column by which calendar entries and outfit canvases point at an item or an outfit. */
const REFERENCE = { clothes: 'clothing_id', outfits: 'outfit_id' } as const;

/**
 * Delete an item or an outfit and, in the same transaction, every trace of it: a day's display
 * item that pointed at it, its calendar entries and its outfit canvas rows (an item's places on
 * canvases, an outfit's own canvas). Its photos go once the rows are gone.
 */
export async function deleteWardrobeEntry(
  ctx: ServiceContext,
  table: keyof typeof REFERENCE,
  userId: string,
  id: string,
  notFound: string,
): Promise<void> {
  const reference = REFERENCE[table];
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom(table)
      .select(['image_key', 'thumb_key'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!found) throw new NotFoundError(notFound);
    await trx
      .deleteFrom('calendar_days')
      .where('user_id', '=', userId)
      .where('display_item', '=', id)
      .execute();
    await trx
      .deleteFrom('calendar_items')
      .where('user_id', '=', userId)
      .where(reference, '=', id)
      .execute();
    await trx.deleteFrom('outfit_items').where(reference, '=', id).execute();
    await trx.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).execute();
    return found;
  });
  await ctx.cache.invalidate(userId);
  await discardPhoto(ctx, photoOf(row));
}
