import {
  addSubcategory,
  itemsUsingSubcategory,
  removeSubcategory,
  renameSubcategory,
  type Category,
  type ClothingItem,
  type Settings,
} from '@hanger/domain';
import { useSessionStore } from './session-store';
import { saveSettings } from './settings-actions';
import { loadWardrobe } from './wardrobe-load';
import { useWardrobeStore } from './wardrobe-store';

/**
 * Settings changes made on the profile that reach beyond the settings themselves: a new currency
 * re-converts every price (the server does it; the wardrobe is then read again), and a removed
 * subcategory is cleared on the items that used it (docs/spec.md §4; the server does it too).
 */

function currentSettings(): Settings | null {
  return useSessionStore.getState().user?.settings ?? null;
}

/** Saves settings with some fields changed ('Settings Saved' / 'Failed to Save Settings'). */
export async function updateSettings(changes: Partial<Settings>): Promise<boolean> {
  const settings = currentSettings();
  if (!settings) return false;
  const next = { ...settings, ...changes };
  // Clearing the tracking start date removes the key rather than storing undefined.
  if ('trackingStartDate' in changes && changes.trackingStartDate === undefined)
    delete next.trackingStartDate;
  return saveSettings(next);
}

function withoutConversions(item: ClothingItem): ClothingItem {
  if (item.convertedPrice === undefined && item.convertedSoldPrice === undefined) return item;
  const { convertedPrice: _price, convertedSoldPrice: _sold, ...rest } = item;
  return rest;
}

/**
 * A new display currency. Converted prices held locally were in the old currency, so they are
 * dropped at once (screens fall back to the bundled rates), then the server's re-converted
 * prices are read with the wardrobe.
 */
export async function changeCurrency(currency: string): Promise<boolean> {
  const settings = currentSettings();
  if (!settings || settings.currency === currency) return false;
  useWardrobeStore.getState().update((d) => {
    const clothes: Record<string, ClothingItem> = {};
    for (const [id, item] of Object.entries(d.clothes)) clothes[id] = withoutConversions(item);
    return { ...d, clothes };
  });
  const saved = await saveSettings({ ...settings, currency });
  if (saved) await loadWardrobe({ quiet: true });
  return saved;
}

export type SubcategoryEditResult = 'saved' | 'failed' | 'invalid';

/** Whether a name can be added to a category now (not blank, not already used there). */
export function canAddSubcategory(category: Category, name: string): boolean {
  const settings = currentSettings();
  return (
    settings !== null && addSubcategory(settings, category, { id: 'check', name }) !== settings
  );
}

/** Whether a subcategory can take this name (not blank, not another's in its category). */
export function canRenameSubcategory(category: Category, id: string, name: string): boolean {
  const settings = currentSettings();
  return settings !== null && renameSubcategory(settings, category, id, name) !== settings;
}

/** Adds a subcategory; 'invalid' when the name is blank or already used in that category. */
export async function addSubcategoryNamed(
  category: Category,
  name: string,
): Promise<SubcategoryEditResult> {
  const settings = currentSettings();
  if (!settings) return 'failed';
  const next = addSubcategory(settings, category, { id: crypto.randomUUID(), name });
  if (next === settings) return 'invalid';
  return (await saveSettings(next)) ? 'saved' : 'failed';
}

export async function renameSubcategoryTo(
  category: Category,
  id: string,
  name: string,
): Promise<SubcategoryEditResult> {
  const settings = currentSettings();
  if (!settings) return 'failed';
  const next = renameSubcategory(settings, category, id, name);
  if (next === settings) return 'invalid';
  return (await saveSettings(next)) ? 'saved' : 'failed';
}

/** Removes a subcategory and, locally at once, empties it on every item of that category using it. */
export async function removeSubcategoryEverywhere(
  category: Category,
  id: string,
): Promise<boolean> {
  const settings = currentSettings();
  if (!settings) return false;
  const next = removeSubcategory(settings, category, id);
  if (next === settings) return false;
  useWardrobeStore.getState().update((d) => {
    const ids = itemsUsingSubcategory(d.clothes, category, id);
    if (ids.length === 0) return d;
    const clothes = { ...d.clothes };
    for (const itemId of ids) {
      const { subCategoryId: _removed, ...rest } = clothes[itemId]!;
      clothes[itemId] = rest;
    }
    return { ...d, clothes };
  });
  return saveSettings(next);
}

/** How many items use a subcategory: the remove confirmation says what it will change. */
export function countItemsUsingSubcategory(category: Category, id: string): number {
  const clothes = useWardrobeStore.getState().data?.clothes ?? {};
  return itemsUsingSubcategory(clothes, category, id).length;
}
