import { openCache } from '../persistence/caches';
import { SHARE_CACHE } from './names';

/**
 * Photos shared to Hanger (Web Share Target) wait in Cache Storage between the service worker,
 * which receives the share, and the upload page, which adds them to its queue. Cache Storage works
 * in both places and survives the sign-in a signed-out visitor has to go through first.
 */

/** The manifest's share_target action, handled by the service worker. */
export const SHARE_TARGET_PATH = '/share-target';
/** The form field of the shared photos (manifest share_target.params.files). */
export const SHARE_TARGET_FIELD = 'photos';
/** Where the worker sends the browser after storing a share: the upload page, flagged. */
export const SHARE_REDIRECT = '/items/upload?shared=1';

const NAME_HEADER = 'x-hanger-file-name';
const KEY_PREFIX = '/__shared/';

/** Keeps shared image files until the upload page takes them; returns how many were kept. */
export async function storeSharedFiles(files: readonly File[], now = Date.now()): Promise<number> {
  const images = files.filter((file) => file.type.startsWith('image/') && file.size > 0);
  if (images.length === 0) return 0;
  const cache = await openCache(SHARE_CACHE);
  await Promise.all(
    images.map((file, index) =>
      cache.put(
        // Zero-padded so the keys sort in the order the files were shared.
        `${KEY_PREFIX}${now}-${String(index).padStart(4, '0')}`,
        new Response(file, {
          headers: {
            'content-type': file.type,
            [NAME_HEADER]: encodeURIComponent(file.name || `shared-${index + 1}`),
          },
        }),
      ),
    ),
  );
  return images.length;
}

/** Whether shared files are waiting (cheap: no bodies are read). */
export async function hasSharedFiles(): Promise<boolean> {
  if (!('caches' in globalThis) || !(await caches.has(SHARE_CACHE))) return false;
  const cache = await openCache(SHARE_CACHE);
  return (await cache.keys()).length > 0;
}

/** Takes the waiting shared files out of the store, in the order they were shared. */
export async function takeSharedFiles(): Promise<File[]> {
  if (!('caches' in globalThis) || !(await caches.has(SHARE_CACHE))) return [];
  const cache = await openCache(SHARE_CACHE);
  const requests = [...(await cache.keys())].sort((a, b) =>
    a.url < b.url ? -1 : a.url > b.url ? 1 : 0,
  );
  const files: File[] = [];
  for (const request of requests) {
    const response = await cache.match(request);
    await cache.delete(request);
    if (!response) continue;
    const blob = await response.blob();
    const type = response.headers.get('content-type') ?? blob.type;
    const name = decodeURIComponent(response.headers.get(NAME_HEADER) ?? 'shared-photo');
    files.push(new File([blob], name, { type }));
  }
  return files;
}
