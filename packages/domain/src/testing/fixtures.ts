import type { Category } from '../categories.js';
import type {
  CalendarEntry,
  ClothingItem,
  Outfit,
  Settings,
  Subcategory,
  WardrobeData,
} from '../types.js';
import { defaultSettings } from '../subcategories.js';

/** Small builders for tests: records with only what a test cares about spelled out. */

export function item(id: string, fields: Partial<ClothingItem> = {}): ClothingItem {
  return {
    id,
    image: `/media/${id}.webp`,
    category: 'top',
    dateCreated: '2024-01-01T12:00:00.000Z',
    ...fields,
  };
}

export function outfit(id: string, itemIds: string[], fields: Partial<Outfit> = {}): Outfit {
  return {
    id,
    image: `/media/${id}.jpg`,
    dateCreated: '2024-01-01T12:00:00.000Z',
    canvasData: itemIds.map((clothingId, i) => ({
      clothingId,
      x: i * 10,
      y: i * 10,
      scale: 1,
      rotation: 0,
    })),
    ...fields,
  };
}

export function day(
  clothes: string[] = [],
  outfits: string[] = [],
  displayItem?: string,
): CalendarEntry {
  return displayItem === undefined ? { clothes, outfits } : { clothes, outfits, displayItem };
}

export function wardrobe(
  clothes: ClothingItem[],
  outfits: Outfit[] = [],
  calendar: Record<string, CalendarEntry> = {},
): WardrobeData {
  return {
    clothes: Object.fromEntries(clothes.map((c) => [c.id, c])),
    outfits: Object.fromEntries(outfits.map((o) => [o.id, o])),
    calendar,
  };
}

export function settings(fields: Partial<Settings> = {}): Settings {
  return { ...defaultSettings(), ...fields };
}

export const TEE: Subcategory = { id: 'tee', name: 'T-shirt' };
export const SHIRT: Subcategory = { id: 'shirt', name: 'Shirt' };

/** Default settings but for one category's subcategories, e.g. tops filed as TEE and SHIRT. */
export function settingsWithSubs(category: Category, subs: Subcategory[]): Settings {
  return settings({ subcategories: { ...defaultSettings().subcategories, [category]: subs } });
}

/** Local time, so the wear-day rule reads the hour the test names. */
export function at(dayKey: string, hour = 12, minute = 0): Date {
  const [y, m, d] = dayKey.split('-').map(Number);
  return new Date(y!, m! - 1, d!, hour, minute);
}
