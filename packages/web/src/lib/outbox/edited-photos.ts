import type { ClothingItem } from '@hanger/domain';

/**
 * An item with an edited photo and/or cut-out shown (docs/cutouts.md): a cut-out is what the item
 * shows, over its original; a new photo alone replaces both, its cut-out dropped.
 */
export function withEditedPhotos(
  item: ClothingItem,
  photo: string | undefined,
  cutout: string | undefined,
): ClothingItem {
  if (cutout) {
    const original = photo ?? item.original;
    return {
      ...item,
      image: cutout,
      thumbnail: cutout,
      cutout: 'done',
      ...(original ? { original } : {}),
    };
  }
  if (!photo) return item;
  const { cutout: _cutout, original: _original, ...rest } = item;
  return { ...rest, image: photo, thumbnail: photo };
}
