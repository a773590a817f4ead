export const ITEM_STATUSES = ['clothes', 'archived', 'wishlist', 'loaned'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const OUTFIT_STATUSES = ['outfits', 'archived', 'wishlist'] as const;
export type OutfitStatus = (typeof OUTFIT_STATUSES)[number];

/** A missing item status counts as 'clothes' (docs/spec.md §3). */
export function itemStatus(status: ItemStatus | undefined | null | ''): ItemStatus {
  return status ? status : 'clothes';
}

/** A missing outfit status counts as 'outfits' (docs/spec.md §3). */
export function outfitStatus(status: OutfitStatus | undefined | null | ''): OutfitStatus {
  return status ? status : 'outfits';
}

const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  clothes: 'in closet',
  archived: 'archived',
  wishlist: 'wishlist',
  loaned: 'loaned',
};

/** User-facing label: 'clothes' (or no status) reads 'in closet'. */
export function itemStatusLabel(status: ItemStatus | undefined | null | ''): string {
  return ITEM_STATUS_LABELS[itemStatus(status)];
}

const OUTFIT_STATUS_LABELS: Record<OutfitStatus, string> = {
  outfits: 'in closet',
  archived: 'archived',
  wishlist: 'wishlist',
};

export function outfitStatusLabel(status: OutfitStatus | undefined | null | ''): string {
  return OUTFIT_STATUS_LABELS[outfitStatus(status)];
}

export function isItemStatus(value: unknown): value is ItemStatus {
  return typeof value === 'string' && (ITEM_STATUSES as readonly string[]).includes(value);
}

export function isOutfitStatus(value: unknown): value is OutfitStatus {
  return typeof value === 'string' && (OUTFIT_STATUSES as readonly string[]).includes(value);
}
