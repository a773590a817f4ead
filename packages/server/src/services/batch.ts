import { coloursToText, hasSubcategory, settingsFromWire } from '@hanger/domain';
import type {
  ItemBatchUpdates,
  OutfitUpdates,
  WireItemBatchPatch,
  WireItemPatch,
  WireOutfitBatchPatch,
} from '@hanger/domain';
import { NotFoundError, ValidationError } from '../errors.js';
import { findItemStatuses, updateItems } from '../repositories/clothes.js';
import type { ItemChanges } from '../repositories/clothes.js';
import { findOutfitIds, updateOutfits } from '../repositories/outfits.js';
import { deleteWardrobeEntries } from '../repositories/wardrobe.js';
import type { ServiceContext } from './context.js';
import { discardPhoto, photoOf } from './photos.js';
import { readSettings } from './settings.js';
import { deletedRecords } from './wardrobe-entry.js';

/**
 * The batch calls of "Select many" (docs/select-many.md): one change to many items or outfits,
 * in one transaction, all or nothing. One id the user does not hold (missing, or another
 * account's) refuses the whole call with docs/spec.md §8's not-found answer, and nothing changes.
 */

const NOT_FOUND = 'The requested item was not found.';

/** PATCH clothes: `updates` on every item of `ids`; answers each item's changed fields. */
export async function batchUpdateItems(
  ctx: ServiceContext,
  userId: string,
  ids: readonly string[],
  updates: ItemBatchUpdates,
): Promise<WireItemBatchPatch> {
  const { colors, ...fields } = updates;
  const changes = await ctx.db.transaction().execute(async (trx) => {
    const found = await findItemStatuses(trx, userId, ids);
    if (found.length !== ids.length) throw new NotFoundError(NOT_FOUND);
    const category = new Map(found.map((r) => [r.id, r.category]));

    const set: ItemChanges = { ...fields };
    if (colors !== undefined) {
      set.colors = coloursToText(colors);
      set.colors_source = 'user';
    }
    const shown: WireItemPatch = { ...fields };
    if (colors !== undefined) shown.colors = colors && colors.length > 0 ? colors : null;

    // A subcategory named must exist in the category every item will have.
    if (fields.sub_category_id) {
      const categories = new Set(fields.category ? [fields.category] : category.values());
      const settings = settingsFromWire(await readSettings(trx, userId));
      for (const c of categories) {
        if (!hasSubcategory(settings, c, fields.sub_category_id))
          throw new ValidationError('Unknown subcategory for this category');
      }
    }
    // A new category without a subcategory: the items that change category lose theirs.
    const moved =
      fields.category && !('sub_category_id' in fields)
        ? ids.filter((id) => category.get(id) !== fields.category)
        : [];
    const stay = moved.length > 0 ? ids.filter((id) => category.get(id) === fields.category) : ids;
    if (Object.keys(set).length > 0) {
      if (stay.length > 0) await updateItems(trx, userId, stay, set);
      if (moved.length > 0)
        await updateItems(trx, userId, moved, { ...set, sub_category_id: null });
    }
    const movedSet = new Set(moved);
    return ids.map((id) => ({
      id,
      patch: movedSet.has(id) ? { ...shown, sub_category_id: null } : { ...shown },
    }));
  });
  if (Object.keys(updates).length > 0) await ctx.cache.invalidate(userId, { items: ids });
  return { changes };
}

/** PATCH outfits: `updates` on every outfit of `ids`; answers each outfit's changed fields. */
export async function batchUpdateOutfits(
  ctx: ServiceContext,
  userId: string,
  ids: readonly string[],
  updates: OutfitUpdates,
): Promise<WireOutfitBatchPatch> {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await findOutfitIds(trx, userId, ids);
    if (found.length !== ids.length) throw new NotFoundError(NOT_FOUND);
    if (Object.keys(updates).length > 0) await updateOutfits(trx, userId, ids, updates);
  });
  if (Object.keys(updates).length > 0) await ctx.cache.invalidate(userId, { outfits: ids });
  return { changes: ids.map((id) => ({ id, patch: { ...updates } })) };
}

/**
 * DELETE clothes or DELETE outfits: every record of `ids` with its traces (as one delete does,
 * services/wardrobe-entry.ts); the photos go once the rows are gone.
 */
export async function batchDelete(
  ctx: ServiceContext,
  table: 'clothes' | 'outfits',
  userId: string,
  ids: readonly string[],
): Promise<void> {
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const gone = await deleteWardrobeEntries(trx, userId, table, ids);
    // Throwing rolls back the rows already deleted: all or nothing.
    if (gone.length !== ids.length) throw new NotFoundError(NOT_FOUND);
    return gone;
  });
  await ctx.cache.invalidate(userId, deletedRecords(table, ids));
  for (const row of rows) await discardPhoto(ctx, photoOf(row));
}
