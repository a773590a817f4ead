import type { ClothingItem, Outfit, Settings, User, WardrobeData } from '@hanger/domain';
import { useSessionStore } from '../lib/stores/session-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';

export const settings: Settings = {
  locale: 'en',
  currency: 'USD',
  weekStart: 1,
  subcategories: {
    top: [],
    bottom: [],
    'full body': [],
    outerwear: [],
    shoes: [],
    bag: [],
    accessory: [],
    other: [],
  },
  dataConsent: true,
};

export const user: User = { uid: 'u1', displayName: 'Ada', email: 'ada@example.com', settings };

export function item(id: string, extra: Partial<ClothingItem> = {}): ClothingItem {
  return {
    id,
    image: `/media/${id}.webp`,
    category: 'top',
    dateCreated: '2024-01-01T09:00:00Z',
    ...extra,
  };
}

export function outfit(id: string, clothingIds: string[], extra: Partial<Outfit> = {}): Outfit {
  return {
    id,
    image: `/media/${id}.jpg`,
    dateCreated: '2024-01-02T09:00:00Z',
    canvasData: clothingIds.map((clothingId) => ({
      clothingId,
      x: 0,
      y: 0,
      scale: 1,
      rotation: 0,
    })),
    ...extra,
  };
}

/** The wardrobe holding these items, outfits and calendar days. */
export function wardrobeOf(
  clothes: ClothingItem[],
  outfits: Outfit[] = [],
  calendar: WardrobeData['calendar'] = {},
): WardrobeData {
  return {
    clothes: Object.fromEntries(clothes.map((c) => [c.id, c])),
    outfits: Object.fromEntries(outfits.map((o) => [o.id, o])),
    calendar,
  };
}

/** A signed-in user (the fixture's unless given) with this wardrobe, or none yet, in the stores. */
export function signedInWith(data: WardrobeData | null, who: User = user): void {
  useSessionStore.setState({ user: who, status: 'signedIn', syncing: false });
  useWardrobeStore.setState({ data, hydrated: true });
}
