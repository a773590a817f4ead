import type { PixelSample } from '@hanger/domain';
import type { ClothesRow } from '../db/schema.js';
import type { PhotoFiles, PhotoOwner } from '../photos/images.js';
import type { PhotoSlot } from '../photos/photo-slots.js';
import { mediaUrl } from '../storage/signed-url.js';
import type { ServiceContext } from './context.js';

/** The storage keys of one photo's two files. */
export type StoredPhoto = PhotoFiles<string>;

/** A photo just stored, with the small sample its colours are read from (photos/colours.ts). */
export type StoredUpload = StoredPhoto & { sample: PixelSample };

/**
 * The columns of an item or outfit row that hold its photo's keys. They keep the names of the
 * first migration: renaming them would take a migration on every install for no user-visible gain,
 * so this pair of functions is the one place where `thumb_key` and `thumbnail` meet.
 */
export type PhotoColumns = Pick<ClothesRow, 'image_key' | 'thumb_key'>;

export function photoOf(row: PhotoColumns): StoredPhoto {
  return { image: row.image_key, thumbnail: row.thumb_key };
}

export function photoColumns(photo: StoredPhoto): PhotoColumns {
  return { image_key: photo.image, thumb_key: photo.thumbnail };
}

/**
 * The links an answer gives for a stored photo, under its owner's media capability
 * (`ctx.media.capabilityFor(userId)`: one per user and window, shared by all their photos).
 */
export function photoUrls(capability: string, photo: StoredPhoto): PhotoFiles<string> {
  return {
    image: mediaUrl(capability, photo.image),
    thumbnail: mediaUrl(capability, photo.thumbnail),
  };
}

/**
 * Remove a photo that no row references any more; a failure leaves a file behind, never a broken
 * row.
 */
export async function discardPhoto(ctx: ServiceContext, photo: StoredPhoto): Promise<void> {
  const keys = [photo.image, photo.thumbnail];
  try {
    await ctx.storage.delete(keys);
  } catch (err) {
    ctx.log.error({ err, keys }, 'could not delete photos');
  }
}

/**
 * Check, re-encode (rotated, metadata stripped) and store one uploaded photo in both sizes, under
 * keys named after `record` (the item or outfit it will belong to: images.ts `storageKeys`). The
 * caller must either reference the keys in a committed row or hand them to `discardPhoto`.
 */
export async function storePhoto(
  ctx: ServiceContext,
  userId: string,
  bytes: Buffer,
  record?: PhotoOwner,
): Promise<StoredUpload> {
  // The image library (libvips) loads with the first upload, not at start-up.
  const { processImage, storageKeys } = await import('../photos/images.js');
  const files = await processImage(bytes, {});
  const keys = storageKeys(userId, record);
  const results = await Promise.allSettled([
    ctx.storage.put(keys.image, files.image, files.contentType),
    ctx.storage.put(keys.thumbnail, files.thumbnail, files.contentType),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await discardPhoto(ctx, keys);
    throw failed.reason;
  }
  return { ...keys, sample: files.sample };
}

export interface ImportedPhotoOptions {
  /**
   * Keep a display photo Hanger's own encoder wrote, after a full decode (images.ts
   * keepOwnPhoto); false re-encodes every photo (IMPORT_KEEP_OWN_PHOTOS=off).
   */
  keepOwn: boolean;
  /** Where the keep check's decode runs (the import's pool, photo-slots.ts importPhotoSlots). */
  slot?: PhotoSlot;
}

/**
 * One photo of an imported export, stored as storePhoto stores an upload, except that a display
 * photo Hanger itself wrote is kept after a full decode check instead of re-encoded
 * (docs/import-photos.md). Answers its keys and whether it was kept.
 */
export async function storeImportedPhoto(
  ctx: ServiceContext,
  userId: string,
  bytes: Buffer,
  record: PhotoOwner,
  options: ImportedPhotoOptions,
): Promise<StoredPhoto & { kept: boolean }> {
  const { keepOwnPhoto, processImage, storageKeys } = await import('../photos/images.js');
  const kept = options.keepOwn ? await keepOwnPhoto(bytes, undefined, options.slot) : null;
  const files = kept ?? (await processImage(bytes, {}));
  const keys = storageKeys(userId, record);
  const results = await Promise.allSettled([
    ctx.storage.put(keys.image, files.image, files.contentType),
    ctx.storage.put(keys.thumbnail, files.thumbnail, files.contentType),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await discardPhoto(ctx, keys);
    throw failed.reason;
  }
  return { ...keys, kept: kept !== null };
}

/**
 * Run `commit` (which stores the keys in the database); if it fails, the new photo is removed so
 * that no file outlives a failed request.
 */
export async function withPhoto<T>(
  ctx: ServiceContext,
  photo: StoredPhoto,
  commit: () => Promise<T>,
): Promise<T> {
  try {
    return await commit();
  } catch (err) {
    await discardPhoto(ctx, photo);
    throw err;
  }
}
