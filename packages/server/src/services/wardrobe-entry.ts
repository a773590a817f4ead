import { NotFoundError } from '../errors.js';
import { deleteWardrobeEntries } from '../repositories/wardrobe.js';
import type { ServiceContext } from './context.js';
import { discardPhoto, photoOf } from './photos.js';
import type { WardrobeChange } from './wardrobe-cache.js';

/**
 * What a delete of `ids` from `table` changed, for the wardrobe cache: those items (with their
 * wears and canvas places) or those outfits (with their canvases and calendar entries).
 */
export const deletedRecords = (
  table: 'clothes' | 'outfits',
  ids: readonly string[],
): WardrobeChange => (table === 'clothes' ? { items: ids } : { outfits: ids });

/**
 * Delete an item or an outfit and, in the same transaction, every trace of it: a day's display
 * item that pointed at it, its calendar entries, its outfit canvas rows (an item's places on
 * canvases, an outfit's own canvas) and its collection entries. Its photos go once the rows are
 * gone.
 */
export async function deleteWardrobeEntry(
  ctx: ServiceContext,
  table: 'clothes' | 'outfits',
  userId: string,
  id: string,
  notFound: string,
): Promise<void> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const [found] = await deleteWardrobeEntries(trx, userId, table, [id]);
    if (!found) throw new NotFoundError(notFound);
    return found;
  });
  await ctx.cache.invalidate(userId, deletedRecords(table, [id]));
  await discardPhoto(ctx, photoOf(row));
}
