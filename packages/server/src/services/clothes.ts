import { randomUUID } from 'node:crypto';
import {
  colourNamesOfPixels,
  coloursToText,
  hasSubcategory,
  missingPriceCurrencies,
  settingsFromWire,
} from '@hanger/domain';
import type { ItemUpdates, NewItemFields, WireItem, WireItemPatch } from '@hanger/domain';
import { lockAccount } from '../db/account-lock.js';
import type { ClothesRow } from '../db/schema.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { findItem, insertItems, updateItem as updateItemRow } from '../repositories/clothes.js';
import type { ItemChanges } from '../repositories/clothes.js';
import type { Db, Owned } from '../repositories/db.js';
import type { ServiceContext } from './context.js';
import { claimKey, keyedCreate, requestClaim } from './idempotency.js';
import type { IdempotencyClaim } from './idempotency.js';
import {
  cutoutFilesOf,
  cutoutWanted,
  enqueueCutout,
  originalOf,
  pendingColumns,
  photoPatch,
  readBlob,
} from './cutouts.js';
import {
  discardPhoto,
  photoColumns,
  storePhoto,
  withPhoto,
  type StoredPhoto,
  type StoredUpload,
} from './photos.js';
import { assertRoomFor } from './quota.js';
import { convertedColumns, type ConvertedColumns } from './prices.js';
import { itemToWire } from './serialize.js';
import { readSettings } from './settings.js';
import { deleteWardrobeEntry } from './wardrobe-entry.js';

const NOT_FOUND = 'The requested item was not found.';

async function ownedItem(db: Db, userId: string, id: string): Promise<ClothesRow> {
  const row = await findItem(db, userId, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/**
 * Add an item: its fields are checked before the photo is processed, the photo before the row. The
 * quota is checked first, and again under the account's lock in the insert's transaction, so that
 * creates sent at once cannot pass it together. With an `idempotencyKey` (header Idempotency-Key),
 * a repeat answers the item the key made first (404 if it was deleted since) and creates nothing;
 * the key sent with different fields or another photo is refused (422).
 */
export async function createItem(
  ctx: ServiceContext,
  userId: string,
  fields: NewItemFields,
  photoBytes: Buffer,
  idempotencyKey?: string,
): Promise<WireItem> {
  const claim = requestClaim(idempotencyKey, fields, photoBytes);
  return keyedCreate(
    ctx,
    userId,
    claim,
    'item',
    () => insertItem(ctx, userId, fields, photoBytes, claim),
    async (id) =>
      itemToWire(await ctx.media.capabilityFor(userId), await ownedItem(ctx.db, userId, id)),
  );
}

async function insertItem(
  ctx: ServiceContext,
  userId: string,
  fields: NewItemFields,
  photoBytes: Buffer,
  claim: IdempotencyClaim | undefined,
): Promise<WireItem> {
  const settings = await readSettings(ctx.db, userId);
  if (
    fields.sub_category_id &&
    !hasSubcategory(settingsFromWire(settings), fields.category, fields.sub_category_id)
  ) {
    throw new ValidationError('Unknown subcategory for this category');
  }
  await assertRoomFor(ctx, userId);
  const id = randomUUID();
  const photo = await storePhoto(ctx, userId, photoBytes, { id });
  const pending = (await cutoutWanted(ctx, userId)) ? pendingColumns() : undefined;
  const row: Owned<ClothesRow> = {
    id,
    ...photoColumns(photo),
    category: fields.category,
    sub_category_id: fields.sub_category_id ?? null,
    status: fields.status,
    source: fields.source ?? null,
    brand: fields.brand ?? null,
    date_created: new Date().toISOString(),
    date_obtained: fields.date_obtained ?? null,
    date_archived: fields.date_archived ?? null,
    price: fields.price ?? null,
    currency: fields.currency ?? null,
    sold_price: fields.sold_price ?? null,
    sold_currency: fields.sold_currency ?? null,
    manual_times_worn: fields.manual_times_worn ?? null,
    scale: fields.scale ?? null,
    converted_price: null,
    converted_sold_price: null,
    // Found from the photo just processed (a few ms on its 128 px sample): README, "Colours".
    colors: coloursToText(colourNamesOfPixels(photo.sample)),
    colors_source: 'auto',
    ...pending,
  };
  // A price sent without its currency is in the user's currency of today, and says so.
  Object.assign(row, missingPriceCurrencies(row, settings.currency));
  Object.assign(row, convertedColumns(ctx.prices, row, settings.currency));
  await withPhoto(ctx, photo, () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, userId);
      if (claim) await claimKey(trx, userId, claim, 'item', row.id);
      await assertRoomFor({ db: trx, quota: ctx.quota }, userId);
      await insertItems(trx, userId, [row]);
    }),
  );
  await ctx.cache.invalidate(userId, { items: [id] });
  if (pending) await enqueueCutout(ctx, userId, id, pending.cutout_token);
  return itemToWire(await ctx.media.capabilityFor(userId), row);
}

const PRICE_FIELDS = new Set(['price', 'currency', 'sold_price', 'sold_currency']);

/**
 * Apply the `updates` of PATCH clothes/{id}; answers the changed fields (null for cleared ones),
 * with the converted prices when a price field changed. A price left without a currency (none
 * sent, none stored, or the currency cleared) gets the user's currency, as on POST clothes.
 */
export async function updateItem(
  ctx: ServiceContext,
  userId: string,
  id: string,
  updates: ItemUpdates,
): Promise<WireItemPatch> {
  const { colors, ...fieldUpdates } = updates;
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const row = await ownedItem(trx, userId, id);
    const set: Omit<ItemUpdates, 'colors'> & Partial<ConvertedColumns> = { ...fieldUpdates };
    const next: ClothesRow = { ...row, ...set };
    const touchesPrices = Object.keys(updates).some((k) => PRICE_FIELDS.has(k));
    const touchesSubcategory = 'category' in updates || 'sub_category_id' in updates;
    if (touchesPrices || touchesSubcategory) {
      const settings = await readSettings(trx, userId);
      if (
        touchesSubcategory &&
        next.sub_category_id &&
        !hasSubcategory(settingsFromWire(settings), next.category, next.sub_category_id)
      ) {
        // A subcategory named in the request must exist; one left over from the old category goes.
        if ('sub_category_id' in updates)
          throw new ValidationError('Unknown subcategory for this category');
        set.sub_category_id = null;
      }
      if (touchesPrices) {
        const currencies = missingPriceCurrencies(next, settings.currency);
        Object.assign(set, currencies);
        Object.assign(next, currencies);
        Object.assign(set, convertedColumns(ctx.prices, next, settings.currency));
      }
    }
    // A person's choice of colours, even none, is kept from then on: automatic runs skip it.
    const colourColumns =
      colors === undefined ? {} : { colors: coloursToText(colors), colors_source: 'user' as const };
    if (Object.keys(set).length > 0 || colors !== undefined)
      await updateItemRow(trx, userId, id, { ...set, ...colourColumns });
    return colors === undefined
      ? set
      : { ...set, colors: colors && colors.length > 0 ? colors : null };
  });
  if (Object.keys(changed).length > 0) await ctx.cache.invalidate(userId, { items: [id] });
  return changed;
}

/**
 * PATCH clothes/{id}/image (docs/cutouts.md): `image` alone replaces the photo and drops any
 * cut-out (queueing a new one when the user's setting is on); `cutout` alone keeps the original
 * and stores the edited cut-out (a PNG or WebP with alpha of the original's pixel size); both
 * store an edited pair. Every file is checked and stored before the row changes, in one update;
 * the old files go only once it is committed.
 */
export async function replaceItemImage(
  ctx: ServiceContext,
  userId: string,
  id: string,
  files: { image?: Buffer; cutout?: Buffer },
): Promise<WireItemPatch> {
  if (!files.image && !files.cutout)
    throw new ValidationError('An image file is required in field "image" (or "cutout")');
  const before = await ownedItem(ctx.db, userId, id);
  const { checkCutoutFile } = await import('../photos/images.js');

  // The original the cut-out goes with: the new photo, or the one the item keeps. A cut-out of
  // the kept original is checked before anything is stored.
  let original: StoredPhoto = originalOf(before);
  let newOriginal: StoredUpload | undefined;
  if (files.cutout && !files.image)
    await checkCutoutFile(files.cutout, await storedSize(ctx, original));

  const written: StoredPhoto[] = [];
  try {
    if (files.image) {
      newOriginal = await storePhoto(ctx, userId, files.image, { id, replacing: true });
      written.push(newOriginal);
      original = newOriginal;
    }
    let cutout: StoredUpload | undefined;
    if (files.cutout) {
      // The stored original's size: what the Restore brush lines up with.
      if (newOriginal) await checkCutoutFile(files.cutout, await storedSize(ctx, newOriginal));
      cutout = await storePhoto(ctx, userId, files.cutout, { id, replacing: true });
      written.push(cutout);
    }

    let changes: ItemChanges;
    let queued: string | undefined;
    if (cutout) {
      changes = {
        ...photoColumns(cutout),
        original_key: original.image,
        original_thumb_key: original.thumbnail,
        cutout_state: 'done',
        cutout_token: null,
        cutout_error: null,
        cutout_updated_at: new Date().toISOString(),
      };
    } else {
      const pending = (await cutoutWanted(ctx, userId)) ? pendingColumns() : undefined;
      queued = pending?.cutout_token;
      changes = {
        ...photoColumns(original),
        original_key: null,
        original_thumb_key: null,
        cutout_state: null,
        cutout_token: null,
        cutout_error: null,
        cutout_updated_at: new Date().toISOString(),
        ...pending,
      };
    }
    // New pixels bring new colours, unless a person chose them (README, "Colours"): from the
    // cut-out when one is sent (its alpha leaves the background out), else from the new original.
    const sampled = cutout ?? newOriginal;
    const colours =
      sampled && before.colors_source !== 'user' ? colourNamesOfPixels(sampled.sample) : undefined;
    if (colours) changes = { ...changes, colors: coloursToText(colours), colors_source: 'auto' };
    // Deleted by another request while the photos were being processed.
    if (!(await updateItemRow(ctx.db, userId, id, changes))) throw new NotFoundError(NOT_FOUND);
    written.length = 0;

    // What the row no longer names: the old cut-out, and the old original when replaced.
    const shown = cutoutFilesOf(before);
    if (shown) await discardPhoto(ctx, shown);
    if (newOriginal) await discardPhoto(ctx, originalOf(before));
    if (before.cutout_state === 'pending' && before.cutout_token)
      await ctx.cutouts.queue.cancel(before.cutout_token).catch(() => undefined);
    await ctx.cache.invalidate(userId, { items: [id] });
    if (queued) await enqueueCutout(ctx, userId, id, queued);
    const patch = await photoPatch(ctx, userId, { ...before, ...changes } as ClothesRow);
    if (colours) patch.colors = colours.length > 0 ? colours : null;
    return patch;
  } finally {
    for (const photo of written) await discardPhoto(ctx, photo);
  }
}

/** The upright pixel size of a stored photo's display file. */
async function storedSize(
  ctx: ServiceContext,
  photo: StoredPhoto,
): Promise<{ width: number; height: number }> {
  const blob = await ctx.storage.get(photo.image);
  if (!blob)
    throw new ValidationError("The item's original photo is missing: send field image too.");
  const { photoSize } = await import('../photos/images.js');
  return photoSize(await readBlob(blob.body));
}

/** Delete an item with its calendar entries, the day stars on it and its places on canvases. */
export async function deleteItem(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  await deleteWardrobeEntry(ctx, 'clothes', userId, id, NOT_FOUND);
}
