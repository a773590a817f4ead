import { categoryFromWire, type Category, type WireCategory } from './categories.js';
import {
  DEFAULT_CURRENCY,
  DEFAULT_DATA_CONSENT,
  DEFAULT_LOCALE,
  DEFAULT_WEEK_START,
} from './schemas.js';
import { subcategoryNameKey } from './subcategory-names.js';
import type { ClothingItem, Settings, Subcategory } from './types.js';

/**
 * Subcategory edits on the profile (docs/design.md: add, rename, remove per category), as pure
 * updates of the settings. Names are trimmed; an empty or duplicate name (ignoring case) is refused
 * by returning the settings unchanged (the rule of subcategory-names.ts, which the server applies
 * to a settings update too).
 */

function hasName(list: readonly Subcategory[], name: string, exceptId?: string): boolean {
  const key = subcategoryNameKey(name);
  return list.some((s) => s.id !== exceptId && subcategoryNameKey(s.name) === key);
}

function withList(settings: Settings, category: Category, list: Subcategory[]): Settings {
  return { ...settings, subcategories: { ...settings.subcategories, [category]: list } };
}

export function addSubcategory(
  settings: Settings,
  category: Category,
  subcategory: Subcategory,
): Settings {
  const name = subcategory.name.trim();
  const list = settings.subcategories[category] ?? [];
  if (!name || hasName(list, name) || list.some((s) => s.id === subcategory.id)) return settings;
  return withList(settings, category, [...list, { id: subcategory.id, name }]);
}

export function renameSubcategory(
  settings: Settings,
  category: Category,
  id: string,
  newName: string,
): Settings {
  const name = newName.trim();
  const list = settings.subcategories[category] ?? [];
  if (!name || hasName(list, name, id) || !list.some((s) => s.id === id)) return settings;
  return withList(
    settings,
    category,
    list.map((s) => (s.id === id ? { ...s, name } : s)),
  );
}

export function removeSubcategory(settings: Settings, category: Category, id: string): Settings {
  const list = settings.subcategories[category] ?? [];
  if (!list.some((s) => s.id === id)) return settings;
  return withList(
    settings,
    category,
    list.filter((s) => s.id !== id),
  );
}

/**
 * Items whose subcategory must be emptied when a subcategory is removed: those of that category
 * using it (docs/spec.md §4).
 */
export function itemsUsingSubcategory(
  clothes: Readonly<Record<string, ClothingItem>>,
  category: Category,
  id: string,
): string[] {
  const out: string[] = [];
  for (const item of Object.values(clothes)) {
    if (item.category === category && item.subCategoryId === id) out.push(item.id);
  }
  return out;
}

/**
 * The user's subcategory `id` under `category` (either spelling of 'full body'), if it exists:
 * an item may only use one of these, and one that was removed no longer counts.
 */
export function findSubcategory(
  settings: Pick<Settings, 'subcategories'>,
  category: Category | WireCategory,
  id: string,
): Subcategory | undefined {
  return settings.subcategories[categoryFromWire(category)]?.find((s) => s.id === id);
}

export function hasSubcategory(
  settings: Pick<Settings, 'subcategories'>,
  category: Category | WireCategory,
  id: string,
): boolean {
  return findSubcategory(settings, category, id) !== undefined;
}

/** The subcategory's name for an item, if it has one that still exists. */
export function subcategoryName(item: ClothingItem, settings: Settings): string | undefined {
  if (!item.subCategoryId) return undefined;
  return findSubcategory(settings, item.category, item.subCategoryId)?.name;
}

/** Sentence case for values the domain spells in lower case ("in closet" -> "In closet"). */
export function displayLabel(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

/**
 * An item's name on its tile and in lists ("Uniqlo T-shirt", "Top"): the brand, then the
 * subcategory's name or else the category. The app's grids and the server-drawn first screen
 * (docs/first-screen.md) both read it.
 */
export function itemTileLabel(item: ClothingItem, settings: Settings): string {
  const kind = displayLabel(subcategoryName(item, settings) ?? item.category);
  const brand = item.brand?.trim();
  return brand ? `${brand} ${kind}` : kind;
}

/** Settings with every category present and the defaults of docs/spec.md §3. */
export function defaultSettings(): Settings {
  return {
    locale: DEFAULT_LOCALE,
    currency: DEFAULT_CURRENCY,
    weekStart: DEFAULT_WEEK_START,
    dataConsent: DEFAULT_DATA_CONSENT,
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
  };
}
