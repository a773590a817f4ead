import type { ServiceContext } from './context.js';
import { discardPhotos } from './context.js';

export interface StoredPhoto {
  display: string;
  thumb: string;
}

/**
 * Check, re-encode (rotated, metadata stripped) and store one uploaded photo in both sizes. The
 * caller must either reference the keys in a committed row or hand them to `discardPhotos`.
 */
export async function storePhoto(
  ctx: ServiceContext,
  userId: string,
  bytes: Buffer,
): Promise<StoredPhoto> {
  // The image library (libvips) loads with the first upload, not at start-up.
  const { processImage, storageKeys } = await import('../storage/images.js');
  const image = await processImage(bytes, {});
  const { display, thumbnail } = storageKeys(userId);
  const keys = { display, thumb: thumbnail };
  const results = await Promise.allSettled([
    ctx.storage.put(keys.display, image.display, image.contentType),
    ctx.storage.put(keys.thumb, image.thumbnail, image.contentType),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await discardPhotos(ctx, [keys.display, keys.thumb]);
    throw failed.reason;
  }
  return keys;
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
    await discardPhotos(ctx, [photo.display, photo.thumb]);
    throw err;
  }
}
