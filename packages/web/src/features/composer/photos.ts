import type { ClothingItem } from '@hanger/domain';

/**
 * Item photos for the canvas. They load with crossOrigin 'anonymous' (docs/spec.md §7) so the
 * canvas is never tainted and can still be exported to a JPEG, also when photos come from another
 * origin (S3 presigned URLs): the storage must answer with CORS headers, which it does for GETs.
 */

export interface LoadedPhoto {
  image: HTMLImageElement;
  width: number;
  height: number;
}

export function loadPhoto(src: string): Promise<LoadedPhoto> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0) {
        resolve({ image, width: image.naturalWidth, height: image.naturalHeight });
      } else reject(new Error(`Empty image: ${src}`));
    };
    image.onerror = () => reject(new Error(`Image failed to load: ${src}`));
    image.src = src;
  });
}

/** The photo the canvas draws: the full display image, not the grid thumbnail. */
export function canvasPhotoSrc(item: Pick<ClothingItem, 'image'>): string {
  return item.image;
}

/**
 * Photos of several items, loaded side by side. Each photo is loaded once per composer: the
 * cache keeps the promise, so asking again (undo brings an item back) costs nothing.
 */
export class PhotoCache {
  private readonly photos = new Map<string, Promise<LoadedPhoto>>();
  private readonly ready = new Map<string, LoadedPhoto>();

  get(id: string): LoadedPhoto | undefined {
    return this.ready.get(id);
  }

  load(id: string, src: string): Promise<LoadedPhoto> {
    let pending = this.photos.get(id);
    if (!pending) {
      pending = loadPhoto(src).then(
        (photo) => {
          this.ready.set(id, photo);
          return photo;
        },
        (err: unknown) => {
          // A failed photo may load on a later try (the network came back).
          this.photos.delete(id);
          throw err;
        },
      );
      this.photos.set(id, pending);
    }
    return pending;
  }

  /** Loads every item's photo; answers the loaded ones and the ids that failed, in input order. */
  async loadAll(
    items: readonly Pick<ClothingItem, 'id' | 'image'>[],
  ): Promise<{ loaded: Map<string, LoadedPhoto>; failed: string[] }> {
    const results = await Promise.allSettled(items.map((i) => this.load(i.id, canvasPhotoSrc(i))));
    const loaded = new Map<string, LoadedPhoto>();
    const failed: string[] = [];
    results.forEach((r, n) => {
      const id = items[n]!.id;
      if (r.status === 'fulfilled') loaded.set(id, r.value);
      else {
        console.error('Hanger: item photo did not load; the item is not added', r.reason);
        failed.push(id);
      }
    });
    return { loaded, failed };
  }
}
