import { randomUUID } from 'node:crypto';
import { isStorableText } from '@hanger/domain';
import type {
  NewOutfitFields,
  OutfitUpdates,
  WireCanvasEntry,
  WireOutfit,
  WireOutfitPatch,
} from '@hanger/domain';
import { lockAccount } from '../db/account-lock.js';
import type { OutfitItemRow, OutfitRow } from '../db/schema.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { findItemStatuses, updateItem } from '../repositories/clothes.js';
import type { Db, Owned } from '../repositories/db.js';
import {
  findOutfit,
  insertOutfits,
  readCanvas,
  replaceCanvas,
  updateOutfit as updateOutfitRow,
} from '../repositories/outfits.js';
import type { ServiceContext } from './context.js';
import { claimKey, keyedCreate, requestClaim } from './idempotency.js';
import type { IdempotencyClaim } from './idempotency.js';
import { discardPhoto, photoColumns, photoOf, storePhoto, withPhoto } from './photos.js';
import { assertRoomFor } from './quota.js';
import { outfitToWire } from './serialize.js';
import { deleteWardrobeEntry } from './wardrobe-entry.js';

// docs/spec.md §8's text, as for every other missing (or another user's) id.
const NOT_FOUND = 'The requested item was not found.';
const NO_ITEMS = 'None of the outfit’s items exist any more.';

/**
 * The canvas as it will be stored: entries only for the user's items that still exist (docs/spec.md
 * §5), each item once; plus whether any of them is on the wishlist.
 */
async function resolveCanvas(
  db: Db,
  userId: string,
  canvas: WireCanvasEntry[],
): Promise<{ entries: WireCanvasEntry[]; hasWishlistItem: boolean }> {
  // Ids no row can hold are missing items: dropped like any other (docs/spec.md §5).
  const ids = [...new Set(canvas.map((e) => e.clothing_id))].filter(isStorableText);
  if (ids.length === 0) return { entries: [], hasWishlistItem: false };
  const items = await findItemStatuses(db, userId, ids);
  const status = new Map(items.map((i) => [i.id, i.status]));
  const seen = new Set<string>();
  const entries = canvas.filter((e) => {
    if (!status.has(e.clothing_id) || seen.has(e.clothing_id)) return false;
    seen.add(e.clothing_id);
    return true;
  });
  return {
    entries,
    hasWishlistItem: entries.some((e) => status.get(e.clothing_id) === 'wishlist'),
  };
}

/**
 * POST outfit: a new outfit, or (with `id`) a new image and canvas for an existing one. An outfit
 * holding any wishlist item is itself on the wishlist. Each placed item remembers the scale it
 * was given, so the composer starts it at that size next time.
 */
export async function saveOutfit(
  ctx: ServiceContext,
  userId: string,
  fields: NewOutfitFields,
  photoBytes: Buffer,
  idempotencyKey?: string,
): Promise<{ outfit: WireOutfit; created: boolean }> {
  // A replace (with `id`) is a repeatable request already: the key only guards a new outfit.
  if (fields.id) return storeOutfit(ctx, userId, fields, photoBytes, undefined);
  const claim = requestClaim(idempotencyKey, fields, photoBytes);
  return keyedCreate(
    ctx,
    userId,
    claim,
    'outfit',
    () => storeOutfit(ctx, userId, fields, photoBytes, claim),
    async (id) => ({ outfit: await keyedOutfit(ctx, userId, id), created: true }),
  );
}

/** The outfit a repeated create answers, as it is now (404 if it was deleted since). */
async function keyedOutfit(ctx: ServiceContext, userId: string, id: string): Promise<WireOutfit> {
  const row = await findOutfit(ctx.db, userId, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  const canvas = await readCanvas(ctx.db, userId, id);
  return outfitToWire(await ctx.media.capabilityFor(userId), row, canvas);
}

async function storeOutfit(
  ctx: ServiceContext,
  userId: string,
  fields: NewOutfitFields,
  photoBytes: Buffer,
  claim: IdempotencyClaim | undefined,
): Promise<{ outfit: WireOutfit; created: boolean }> {
  // Refuse what is bound to fail before spending a second on the photo.
  if (fields.id && !(await findOutfit(ctx.db, userId, fields.id)))
    throw new NotFoundError(NOT_FOUND);
  if ((await resolveCanvas(ctx.db, userId, fields.canvas_data)).entries.length === 0) {
    throw new ValidationError(NO_ITEMS);
  }
  if (!fields.id) await assertRoomFor(ctx, userId);

  // The photo's keys are named after the outfit (a new photo of an existing one gets a version).
  const newId = randomUUID();
  const photo = await storePhoto(ctx, userId, photoBytes, {
    id: fields.id || newId,
    replacing: !!fields.id,
  });
  const { row, canvas, previous } = await withPhoto(ctx, photo, () =>
    ctx.db.transaction().execute(async (trx) => {
      if (!fields.id) {
        // Under the account's lock: a repeat of the key, then the quota, checked again.
        await lockAccount(trx, userId);
        if (claim) await claimKey(trx, userId, claim, 'outfit', newId);
        await assertRoomFor({ db: trx, quota: ctx.quota }, userId);
      }
      const { entries, hasWishlistItem } = await resolveCanvas(trx, userId, fields.canvas_data);
      if (entries.length === 0) throw new ValidationError(NO_ITEMS);

      const existing = fields.id ? await findOutfit(trx, userId, fields.id) : undefined;
      if (fields.id && !existing) throw new NotFoundError(NOT_FOUND);
      // A status that only followed from a wishlist item does not outlive that item.
      const kept = existing?.status === 'wishlist' ? null : (existing?.status ?? null);
      const status = hasWishlistItem ? 'wishlist' : (fields.status ?? kept ?? 'outfits');

      const outfit: Owned<OutfitRow> = {
        id: existing?.id ?? newId,
        ...photoColumns(photo),
        status,
        date_created: existing?.date_created ?? new Date().toISOString(),
        manual_times_worn: existing?.manual_times_worn ?? null,
      };
      if (existing) {
        await updateOutfitRow(trx, userId, outfit.id, { ...photoColumns(photo), status });
      } else {
        await insertOutfits(trx, userId, [outfit]);
      }

      const placed: OutfitItemRow[] = entries.map((e, position) => ({
        outfit_id: outfit.id,
        position,
        clothing_id: e.clothing_id,
        x: e.x,
        y: e.y,
        scale: e.scale,
        rotation: e.rotation,
      }));
      await replaceCanvas(trx, userId, outfit.id, placed);
      for (const p of placed) await updateItem(trx, userId, p.clothing_id, { scale: p.scale });
      return { row: outfit, canvas: placed, previous: existing };
    }),
  );

  if (previous) await discardPhoto(ctx, photoOf(previous));
  // The outfit, and the items on its canvas (their scale).
  await ctx.cache.invalidate(userId, {
    outfits: [row.id],
    items: canvas.map((p) => p.clothing_id),
  });
  const capability = await ctx.media.capabilityFor(userId);
  return { outfit: outfitToWire(capability, row, canvas), created: !previous };
}

/** PATCH outfits/{id}: answers the changed fields (null for cleared ones). */
export async function updateOutfit(
  ctx: ServiceContext,
  userId: string,
  id: string,
  updates: OutfitUpdates,
): Promise<WireOutfitPatch> {
  if (Object.keys(updates).length === 0) {
    if (!(await findOutfit(ctx.db, userId, id))) throw new NotFoundError(NOT_FOUND);
    return {};
  }
  if (!(await updateOutfitRow(ctx.db, userId, id, updates))) throw new NotFoundError(NOT_FOUND);
  await ctx.cache.invalidate(userId, { outfits: [id] });
  return { ...updates };
}

/** Delete an outfit with its canvas, its calendar entries and the day stars on it. */
export async function deleteOutfit(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  await deleteWardrobeEntry(ctx, 'outfits', userId, id, NOT_FOUND);
}
