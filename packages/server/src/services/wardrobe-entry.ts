import { NotFoundError } from '../errors.js';
import { deleteWardrobeEntries } from '../repositories/wardrobe.js';
import type { ServiceContext } from './context.js';
import { discardPhoto, photoOf } from './photos.js';

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
  // An item's delete takes its wears and canvas places with it (WardrobeChange's `items`).
  await ctx.cache.invalidate(userId, table === 'clothes' ? { items: [id] } : 'wardrobe');
  await discardPhoto(ctx, photoOf(row));
}
